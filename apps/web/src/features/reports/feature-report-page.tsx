import { Alert, Flex } from 'antd';
import { FEATURES, type FeatureWeek } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { useFeatureReport } from './api/finance-reports';
import { BarChart } from './components/bar-chart';
import { useWeeksParam, WEEK_OPTIONS } from './use-weeks-param';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { Select } from '../../components/lazy-select';

const columns: DataColumns<FeatureWeek> = [
  { title: 'Week of (Mon, UTC)', dataIndex: 'weekStart', key: 'weekStart', fixed: 'left' },
  ...FEATURES.map((f) => ({
    title: f.label,
    key: f.key,
    align: 'right' as const,
    render: (_: unknown, w: FeatureWeek) => `${(w.uses[f.key] ?? 0).toLocaleString('en-US')} / ${(w.users[f.key] ?? 0).toLocaleString('en-US')}`,
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
      <Typography.Title level={3} style={{ margin: 0 }}>
        Feature Usage
      </Typography.Title>
      <Flex gap={16} wrap align="center">
        <Select aria-label="Weeks shown" data-testid="weeks-select" style={{ width: 180 }} value={weeks} options={WEEK_OPTIONS} onChange={setWeeks} />
        <CsvExportButton path="admin/feature-report" query={{ weeks }} fileName="feature-usage.csv" />
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Card size="small" title={`Uses per feature, last ${weeks} weeks`}>
        <BarChart title={`Uses per feature, last ${weeks} weeks`} bars={totals.map((t) => ({ label: t.label.split(' ')[0]!, value: t.value }))} />
      </Card>
      <Typography.Text type="secondary">Each cell: uses / distinct customers.</Typography.Text>
      <DataTable<FeatureWeek> rowKey="weekStart" size="small" pagination={false} scroll={{ x: 900 }} data-testid="feature-table" columns={columns} dataSource={[...rows].reverse()} loading={isFetching} />
    </Flex>
  );
};
