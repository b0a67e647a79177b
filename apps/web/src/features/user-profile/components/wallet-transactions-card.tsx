import {
  PROFILE_WALLET_TX_PAGE_SIZE,
  TRANSACTION_STATE_LABELS,
  type ProfileWalletTransaction,
  shortAddress,
} from '@vaultdesk/contract';
import { useUserWalletTransactions } from '../api/get-user-wallet-transactions';
import { useSwitchWalletRecord } from '../api/switch-wallet-record';
import { hiddenTag, userTransactionsCard } from './transactions-card';
import { amountColumn, txHashLink } from '../../../components/columns';
import { Typography } from '../../../components/typography';

const address = (a: string | null) => <Typography.Text title={a ?? ''}>{shortAddress(a)}</Typography.Text>;

export const WalletTransactionsCard = userTransactionsCard<ProfileWalletTransaction>({
  title: 'Recent wallet transactions',
  testId: 'wallet-transactions',
  pageSize: PROFILE_WALLET_TX_PAGE_SIZE,
  useRecords: useUserWalletTransactions,
  useToggle: useSwitchWalletRecord,
  columns: [
    {
      title: 'Type',
      dataIndex: 'typeOfTransaction',
      render: (t: string, r) => (
        <>
          {t} {hiddenTag(r.isActive)}
        </>
      ),
    },
    { title: 'State', dataIndex: 'transactionState', render: (s: number) => TRANSACTION_STATE_LABELS[s] ?? s },
    amountColumn('Amount', 'amount'),
    amountColumn('Final amount', 'finalAmount'),
    { title: 'Currency', dataIndex: 'currency' },
    { title: 'Description', dataIndex: 'description', ellipsis: true },
    { title: 'From', dataIndex: 'fromAddress', render: address },
    { title: 'To', dataIndex: 'toAddress', render: address },
    {
      title: 'Hash',
      dataIndex: 'txnHash',
      // A deposit the chain watcher credited also says how deep its block now is.
      render: (h: string | null, r) => (
        <>
          {txHashLink(h)}
          {r.confirmations !== null && (
            <Typography.Text type="secondary"> ({r.confirmations} confirmations)</Typography.Text>
          )}
        </>
      ),
    },
  ],
});
