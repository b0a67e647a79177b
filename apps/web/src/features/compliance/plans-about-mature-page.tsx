import { Alert, Flex } from 'antd';
import { Link } from 'react-router';
import { formatAmount, formatUsd, MATURING_PLANS_PAGE_SIZE, type MaturingPlan } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { usePlansAboutToMature } from './api/get-plans-about-to-mature';
import { usePageParam } from './use-page-param';
import { DataTable, serverPages } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

export const PlansAboutMaturePage = () => {
  const [page, setPage] = usePageParam();
  const { data, isFetching, error } = usePlansAboutToMature(page);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Plans About to Mature / Yet to Withdraw
      </Typography.Title>
      <CsvExportButton path="advanced/plans-about-to-mature" query={{}} fileName="plans-about-to-mature.csv" />
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<MaturingPlan>
        data-testid="maturing-plans-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 900 }}
        pagination={serverPages(page, MATURING_PLANS_PAGE_SIZE, data?.totalRecords, setPage)}
        columns={[
          {
            title: 'Plan',
            key: 'plan',
            render: (_, r) => <Link to={`/savings-plan/fixed/${r.planId._id}`}>{r.planId.planName}</Link>,
          },
          {
            title: 'User',
            key: 'user',
            render: (_, r) => <Link to={`/user-profile/${r.planId.userId._id}`}>{r.planId.userId.email}</Link>,
          },
          {
            title: 'Deposit (BUSD)',
            key: 'deposit',
            align: 'right',
            render: (_, r) => formatAmount(r.planId.depositAmount),
          },
          {
            title: 'Share balance',
            key: 'shares',
            align: 'right',
            render: (_, r) => formatAmount(r.planId.shareBalance),
          },
          {
            title: zoned('Lock ends'),
            key: 'lock',
            render: (_, r) => formatDateTime(r.planId.lockedPeriod || null, { unix: true, fallback: '—' }),
          },
          { title: 'Reward (USD)', dataIndex: 'rewardInUSD', align: 'right', render: (v: string) => formatUsd(v) },
          { title: zoned('Created'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Flex>
  );
};
