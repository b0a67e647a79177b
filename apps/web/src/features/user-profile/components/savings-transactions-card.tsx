import {
  PROFILE_SAVINGS_TX_PAGE_SIZE,
  TRANSACTION_STATE_LABELS,
  type ProfileSavingsTransaction,
} from '@vaultdesk/contract';
import { useUserSavingsTransactions } from '../api/get-user-savings-transactions';
import { useSwitchSavingsRecord } from '../api/switch-savings-record';
import { hiddenTag, TransactionsCard } from './transactions-card';
import { amountColumn } from '../../../components/columns';

export const SavingsTransactionsCard = ({
  userId,
  page,
  onPage,
}: {
  userId: string;
  page: number;
  onPage: (p: number) => void;
}) => {
  const { data, isFetching } = useUserSavingsTransactions(userId, page);
  const toggle = useSwitchSavingsRecord(userId);
  return (
    <TransactionsCard<ProfileSavingsTransaction>
      title="Savings transactions"
      testId="savings-transactions"
      data={data}
      loading={isFetching}
      page={page}
      pageSize={PROFILE_SAVINGS_TX_PAGE_SIZE}
      onPage={onPage}
      toggle={toggle}
      columns={[
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
      ]}
    />
  );
};
