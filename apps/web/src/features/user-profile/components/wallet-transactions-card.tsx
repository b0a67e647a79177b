import {
  PROFILE_WALLET_TX_PAGE_SIZE,
  TRANSACTION_STATE_LABELS,
  type ProfileWalletTransaction,
  shortAddress,
} from '@vaultdesk/contract';
import { useUserWalletTransactions } from '../api/get-user-wallet-transactions';
import { useSwitchWalletRecord } from '../api/switch-wallet-record';
import { hiddenTag, TransactionsCard } from './transactions-card';
import { amountColumn } from '../../../components/columns';
import { Typography } from '../../../components/typography';

const address = (a: string | null) => <Typography.Text title={a ?? ''}>{shortAddress(a)}</Typography.Text>;

export const WalletTransactionsCard = ({
  userId,
  page,
  onPage,
}: {
  userId: string;
  page: number;
  onPage: (p: number) => void;
}) => {
  const { data, isFetching } = useUserWalletTransactions(userId, page);
  const toggle = useSwitchWalletRecord(userId);
  return (
    <TransactionsCard<ProfileWalletTransaction>
      title="Recent wallet transactions"
      testId="wallet-transactions"
      data={data}
      loading={isFetching}
      page={page}
      pageSize={PROFILE_WALLET_TX_PAGE_SIZE}
      onPage={onPage}
      toggle={toggle}
      columns={[
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
      ]}
    />
  );
};
