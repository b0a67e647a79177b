import type { CustodialWallet } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { PlainTable, type PlainColumn } from '../../../components/plain-table';
import { LoadErrorResult } from '../../../components/status-results';
import { formatAmount } from '@vaultdesk/contract';
import { AddressLink } from './address-link';
import { BalanceSourceTag } from './balance-source-tag';
import { Card } from '../../../components/light-card';

const amount = (v: string | null) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatAmount(v)}</span>;
const CURRENCIES = ['BNB', 'BUSD', 'VLT', 'xBUSD'] as const;

// A few fixed rows: the light table keeps Ant Design's Table (about 80 KB) off the dashboard.
const COLUMNS: PlainColumn<CustodialWallet>[] = [
  { title: 'Wallet', key: 'label', render: (w) => w.label },
  { title: 'Address', key: 'address', render: (w) => <AddressLink address={w.address} /> },
  ...CURRENCIES.map((c) => ({
    title: c,
    key: c,
    align: 'right' as const,
    render: (w: CustodialWallet) => amount(w[c]),
  })),
  { title: 'Balances', key: 'source', render: (w) => <BalanceSourceTag wallet={w} /> },
];

/** The company's wallets except the referral-payout account, which has its own card. */
export const CustodialWalletsCard = ({
  wallets,
  loading,
  error,
  onRetry,
}: {
  wallets?: CustodialWallet[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}) => (
  <Card title="Custodial wallets" data-testid="custodial-wallets">
    {error ? (
      <LoadErrorResult message={errorMessage(error)} onRetry={onRetry} />
    ) : (
      <PlainTable
        rowKey={(w) => w.address}
        loading={loading}
        columns={COLUMNS}
        rows={wallets?.filter((w) => w.purpose !== 'referralPayout')}
      />
    )}
  </Card>
);
