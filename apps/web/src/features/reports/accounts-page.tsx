import { Alert, Flex, Statistic } from 'antd';
import { Link } from 'react-router';
import { formatAmount, formatUsd, type FeeRecord, type GasRecord } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { useFeesCollected } from './api/get-fees-collected';
import { useGasFeesSpent } from './api/get-gas-fees-spent';
import { ReportDateRange } from './components/report-date-range';
import { reportPagination } from './components/total-line';
import { useReportParams, type ReportParams } from './use-report-params';
import { DataTable, type DataColumns } from '../../components/data-table';
import { amountColumn, batchActionTag, txHashLink } from '../../components/columns';
import { TabbedPage } from '../../components/tabbed-page';
import { Card } from '../../components/light-card';
import { formatDateTime, zoned } from '../../components/date-time';

const TABS = ['collected', 'spent'] as const;
const when = (iso: string) => formatDateTime(iso, { seconds: true });

const feeColumns: DataColumns<FeeRecord> = [
  { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: when, width: 170 },
  { title: 'User', key: 'user', render: (_, r) => <Link to={`/user-profile/${r.user._id}`}>{r.user.username}</Link> },
  { title: 'Description', dataIndex: 'description', key: 'description' },
  amountColumn('Transaction Amount', 'transactionAmount'),
  amountColumn('Fee', 'fee'),
  { title: 'Discount', dataIndex: 'discount', key: 'discount', align: 'right', render: (v: string) => `${v}%` },
  amountColumn('Final Amount', 'finalAmount'),
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  { title: 'Fee (USD)', dataIndex: 'feeUSD', key: 'feeUSD', align: 'right', render: (v: string) => formatUsd(v) },
];

const gasColumns: DataColumns<GasRecord> = [
  { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: when, width: 170 },
  { title: 'Action', dataIndex: 'action', key: 'action', render: batchActionTag },
  amountColumn('Amount', 'amount'),
  {
    title: 'Gas Used',
    dataIndex: 'gasUsed',
    key: 'gasUsed',
    align: 'right',
    render: (v: number) => v.toLocaleString('en-US'),
  },
  { title: 'Gas Price (gwei)', dataIndex: 'gasPrice', key: 'gasPrice', align: 'right' },
  { title: 'BNB Price', dataIndex: 'bnbPrice', key: 'bnbPrice', align: 'right', render: (v: string) => formatUsd(v) },
  {
    title: 'Gas Cost (USD)',
    dataIndex: 'gasCostUSD',
    key: 'gasCostUSD',
    align: 'right',
    render: (v: string) => formatUsd(v),
  },
  amountColumn('Init Shares', 'initShares'),
  amountColumn('Final Shares', 'finalShares'),
  amountColumn('Price / Share', 'pricePerFullShare', 'ppfs'),
  amountColumn('Share Balance', 'shareBalance'),
  { title: 'Protocol', dataIndex: 'protocolName', key: 'protocolName' },
  { title: 'Status', dataIndex: 'processStatus', key: 'processStatus' },
  { title: 'Hash', dataIndex: 'transactionHash', key: 'hash', render: txHashLink },
];

type TabProps = { state: ReportParams; update: (patch: Partial<ReportParams>) => void };

const CollectedTab = ({ state, update }: TabProps) => {
  const query = { start: state.start, end: state.end, page: state.page };
  const { data, isFetching, error } = useFeesCollected(query);
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="center">
        <ReportDateRange start={state.start} end={state.end} onChange={(r) => update({ ...r, page: 1 })} />
        <CsvExportButton
          path="admin/fees-collectedby-vlt"
          query={{ start: state.start, end: state.end }}
          fileName="fees-collected.csv"
        />
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Flex gap={16} wrap>
        <Card size="small">
          <Statistic
            title="Total Fees Collected (USD)"
            value={formatUsd(data?.totalFeesCollected ?? '0')}
            data-testid="total-fees-collected"
          />
        </Card>
        {(data?.totalsByCurrency ?? []).map((t) => (
          <Card size="small" key={t.currency}>
            <Statistic title={`Fees in ${t.currency}`} value={formatAmount(t.fee)} />
          </Card>
        ))}
      </Flex>
      <DataTable<FeeRecord>
        rowKey="_id"
        size="small"
        scroll={{ x: 1100 }}
        data-testid="fees-collected-table"
        columns={feeColumns}
        dataSource={data?.records ?? []}
        loading={isFetching}
        pagination={reportPagination(state.page, data, (page) => update({ page }), 'fee records')}
      />
    </Flex>
  );
};

const SpentTab = ({ state, update }: TabProps) => {
  const query = { start: state.start, end: state.end, page: state.page };
  const { data, isFetching, error } = useGasFeesSpent(query);
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="center">
        <ReportDateRange start={state.start} end={state.end} onChange={(r) => update({ ...r, page: 1 })} />
        <CsvExportButton
          path="admin/gas-fees-spent"
          query={{ start: state.start, end: state.end }}
          fileName="gas-fees-spent.csv"
        />
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Flex gap={16} wrap>
        <Card size="small">
          <Statistic
            title="Total Gas Used"
            value={Number(data?.totalGasUsed ?? 0).toLocaleString('en-US')}
            data-testid="total-gas-used"
          />
        </Card>
        <Card size="small">
          <Statistic
            title="Total Gas Cost (USD)"
            value={formatUsd(data?.totalGasCostUSD ?? '0')}
            data-testid="total-gas-cost"
          />
        </Card>
      </Flex>
      <DataTable<GasRecord>
        rowKey="_id"
        size="small"
        scroll={{ x: 1400 }}
        data-testid="gas-fees-spent-table"
        columns={gasColumns}
        dataSource={data?.records ?? []}
        loading={isFetching}
        pagination={reportPagination(state.page, data, (page) => update({ page }), 'batches')}
      />
    </Flex>
  );
};

export const AccountsPage = () => {
  const { state, update } = useReportParams(TABS);
  return (
    <TabbedPage
      title="Accounts"
      activeKey={state.tab}
      onChange={(tab) => update({ tab, page: 1 })}
      items={[
        { key: 'collected', label: 'Gas Fees Collected', children: <CollectedTab state={state} update={update} /> },
        { key: 'spent', label: 'Gas Fees Spent', children: <SpentTab state={state} update={update} /> },
      ]}
    />
  );
};
