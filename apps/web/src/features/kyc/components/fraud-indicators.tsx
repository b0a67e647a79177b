import { Descriptions, Tag } from 'antd';
import { Link } from 'react-router';
import type { KycRecord } from '@vaultdesk/contract';
import { Typography } from '../../../components/typography';

/** A counter above 1 means the value is shared with another record: highlighted, and links to the suspects. */
const Counter = ({ n, to, label }: { n: number; to: string | null; label: string }) => {
  const text = (
    <Typography.Text strong={n > 1} type={n > 1 ? 'danger' : undefined} data-testid={`fraud-${label}`}>
      {n}
    </Typography.Text>
  );
  return to && n > 0 ? (
    <Link to={to} aria-label={`${label}: ${n}`}>
      {text}
    </Link>
  ) : (
    text
  );
};

export const FraudIndicators = ({ record }: { record: KycRecord }) => {
  const { fraud } = record;
  // Manage KYC reads the record by its customer, which always carries the indicators.
  if (!fraud) return null;
  const q = (k: string, v: string | null) => (v ? `/kyc-suspects?${k}=${encodeURIComponent(v)}` : null);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} title="Device and fraud indicators">
      <Descriptions.Item label="Blacklisted device">
        {fraud.blacklistDetails.blacklisted ? (
          <Tag color="red" data-testid="fraud-blacklisted">
            blacklisted
          </Tag>
        ) : (
          <Tag data-testid="fraud-blacklisted">no</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="KYCs registered with device">
        <Counter n={fraud.kycsRegisteredWithDevice} to={q('deviceId', record.deviceId)} label="kycs-with-device" />
      </Descriptions.Item>
      <Descriptions.Item label="Users registered with device">
        <Counter n={fraud.userRegisteredWithDevice} to={q('deviceId', record.deviceId)} label="users-with-device" />
      </Descriptions.Item>
      <Descriptions.Item label="Duplicate phone number">
        <Counter n={fraud.duplicatephoneNumber} to={q('phoneNumber', record.phoneNumber)} label="duplicate-phone" />
      </Descriptions.Item>
      <Descriptions.Item label="Duplicate ID number">
        <Counter n={fraud.duplicateIdcardNumber} to={q('idcardNumber', record.idcardNumber)} label="duplicate-idcard" />
      </Descriptions.Item>
    </Descriptions>
  );
};
