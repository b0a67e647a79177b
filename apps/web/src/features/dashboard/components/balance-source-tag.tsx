import { Tag } from 'antd';
import { formatDateTimeInZone } from '../../../components/date-time';
import type { CustodialWallet } from '@vaultdesk/contract';

/** Says where a custodial balance comes from, so nobody takes an old snapshot for the live figure. */
export const BalanceSourceTag = ({ wallet }: { wallet: Pick<CustodialWallet, 'source' | 'readAt'> }) => {
  if (wallet.source === 'chain') return <Tag color="green">Live from chain</Tag>;
  if (!wallet.readAt) return <Tag>Not read yet</Tag>;
  // The staff member's time for reading; the exact UTC instant on hover.
  return (
    <Tag color="gold" title={wallet.readAt}>
      Snapshot of {formatDateTimeInZone(wallet.readAt)}
    </Tag>
  );
};
