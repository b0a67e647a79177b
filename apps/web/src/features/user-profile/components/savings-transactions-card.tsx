import {
  PROFILE_SAVINGS_TX_PAGE_SIZE,
  TRANSACTION_STATE_LABELS,
  type ProfileSavingsTransaction,
} from '@vaultdesk/contract';
import { useUserSavingsTransactions } from '../api/get-user-savings-transactions';
import { useSwitchSavingsRecord } from '../api/switch-savings-record';
import { hiddenTag, userTransactionsCard } from './transactions-card';
import { amountColumn } from '../../../components/columns';

export const SavingsTransactionsCard = userTransactionsCard<ProfileSavingsTransaction>({
  title: 'Savings transactions',
  testId: 'savings-transactions',
  pageSize: PROFILE_SAVINGS_TX_PAGE_SIZE,
  useRecords: useUserSavingsTransactions,
  useToggle: useSwitchSavingsRecord,
  columns: [
    {
      title: 'State',
      dataIndex: 'transactionState',
      render: (s: number, r) => (
        <>
          {TRANSACTION_STATE_LABELS[s] ?? s} {hiddenTag(r.isActive)}
        </>
      ),
    },
    amountColumn('Amount', 'amount'),
    { title: 'Currency', dataIndex: 'currency' },
    { title: 'Network', dataIndex: 'network' },
    { title: 'Description', dataIndex: 'description', ellipsis: true },
  ],
});
