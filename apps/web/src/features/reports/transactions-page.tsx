import { Alert, Flex, Tag } from 'antd';
import { Link } from 'react-router';
import {
  TRANSACTION_STATES,
  type GroupedTransaction,
  type ReportTransaction,
  type TransactionType,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { useTransactions } from './api/get-transactions';
import { useTransactionsGroup } from './api/get-transactions-group';
import { ReportDateRange } from './components/report-date-range';
import { reportPagination } from './components/total-line';
import { useReportParams, type ReportParams } from './use-report-params';
import { DataTable, type DataColumns } from '../../components/data-table';
import { amountColumn, txHashLink } from '../../components/columns';
import { TabbedPage } from '../../components/tabbed-page';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { Select } from '../../components/lazy-select';

const TABS = ['savings', 'wallet', 'per-user'] as const;
const STATE_OPTIONS = TRANSACTION_STATES.map((s) => ({ value: s.code, label: `${s.code} ${s.label}` }));
const stateLabel = (code: number) => TRANSACTION_STATES[code]?.label ?? String(code);
const when = (iso: string) => formatDateTime(iso, { seconds: true });

const txColumns: DataColumns<ReportTransaction> = [
  { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: when, width: 170 },
  {
    title: 'Username',
    key: 'username',
    render: (_, r) => <Link to={`/user-profile/${r.userId._id}`}>{r.userId.username}</Link>,
  },
  { title: 'Email', key: 'email', render: (_, r) => r.userId.email },
  amountColumn('Amount', 'amount'),
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  { title: 'Network', dataIndex: 'network', key: 'network' },
  { title: 'State', dataIndex: 'transactionState', key: 'state', render: (v: number) => <Tag>{stateLabel(v)}</Tag> },
  { title: 'Hash', dataIndex: 'txnHash', key: 'hash', render: txHashLink },
  {
    title: 'Visible',
    dataIndex: 'isActive',
    key: 'isActive',
    render: (v: boolean) => (v ? 'Yes' : <Tag color="default">Hidden</Tag>),
  },
];

const groupColumns: DataColumns<GroupedTransaction> = [
  {
    title: 'Username',
    dataIndex: 'username',
    key: 'username',
    render: (v: string, r) => <Link to={`/user-profile/${r._id}`}>{v}</Link>,
  },
  { title: 'Email', dataIndex: 'email', key: 'email' },
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  { title: 'Transaction Count', dataIndex: 'transactionCount', key: 'transactionCount', align: 'right' },
  amountColumn('Total Transaction Amount', 'totalTransactionAmount', 'total'),
];

type FilterProps = {
  state: ReportParams;
  update: (patch: Partial<ReportParams>) => void;
  exportPath: string;
  exportQuery: Record<string, string | number | undefined>;
  fileName: string;
};

const Filters = ({ state, update, exportPath, exportQuery, fileName }: FilterProps) => (
  <Flex gap={16} wrap align="center">
    <ReportDateRange start={state.start} end={state.end} onChange={(r) => update({ ...r, page: 1 })} />
    <Select<number>
      aria-label="Transaction state"
      data-testid="transaction-state"
      placeholder="All states"
      allowClear
      style={{ width: 240 }}
      value={state.transactionState}
      options={STATE_OPTIONS}
      onChange={(v) => update({ transactionState: v ?? undefined, page: 1 })}
    />
    <CsvExportButton path={exportPath} query={exportQuery} fileName={fileName} />
  </Flex>
);

const TransactionsTab = ({
  type,
  state,
  update,
}: {
  type: TransactionType;
  state: ReportParams;
  update: FilterProps['update'];
}) => {
  const query = {
    type,
    transactionState: state.transactionState,
    start: state.start,
    end: state.end,
    page: state.page,
  };
  const { data, isFetching, error } = useTransactions(query);
  return (
    <Flex vertical gap={16}>
      <Filters
        state={state}
        update={update}
        exportPath="admin/transactions"
        exportQuery={{ ...query, page: undefined }}
        fileName={`${type}-transactions.csv`}
      />
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<ReportTransaction>
        rowKey="_id"
        size="small"
        scroll={{ x: 1100 }}
        data-testid={`${type}-transactions-table`}
        columns={txColumns}
        dataSource={data?.records ?? []}
        loading={isFetching}
        pagination={reportPagination(state.page, data, (page) => update({ page }), 'transactions')}
      />
    </Flex>
  );
};

const PerUserTab = ({ state, update }: { state: ReportParams; update: FilterProps['update'] }) => {
  const query = { transactionState: state.transactionState, start: state.start, end: state.end, page: state.page };
  const { data, isFetching, error } = useTransactionsGroup(query);
  return (
    <Flex vertical gap={16}>
      <Filters
        state={state}
        update={update}
        exportPath="admin/transactions/group"
        exportQuery={{ ...query, page: undefined }}
        fileName="savings-per-user.csv"
      />
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Typography.Text data-testid="document-count">
        {(data?.DocumentCount ?? 0).toLocaleString('en-US')} customer totals (one per customer and currency)
      </Typography.Text>
      <DataTable<GroupedTransaction>
        rowKey={(r) => `${r._id}:${r.currency}`}
        size="small"
        data-testid="savings-per-user-table"
        columns={groupColumns}
        dataSource={data?.records ?? []}
        loading={isFetching}
        pagination={reportPagination(state.page, data, (page) => update({ page }), 'customer totals')}
      />
    </Flex>
  );
};

export const TransactionsPage = () => {
  const { state, update } = useReportParams(TABS);
  return (
    <TabbedPage
      title="Transactions"
      activeKey={state.tab}
      onChange={(tab) => update({ tab, page: 1 })}
      items={[
        {
          key: 'savings',
          label: 'Savings Txs',
          children: <TransactionsTab type="savings" state={state} update={update} />,
        },
        {
          key: 'wallet',
          label: 'Wallet Txs',
          children: <TransactionsTab type="wallet" state={state} update={update} />,
        },
        { key: 'per-user', label: 'Total Savings per user', children: <PerUserTab state={state} update={update} /> },
      ]}
    />
  );
};
