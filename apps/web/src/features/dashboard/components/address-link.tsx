import { explorerAddressUrl, shortAddress } from '@vaultdesk/contract';
import { Typography } from '../../../components/typography';

export const AddressLink = ({ address }: { address: string }) => (
  <Typography.Link href={explorerAddressUrl(address)} target="_blank" rel="noopener noreferrer" title={address}>
    {shortAddress(address)}
  </Typography.Link>
);
