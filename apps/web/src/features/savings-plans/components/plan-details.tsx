import { Descriptions, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { Link } from 'react-router';
import type { SavingsPlanDetail } from '@vaultdesk/contract';
import { formatAmount } from '@vaultdesk/contract';
import { TxHashLinks } from './tx-hash-links';
import { StatusTag } from '../../../components/status-tag';
import { Typography } from '../../../components/typography';
import { formatDateTime, zoned } from '../../../components/date-time';

const SAVE_STATUS_COLORS: Record<string, string> = { saved: 'green', pending: 'gold', failed: 'red' };
const PLAN_STATE_COLORS: Record<string, string> = { active: 'blue', matured: 'purple', withdrawn: 'default' };
const dateTime = (iso: string | null) => formatDateTime(iso, { fallback: '—' });

export const PlanDetails = ({ plan }: { plan: SavingsPlanDetail }) => {
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: 'Plan ID', children: <Typography.Text copyable>{plan._id}</Typography.Text> },
    { key: 'name', label: 'Plan Name', children: plan.planName },
    { key: 'type', label: 'Plan Type', children: plan.planType },
    { key: 'protocol', label: 'Protocol', children: plan.protocolName },
    {
      key: 'owner',
      label: 'Owner',
      children: (
        <span>
          <Link to={`/user-profile/${plan.userId}`} style={{ textDecoration: 'underline' }}>
            {plan.username}
          </Link>{' '}
          <Typography.Text type="secondary">{plan.email}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'deposit',
      label: 'Deposit Amount',
      children: <span data-testid="plan-deposit-amount">{`${formatAmount(plan.depositAmount)} ${plan.currency}`}</span>,
    },
    { key: 'shares', label: 'Share Balance', children: formatAmount(plan.shareBalance) },
    {
      key: 'withdrawal',
      label: 'Withdrawal Amount',
      children: plan.withdrawalAmount ? `${formatAmount(plan.withdrawalAmount)} ${plan.currency}` : '—',
    },
    {
      key: 'lock',
      label: zoned('Lock Period'),
      // lockPeriod is unix time (seconds): the end of a fixed plan's lock.
      children: formatDateTime(plan.lockPeriod, { unix: true, fallback: '—' }),
    },
    { key: 'depositTime', label: zoned('Deposit Time'), children: dateTime(plan.depositTime) },
    { key: 'withdrawalTime', label: zoned('Withdrawal Time'), children: dateTime(plan.withdrawalTime) },
    {
      key: 'state',
      label: 'Plan State',
      children: <StatusTag color={PLAN_STATE_COLORS[plan.planState]}>{plan.planState}</StatusTag>,
    },
    {
      key: 'save',
      label: 'Save Status',
      children: (
        <StatusTag color={SAVE_STATUS_COLORS[plan.saveStatus]} data-testid="plan-save-status">
          {plan.saveStatus}
        </StatusTag>
      ),
    },
    { key: 'locked', label: 'Locked', children: plan.locked ? <Tag color="red">locked</Tag> : 'No' },
    { key: 'created', label: zoned('Created'), children: dateTime(plan.createdAt) },
    { key: 'updated', label: zoned('Updated'), children: dateTime(plan.updatedAt) },
    {
      key: 'depositHashes',
      label: 'Deposit Transaction Hash',
      span: 'filled',
      children: (
        <div data-testid="deposit-hashes">
          <TxHashLinks hashes={plan.depositTransactionHash} />
        </div>
      ),
    },
    {
      key: 'withdrawalHashes',
      label: 'Withdrawal Transaction Hash',
      span: 'filled',
      children: (
        <div data-testid="withdrawal-hashes">
          <TxHashLinks hashes={plan.withdrawalTransactionHash} />
        </div>
      ),
    },
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={items} />;
};
