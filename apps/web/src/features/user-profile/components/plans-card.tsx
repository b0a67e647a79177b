import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ProfilePlan } from '@vaultdesk/contract';
import { useUserPlans } from '../api/get-user-plans';
import { formatAmount } from '@vaultdesk/contract';
import { formatDateTime, zoned } from '../../../components/date-time';
import { LockSavingsAction } from './funds/lock-savings-action';
import { DataTable } from '../../../components/data-table';
import { Card } from '../../../components/light-card';

export const PlansCard = ({ userId, canOpenPlan }: { userId: string; canOpenPlan: boolean }) => {
  const { data, isFetching } = useUserPlans(userId);
  return (
    <Card title="Plans">
      <DataTable<ProfilePlan>
        size="small"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        data-testid="plans"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          {
            title: 'Plan',
            dataIndex: 'planName',
            render: (name: string, p) =>
              canOpenPlan ? <Link to={`/savings-plan/${p.planType}/${p._id}`}>{name}</Link> : name,
          },
          { title: 'Type', dataIndex: 'planType' },
          { title: 'Protocol', dataIndex: 'protocolName' },
          {
            title: 'Deposit',
            dataIndex: 'depositAmount',
            align: 'right',
            render: (v: string, p) => `${formatAmount(v)} ${p.currency}`,
          },
          { title: 'Shares', dataIndex: 'shareBalance', align: 'right', render: (v: string) => formatAmount(v) },
          {
            title: zoned('Lock ends'),
            dataIndex: 'lockPeriod',
            render: (v: number | null) => formatDateTime(v || null, { unix: true }),
          },
          { title: zoned('Deposited'), dataIndex: 'depositTime', render: (v: string | null) => formatDateTime(v) },
          { title: zoned('Withdrawn'), dataIndex: 'withdrawalTime', render: (v: string | null) => formatDateTime(v) },
          { title: 'State', dataIndex: 'planState' },
          { title: 'Save status', dataIndex: 'saveStatus' },
          {
            title: 'Locked',
            dataIndex: 'locked',
            render: (locked: boolean, p) =>
              locked ? (
                <Tag color="red" title={p.lockedComment ?? ''}>
                  Locked{p.lockedAmount ? ` ${formatAmount(p.lockedAmount)}` : ''}
                </Tag>
              ) : (
                <Tag>Open</Tag>
              ),
          },
          {
            title: 'Action',
            key: 'action',
            render: (_: unknown, p) => (
              <LockSavingsAction
                userId={userId}
                currency={p.currency}
                plan={{
                  id: p._id,
                  planType: p.planType,
                  locked: p.locked,
                  depositAmount: p.depositAmount,
                  lockedAmount: p.lockedAmount,
                  lockVersion: p.lockVersion,
                  planState: p.planState,
                }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
};
