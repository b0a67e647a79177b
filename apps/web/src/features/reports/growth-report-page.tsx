import { Flex, Statistic } from 'antd';
import { formatUsd, type GrowthWeek } from '@vaultdesk/contract';
import { useGrowthReport } from './api/finance-reports';
import { BarChart } from './components/bar-chart';
import { useWeeksParam } from './use-weeks-param';
import { WeeklyReportHead } from './components/weekly-report-head';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';

const n = (v: number) => v.toLocaleString('en-US');
const columns: DataColumns<GrowthWeek> = [
  { title: 'Week of (Mon, UTC)', dataIndex: 'weekStart', key: 'weekStart' },
  { title: 'Sign-ups', dataIndex: 'signUps', key: 'signUps', align: 'right', render: n },
  { title: 'Verified (KYC L2)', dataIndex: 'verifiedUsers', key: 'verifiedUsers', align: 'right', render: n },
  { title: 'Savings txs', dataIndex: 'savingsCount', key: 'savingsCount', align: 'right', render: n },
  {
    title: 'Savings volume (USD)',
    dataIndex: 'savingsVolumeUSD',
    key: 'savingsVolumeUSD',
    align: 'right',
    render: (v: string) => formatUsd(v),
  },
  { title: 'Wallet txs', dataIndex: 'walletTxCount', key: 'walletTxCount', align: 'right', render: n },
  { title: 'Active customers', dataIndex: 'activeUsers', key: 'activeUsers', align: 'right', render: n },
];

/** Weekly growth from the real data: sign-ups, verified users, savings and wallet activity. */
export const GrowthReportPage = () => {
  const { weeks, setWeeks } = useWeeksParam();
  const { data, error, isFetching } = useGrowthReport(weeks);
  const rows = data?.weeks ?? [];
  const signUps = rows.reduce((s, w) => s + w.signUps, 0);
  return (
    <Flex vertical gap={16}>
      <WeeklyReportHead
        title="Weekly Growth"
        weeks={weeks}
        setWeeks={setWeeks}
        exportPath="admin/growth-report"
        fileName="weekly-growth.csv"
        error={error}
      />
      <Flex gap={16} wrap>
        <Card size="small">
          <Statistic title="Customers" value={n(data?.totalUsers ?? 0)} data-testid="total-users" />
        </Card>
        <Card size="small">
          <Statistic title={`Sign-ups, last ${weeks} weeks`} value={n(signUps)} data-testid="period-sign-ups" />
        </Card>
      </Flex>
      <Flex gap={16} wrap>
        <Card size="small" title="Sign-ups per week" style={{ flex: '1 1 480px' }}>
          <BarChart
            title="Sign-ups per week"
            bars={rows.map((w) => ({ label: w.weekStart.slice(5), value: w.signUps }))}
          />
        </Card>
        <Card size="small" title="Active customers per week" style={{ flex: '1 1 480px' }}>
          <BarChart
            title="Active customers per week"
            bars={rows.map((w) => ({ label: w.weekStart.slice(5), value: w.activeUsers }))}
          />
        </Card>
      </Flex>
      <DataTable<GrowthWeek>
        rowKey="weekStart"
        size="small"
        pagination={false}
        data-testid="growth-table"
        columns={columns}
        dataSource={[...rows].reverse()}
        loading={isFetching}
      />
    </Flex>
  );
};
