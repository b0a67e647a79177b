import { Alert, Flex, Statistic } from 'antd';
import { Link } from 'react-router';
import { formatAmount, type PayoutRow } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { usePayouts } from './api/finance-reports';
import { ReportDateRange } from './components/report-date-range';
import { reportPagination } from './components/total-line';
import { useReportParams } from './use-report-params';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

const TABS = ['payouts'] as const;

/** Referral rewards paid per referrer (referrals in state paid), largest total first. */
export const PayoutsPage = () => {
  const { state, update } = useReportParams(TABS);
  const { data, error, isFetching } = usePayouts({ start: state.start, end: state.end, page: state.page });
  const currency = data?.currency ?? 'VLT';
  const columns: DataColumns<PayoutRow> = [
    { title: 'Referrer', key: 'username', render: (_, r) => <Link to={`/user-profile/${r._id}`}>{r.username}</Link> },
    { title: 'E-mail', dataIndex: 'email', key: 'email' },
    {
      title: 'Paid referrals',
      dataIndex: 'paidReferrals',
      key: 'paidReferrals',
      align: 'right',
      render: (v: number) => v.toLocaleString('en-US'),
    },
    {
      title: `Total paid (${currency})`,
      dataIndex: 'totalPaid',
      key: 'totalPaid',
      align: 'right',
      render: (v: string) => formatAmount(v),
    },
    {
      title: zoned('Last paid'),
      dataIndex: 'lastPaidAt',
      key: 'lastPaidAt',
      render: (v: string) => formatDateTime(v, { seconds: true }),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Referral Payouts
      </Typography.Title>
      <Flex gap={16} wrap align="center">
        <ReportDateRange start={state.start} end={state.end} onChange={(r) => update({ ...r, page: 1 })} />
        <CsvExportButton
          path="admin/referral-payouts"
          query={{ start: state.start, end: state.end }}
          fileName="referral-payouts.csv"
        />
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Flex gap={16} wrap>
        <Card size="small">
          <Statistic
            title={`Total paid (${currency})`}
            value={formatAmount(data?.totalPaid ?? '0')}
            data-testid="total-paid"
          />
        </Card>
        <Card size="small">
          <Statistic
            title="Referrers paid"
            value={(data?.totalRecords ?? 0).toLocaleString('en-US')}
            data-testid="referrers-paid"
          />
        </Card>
      </Flex>
      <DataTable<PayoutRow>
        rowKey="_id"
        size="small"
        data-testid="payouts-table"
        columns={columns}
        dataSource={data?.records ?? []}
        loading={isFetching}
        pagination={reportPagination(state.page, data, (page) => update({ page }), 'referrers')}
      />
    </Flex>
  );
};
