import { Typography } from 'antd';
import { explorerAddressUrl, shortAddress } from '@vaultdesk/contract';

export const AddressLink = ({ address }: { address: string }) => (
  <Typography.Link href={explorerAddressUrl(address)} target="_blank" rel="noopener noreferrer" title={address}>
    {shortAddress(address)}
  </Typography.Link>
);
