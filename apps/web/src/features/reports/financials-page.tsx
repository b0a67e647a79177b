import { Alert, Flex, Statistic } from 'antd';
import { formatAmount, formatUsd, type Financials } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { useFinancials } from './api/finance-reports';
import { BarChart } from './components/bar-chart';
import { ReportDateRange } from './components/report-date-range';
import { useReportParams } from './use-report-params';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';

const TABS = ['summary'] as const;
type CurrencyRow = Financials['byCurrency'][number];
type MonthRow = Financials['byMonth'][number];

const currencyColumns: DataColumns<CurrencyRow> = [
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  { title: 'Fees', dataIndex: 'count', key: 'count', align: 'right', render: (v: number) => v.toLocaleString('en-US') },
  { title: 'Collected', dataIndex: 'fee', key: 'fee', align: 'right', render: (v: string) => formatAmount(v) },
  { title: 'Collected (USD)', dataIndex: 'feeUSD', key: 'feeUSD', align: 'right', render: (v: string) => formatUsd(v) },
];
const monthColumns: DataColumns<MonthRow> = [
  { title: 'Month', dataIndex: 'month', key: 'month' },
  { title: 'Fees (USD)', dataIndex: 'feeUSD', key: 'feeUSD', align: 'right', render: (v: string) => formatUsd(v) },
  {
    title: 'Gas (USD)',
    dataIndex: 'gasCostUSD',
    key: 'gasCostUSD',
    align: 'right',
    render: (v: string) => formatUsd(v),
  },
];

/** Total fees collected in USD over a date range, against the gas the batches spent. */
export const FinancialsPage = () => {
  const { state, update } = useReportParams(TABS);
  const { data, error, isFetching } = useFinancials({ start: state.start, end: state.end });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Financials
      </Typography.Title>
      <Flex gap={16} wrap align="center">
        <ReportDateRange start={state.start} end={state.end} onChange={(r) => update(r)} />
        <CsvExportButton
          path="admin/financials"
          query={{ start: state.start, end: state.end }}
          fileName="financials.csv"
        />
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Flex gap={16} wrap>
        <Card size="small" loading={isFetching && !data}>
          <Statistic
            title="Total Fees (USD)"
            value={formatUsd(data?.totalFeesUSD ?? '0')}
            data-testid="total-fees-usd"
          />
        </Card>
        <Card size="small" loading={isFetching && !data}>
          <Statistic
            title="Gas Spent (USD)"
            value={formatUsd(data?.totalGasCostUSD ?? '0')}
            data-testid="total-gas-usd"
          />
        </Card>
        <Card size="small" loading={isFetching && !data}>
          <Statistic title="Net (USD)" value={formatUsd(data?.netUSD ?? '0')} data-testid="net-usd" />
        </Card>
        <Card size="small" loading={isFetching && !data}>
          <Statistic
            title="Fees charged"
            value={(data?.feeCount ?? 0).toLocaleString('en-US')}
            data-testid="fee-count"
          />
        </Card>
      </Flex>
      {data && data.byMonth.length > 0 && (
        <Card size="small" title="Fees per month (USD)">
          <BarChart
            title="Fees per month (USD)"
            bars={data.byMonth.slice(-24).map((m) => ({ label: m.month.slice(2), value: Number(m.feeUSD) }))}
            format={(n) => Math.round(n).toLocaleString('en-US')}
          />
        </Card>
      )}
      <Flex gap={16} wrap align="start">
        <Card size="small" title="By currency" style={{ flex: '1 1 420px' }}>
          <DataTable<CurrencyRow>
            rowKey="currency"
            size="small"
            pagination={false}
            data-testid="financials-by-currency"
            columns={currencyColumns}
            dataSource={data?.byCurrency ?? []}
            loading={isFetching}
          />
        </Card>
        <Card size="small" title="By month" style={{ flex: '1 1 420px' }}>
          <DataTable<MonthRow>
            rowKey="month"
            size="small"
            pagination={{ pageSize: 12, showSizeChanger: false }}
            data-testid="financials-by-month"
            columns={monthColumns}
            dataSource={data?.byMonth ?? []}
            loading={isFetching}
          />
        </Card>
      </Flex>
    </Flex>
  );
};
