import { Flex } from 'antd';
import { FEATURES, type FeatureWeek } from '@vaultdesk/contract';
import { useFeatureReport } from './api/finance-reports';
import { BarChart } from './components/bar-chart';
import { useWeeksParam } from './use-weeks-param';
import { WeeklyReportHead } from './components/weekly-report-head';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';

const columns: DataColumns<FeatureWeek> = [
  { title: 'Week of (Mon, UTC)', dataIndex: 'weekStart', key: 'weekStart', fixed: 'left' },
  ...FEATURES.map((f) => ({
    title: f.label,
    key: f.key,
    align: 'right' as const,
    render: (_: unknown, w: FeatureWeek) =>
      `${(w.uses[f.key] ?? 0).toLocaleString('en-US')} / ${(w.users[f.key] ?? 0).toLocaleString('en-US')}`,
  })),
];

/** Feature usage per week from the real data: uses and distinct customers per feature. */
export const FeatureReportPage = () => {
  const { weeks, setWeeks } = useWeeksParam();
  const { data, error, isFetching } = useFeatureReport(weeks);
  const rows = data?.weeks ?? [];
  const totals = FEATURES.map((f) => ({ label: f.label, value: rows.reduce((s, w) => s + (w.uses[f.key] ?? 0), 0) }));
  return (
    <Flex vertical gap={16}>
      <WeeklyReportHead
        title="Feature Usage"
        weeks={weeks}
        setWeeks={setWeeks}
        exportPath="admin/feature-report"
        fileName="feature-usage.csv"
        error={error}
      />
      <Card size="small" title={`Uses per feature, last ${weeks} weeks`}>
        <BarChart
          title={`Uses per feature, last ${weeks} weeks`}
          bars={totals.map((t) => ({ label: t.label.split(' ')[0]!, value: t.value }))}
        />
      </Card>
      <Typography.Text type="secondary">Each cell: uses / distinct customers.</Typography.Text>
      <DataTable<FeatureWeek>
        rowKey="weekStart"
        size="small"
        pagination={false}
        scroll={{ x: 900 }}
        data-testid="feature-table"
        columns={columns}
        dataSource={[...rows].reverse()}
        loading={isFetching}
      />
    </Flex>
  );
};
