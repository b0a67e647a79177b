import { App, Alert, Avatar, Badge, Button, Descriptions, Flex, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router';
import type { SearchDetails } from '@vaultdesk/contract';
import { useChangeRole } from '../api/change-role';
import { useCustomerRoles } from '../api/get-customer-roles';
import { useDeactivateTwoFactor } from '../api/deactivate-two-factor';
import { useUserUsertypes } from '../api/get-user-usertypes';
import { formatAmount, mapsUrl } from '@vaultdesk/contract';
import { formatDateTime, zoned } from '../../../components/date-time';
import { showActionError } from './action-errors';
import { BankDetailsAction } from './bank-details-dialog';
import { TrustScoreAction, TrustScoreTag } from './trust-score-dialog';
import { StatusTag } from '../../../components/status-tag';
import { Card } from '../../../components/light-card';
import { Typography } from '../../../components/typography';
import { Select } from '../../../components/lazy-select';
import { customerPicture } from '../../../components/customer-picture';

const KYC_COLORS: Record<string, string> = { approved: 'green', submitted: 'blue', rejected: 'red' };
const KycTag = ({ status, testId }: { status: string | null; testId: string }) =>
  status ? (
    <StatusTag color={KYC_COLORS[status]} data-testid={testId}>
      {status}
    </StatusTag>
  ) : (
    <Typography.Text type="secondary" data-testid={testId}>
      none
    </Typography.Text>
  );

const RemoveTwoFactor = ({ userId, enabled }: { userId: string; enabled: boolean }) => {
  const { message } = App.useApp();
  const mutation = useDeactivateTwoFactor(userId);
  if (!enabled) return null;
  return (
    <Popconfirm
      title="Are you sure?"
      description="The customer will sign in without an authenticator until they enable it again."
      okText="Yes"
      onConfirm={() =>
        mutation.mutateAsync().then(
          (res) => void message.success(res.message || '2fa deactivated successfully'),
          (error: unknown) => showActionError(message, error),
        )
      }
    >
      <Button size="small" danger loading={mutation.isPending}>
        Remove 2FA
      </Button>
    </Popconfirm>
  );
};

const ChangeRole = ({ userId, role }: { userId: string; role: SearchDetails['profile']['role'] }) => {
  const { message, modal } = App.useApp();
  const roles = useCustomerRoles();
  const mutation = useChangeRole(userId);
  const options = (roles.data?.records ?? []).filter((r) => r.isActive).map((r) => ({ value: r.id, label: r.title }));

  const onChange = (roleId: string) => {
    const title = options.find((o) => o.value === roleId)?.label ?? '';
    modal.confirm({
      title: 'Are you sure?',
      content: `Change the role of this user to ${title}.`,
      okText: 'Yes',
      onOk: () =>
        mutation.mutateAsync(roleId).then(
          (res) => void message.success(res.message || 'updated successfully'),
          (error: unknown) => void message.error(error instanceof Error ? error.message : String(error)),
        ),
    });
  };

  return (
    <Select
      aria-label="Change role"
      size="small"
      style={{ minWidth: 120 }}
      value={role._id ?? undefined}
      loading={roles.isLoading || mutation.isPending}
      options={options}
      onChange={onChange}
    />
  );
};

export const ProfileDetailsCard = ({ details, showDevices }: { details: SearchDetails; showDevices: boolean }) => {
  const p = details.profile;
  const usertypes = useUserUsertypes(p._id);
  const active = p.hasCompletedProfile && !p.deactivated;
  const device = p.registrationDeviceDetails;
  const coords = p.registrationCoordinates;

  return (
    <Card
      title={
        <Space>
          <Badge
            status={active ? 'success' : 'error'}
            data-testid="profile-status"
            data-status={active ? 'green' : 'red'}
          />
          <Avatar src={customerPicture(p.profileUrl)}>{p.fullName.slice(0, 1)}</Avatar>
          <span>{p.fullName}</span>
        </Space>
      }
      extra={<BankDetailsAction userId={p._id} />}
    >
      {details.balanceMismatch.flagged && (
        <Alert
          type="error"
          showIcon
          data-testid="balance-mismatch"
          style={{ marginBottom: 16 }}
          title="Balance mismatch"
          description={
            <>
              The balance differs from the wallet's transactions by more than {details.balanceMismatch.tolerance}:
              <ul style={{ margin: 0 }}>
                {details.balanceMismatch.entries.map((e) => (
                  <li key={`${e.walletId}-${e.currency}`}>
                    {e.currency}: balance {formatAmount(e.balance)}, transactions {formatAmount(e.transactionsNet)},
                    difference {formatAmount(e.difference)}
                  </li>
                ))}
              </ul>
            </>
          }
        />
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
        <Descriptions.Item label="Username">{p.username}</Descriptions.Item>
        <Descriptions.Item label="Email">{p.email}</Descriptions.Item>
        <Descriptions.Item label="Phone">{p.phoneNo ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={zoned('Signed up')}>
          <span data-testid="profile-signed-up">{formatDateTime(p.createdAt)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Status">
          {p.deactivated ? 'Deactivated' : p.hasCompletedProfile ? 'Profile completed' : 'Profile not completed'}
        </Descriptions.Item>
        <Descriptions.Item label="Role">
          <Space>
            <Tag data-testid="profile-role">{p.role.title}</Tag>
            <ChangeRole userId={p._id} role={p.role} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="KYC level two">
          <KycTag status={p.kycLevelTwoStatus} testId="kyc-two" />
        </Descriptions.Item>
        <Descriptions.Item label="KYC level three">
          <KycTag status={p.kycLevelThreeStatus} testId="kyc-three" />
        </Descriptions.Item>
        <Descriptions.Item label="KYC">
          <Link to={`/manage-kyc/${p._id}`}>Manage KYC</Link>
        </Descriptions.Item>
        <Descriptions.Item label="Trust score">
          <Space>
            <TrustScoreTag score={p.trustScore} />
            <TrustScoreAction userId={p._id} score={p.trustScore} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="Two-factor">
          <Space>
            <Tag color={p.enabledTwoFactor ? 'green' : 'default'} data-testid="two-factor">
              {p.enabledTwoFactor ? 'Enabled' : 'Disabled'}
            </Tag>
            <RemoveTwoFactor userId={p._id} enabled={p.enabledTwoFactor} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="Referrals">{p.referralCount}</Descriptions.Item>
        <Descriptions.Item label="Referred by">{p.refereeName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="User types">
          {usertypes.data?.records.length
            ? usertypes.data.records.map((t) => <Tag key={t._id}>{t.usertype.name}</Tag>)
            : '-'}
        </Descriptions.Item>
      </Descriptions>
      {showDevices && (
        <Flex vertical style={{ marginTop: 16 }} data-testid="registration-device">
          <Typography.Title level={5}>Registration device</Typography.Title>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
            <Descriptions.Item label="Type">{device?.type ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Build">{device?.build ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Description">{device?.description ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Serial">{device?.serial ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Country">{device?.country ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Coordinates">
              {coords?.lat != null && coords.long != null ? (
                <a href={mapsUrl(`${coords.lat},${coords.long}`)} target="_blank" rel="noreferrer">
                  {coords.lat}, {coords.long}
                </a>
              ) : (
                '-'
              )}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      )}
    </Card>
  );
};
