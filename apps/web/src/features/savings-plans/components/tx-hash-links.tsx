import { Space } from 'antd';
import { explorerTxUrl, shortAddress } from '@vaultdesk/contract';
import { Typography } from '../../../components/typography';

export const TxHashLink = ({ hash }: { hash: string }) => (
  <Typography.Link href={explorerTxUrl(hash)} target="_blank" rel="noreferrer" title={hash} data-testid="tx-hash-link">
    {shortAddress(hash)}
  </Typography.Link>
);

export const TxHashLinks = ({ hashes }: { hashes: string[] }) =>
  hashes.length ? (
    <Space wrap size={[12, 4]}>
      {hashes.map((h) => (
        <TxHashLink key={h} hash={h} />
      ))}
    </Space>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
