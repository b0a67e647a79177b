import { Card, Table } from 'antd';
import type { CustodialWallet } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { LoadErrorResult } from '../../../components/status-results';
import { formatAmount } from '@vaultdesk/contract';
import { AddressLink } from './address-link';
import { BalanceSourceTag } from './balance-source-tag';

const amount = (v: string | null) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatAmount(v)}</span>;

const COLUMNS = [
  { title: 'Wallet', dataIndex: 'label', key: 'label' },
  { title: 'Address', dataIndex: 'address', key: 'address', render: (a: string) => <AddressLink address={a} /> },
  { title: 'BNB', dataIndex: 'BNB', key: 'BNB', align: 'right' as const, render: amount },
  { title: 'BUSD', dataIndex: 'BUSD', key: 'BUSD', align: 'right' as const, render: amount },
  { title: 'VLT', dataIndex: 'VLT', key: 'VLT', align: 'right' as const, render: amount },
  { title: 'xBUSD', dataIndex: 'xBUSD', key: 'xBUSD', align: 'right' as const, render: amount },
  { title: 'Balances', key: 'source', render: (_: unknown, w: CustodialWallet) => <BalanceSourceTag wallet={w} /> },
];

/** The company's wallets except the referral-payout account, which has its own card. */
export const CustodialWalletsCard = ({
  wallets, loading, error, onRetry,
}: { wallets?: CustodialWallet[]; loading: boolean; error: Error | null; onRetry: () => void }) => (
  <Card title="Custodial wallets" data-testid="custodial-wallets">
    {error ? (
      <LoadErrorResult message={errorMessage(error)} onRetry={onRetry} />
    ) : (
      <Table<CustodialWallet>
        rowKey="address"
        size="small"
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={COLUMNS}
        dataSource={wallets?.filter((w) => w.purpose !== 'referralPayout')}
      />
    )}
  </Card>
);
