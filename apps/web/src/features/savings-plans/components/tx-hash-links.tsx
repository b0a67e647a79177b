import { Space, Typography } from 'antd';
import { explorerTxUrl } from '@vaultdesk/contract';
import { shorten } from '../format';

export const TxHashLink = ({ hash }: { hash: string }) => (
  <Typography.Link href={explorerTxUrl(hash)} target="_blank" rel="noreferrer" title={hash} data-testid="tx-hash-link">
    {shorten(hash)}
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
