import { Card, Table } from 'antd';
import { PROFILE_SAVINGS_TX_PAGE_SIZE, TRANSACTION_STATE_LABELS, type ProfileSavingsTransaction, explorerTxUrl, NO_VALUE, formatAmount, shortAddress } from '@vaultdesk/contract';
import { useUserSavingsTransactions } from '../api/get-user-savings-transactions';
import { useSwitchSavingsRecord } from '../api/switch-savings-record';
import { formatDate } from '../format';
import { hiddenTag, RecordStatusSwitch } from './wallet-transactions-card';

export const SavingsTransactionsCard = ({ userId, page, onPage }: { userId: string; page: number; onPage: (p: number) => void }) => {
  const { data, isFetching } = useUserSavingsTransactions(userId, page);
  const toggle = useSwitchSavingsRecord(userId);
  return (
    <Card title="Savings transactions">
      <Table<ProfileSavingsTransaction>
        size="small"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        data-testid="savings-transactions"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: data?.currentPage ?? page,
          pageSize: PROFILE_SAVINGS_TX_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: onPage,
        }}
        columns={[
          { title: 'Date', dataIndex: 'createdAt', render: formatDate },
          { title: 'State', dataIndex: 'transactionState', render: (s: number, r) => <>{TRANSACTION_STATE_LABELS[s] ?? s} {hiddenTag(r.isActive)}</> },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: string) => formatAmount(v) },
          { title: 'Currency', dataIndex: 'currency' },
          { title: 'Network', dataIndex: 'network' },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          {
            title: 'Hash',
            dataIndex: 'txnHash',
            render: (h: string | null) => (h ? <a href={explorerTxUrl(h)} target="_blank" rel="noreferrer">{shortAddress(h)}</a> : NO_VALUE),
          },
          {
            title: 'Status',
            key: 'status',
            fixed: 'right',
            render: (_: unknown, r) => (
              <RecordStatusSwitch
                isActive={r.isActive}
                loading={toggle.isPending && toggle.variables === r._id}
                onToggle={() => toggle.mutateAsync(r._id)}
              />
            ),
          },
        ]}
      />
    </Card>
  );
};
