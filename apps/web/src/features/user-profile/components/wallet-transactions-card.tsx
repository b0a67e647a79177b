import { App, Card, Switch, Table, Tag, Typography } from 'antd';
import { PROFILE_WALLET_TX_PAGE_SIZE, TRANSACTION_STATE_LABELS, type ProfileWalletTransaction, explorerTxUrl, NO_VALUE, formatAmount, shortAddress } from '@vaultdesk/contract';
import { useUserWalletTransactions } from '../api/get-user-wallet-transactions';
import { useSwitchWalletRecord } from '../api/switch-wallet-record';
import { formatDate } from '../format';

export const RecordStatusSwitch = ({ isActive, onToggle, loading }: { isActive: boolean; onToggle: () => Promise<unknown>; loading: boolean }) => {
  const { message } = App.useApp();
  return (
    <Switch
      size="small"
      checked={isActive}
      loading={loading}
      aria-label={isActive ? 'Hide record' : 'Show record'}
      onChange={() =>
        void onToggle().then(
          () => void message.success('status updated'),
          () => void message.error('update failed'),
        )}
    />
  );
};

export const hiddenTag = (isActive: boolean) => (isActive ? null : <Tag color="default" data-testid="hidden-record">hidden</Tag>);

export const WalletTransactionsCard = ({ userId, page, onPage }: { userId: string; page: number; onPage: (p: number) => void }) => {
  const { data, isFetching } = useUserWalletTransactions(userId, page);
  const toggle = useSwitchWalletRecord(userId);
  return (
    <Card title="Recent wallet transactions">
      <Table<ProfileWalletTransaction>
        size="small"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        data-testid="wallet-transactions"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: data?.currentPage ?? page,
          pageSize: PROFILE_WALLET_TX_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: onPage,
        }}
        rowClassName={(r) => (r.isActive ? '' : 'record-hidden')}
        columns={[
          { title: 'Date', dataIndex: 'createdAt', render: formatDate },
          { title: 'Type', dataIndex: 'typeOfTransaction', render: (t: string, r) => <>{t} {hiddenTag(r.isActive)}</> },
          { title: 'State', dataIndex: 'transactionState', render: (s: number) => TRANSACTION_STATE_LABELS[s] ?? s },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: string) => formatAmount(v) },
          { title: 'Final amount', dataIndex: 'finalAmount', align: 'right', render: (v: string) => formatAmount(v) },
          { title: 'Currency', dataIndex: 'currency' },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          {
            title: 'Hash',
            dataIndex: 'txnHash',
            render: (h: string | null) => (h ? <a href={explorerTxUrl(h)} target="_blank" rel="noreferrer">{shortAddress(h)}</a> : NO_VALUE),
          },
          { title: 'From', dataIndex: 'fromAddress', render: (a: string | null) => <Typography.Text title={a ?? ''}>{shortAddress(a)}</Typography.Text> },
          { title: 'To', dataIndex: 'toAddress', render: (a: string | null) => <Typography.Text title={a ?? ''}>{shortAddress(a)}</Typography.Text> },
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
