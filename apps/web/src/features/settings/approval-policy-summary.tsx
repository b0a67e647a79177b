import { Descriptions } from 'antd';
import { APPROVAL_KINDS, type ApprovalPolicy } from '@vaultdesk/contract';
import { formatDateTimeInZone } from '../../components/date-time';

const threshold = (v: string | null) => (v === null ? 'Never (off)' : v === '0' ? 'Always' : `Above ${v} USD`);

/** The policy in force: what needs a second approval, when requests expire, the cooling-off, and its last change. */
export const ApprovalPolicySummary = ({
  p,
  updatedAt,
  updatedBy,
}: {
  p: ApprovalPolicy;
  updatedAt: string;
  updatedBy: string | null | undefined;
}) => (
  <Descriptions column={1} bordered size="small">
    <Descriptions.Item label={APPROVAL_KINDS.remitFunds.label}>
      {threshold(p.remitFunds.thresholdUsd)}
    </Descriptions.Item>
    <Descriptions.Item label={APPROVAL_KINDS.withdrawalOut.label}>
      {threshold(p.withdrawalOut.thresholdUsd)}
    </Descriptions.Item>
    <Descriptions.Item label={APPROVAL_KINDS.settings.label}>
      {p.settings.required ? 'Always' : 'Never (off)'}
    </Descriptions.Item>
    <Descriptions.Item label={APPROVAL_KINDS.admins.label}>
      {p.admins.required ? 'Always' : 'Never (off)'}
    </Descriptions.Item>
    <Descriptions.Item label={APPROVAL_KINDS.blacklist.label}>
      {p.blacklist.required ? 'Always' : 'Never (off)'}
    </Descriptions.Item>
    <Descriptions.Item label="Requests expire after">{p.expiryHours} hours</Descriptions.Item>
    <Descriptions.Item label="Cooling-off">
      {p.coolingOffDays === 0
        ? 'None'
        : `${p.coolingOffDays} days: no one may approve for an admin who created or changed their account or role in that time`}
    </Descriptions.Item>
    <Descriptions.Item label="Last changed">{`${formatDateTimeInZone(updatedAt)} by ${updatedBy ?? 'system'}`}</Descriptions.Item>
  </Descriptions>
);
