import { App as AntApp, Alert, Button, Descriptions, Flex, Form, Input, Popconfirm, Tag } from 'antd';
import type { AdminProfile, UpdateAdminProfileBody } from '@vaultdesk/contract';
import { ApiError, errorMessage } from '../../api/client';
import { UpdatePasswordPage } from './update-password-page';
import { useAdminProfile, useSignOutOthersMutation, useUpdateProfileMutation } from './api/admin-profile';
import { PasskeysCard } from './components/passkeys-card';
import { DataTable, type DataColumns } from '../../components/data-table';
import { LightTabs } from '../../components/light-tabs';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { formatDateTime, formatDateTimeInZone, zoned } from '../../components/date-time';

const when = (iso: string) => formatDateTime(iso, { seconds: true });
type Session = AdminProfile['sessions'][number];
type Attempt = AdminProfile['lastSignIns'][number];

const sessionColumns: DataColumns<Session> = [
  {
    title: zoned('Signed in'),
    dataIndex: 'createdAt',
    key: 'createdAt',
    render: (v: string, r) => (
      <>
        {when(v)} {r.current && <Tag color="green">This session</Tag>}
      </>
    ),
  },
  { title: zoned('Expires'), dataIndex: 'expiresAt', key: 'expiresAt', render: when },
  { title: 'IP', dataIndex: 'ip', key: 'ip', render: (v: string | null) => v ?? '—' },
  {
    title: 'Browser',
    dataIndex: 'userAgent',
    key: 'userAgent',
    ellipsis: true,
    render: (v: string | null) => v ?? '—',
  },
];

const attemptColumns: DataColumns<Attempt> = [
  { title: zoned('When'), dataIndex: 'at', key: 'at', render: when },
  { title: 'IP', dataIndex: 'ip', key: 'ip' },
  { title: 'Step', dataIndex: 'step', key: 'step' },
  {
    title: 'Result',
    dataIndex: 'success',
    key: 'success',
    render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? 'Succeeded' : 'Failed'}</Tag>,
  },
];

const InfoTab = ({ profile }: { profile: AdminProfile }) => {
  const { message } = AntApp.useApp();
  const signOutOthers = useSignOutOthersMutation();
  const others = profile.sessions.filter((s) => !s.current).length;
  return (
    <Flex vertical gap={16}>
      <Descriptions bordered size="small" column={1} style={{ maxWidth: 640 }} data-testid="admin-profile-info">
        <Descriptions.Item label="Name">{profile.fullName}</Descriptions.Item>
        <Descriptions.Item label="E-mail">{profile.email}</Descriptions.Item>
        <Descriptions.Item label="Role">{profile.role}</Descriptions.Item>
        <Descriptions.Item label="Two-factor">{profile.enable2FA ? 'Enabled' : 'Not enabled'}</Descriptions.Item>
        <Descriptions.Item label="Member since">
          {formatDateTimeInZone(profile.createdAt, { seconds: true })}
        </Descriptions.Item>
      </Descriptions>
      <Card
        size="small"
        title={`Open sessions (${profile.sessions.length})`}
        extra={
          <Popconfirm
            title="Are you sure?"
            description="Every other session of your account is signed out."
            okText="Sign out"
            onConfirm={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: ({ message: m, data }) => void message.success(`${m}: ${data.revoked}`),
                onError: (e) => void message.error(errorMessage(e)),
              })
            }
          >
            <Button danger disabled={others === 0} loading={signOutOthers.isPending}>
              Sign out other sessions
            </Button>
          </Popconfirm>
        }
      >
        <DataTable<Session>
          rowKey="_id"
          size="small"
          pagination={false}
          data-testid="sessions-table"
          columns={sessionColumns}
          dataSource={profile.sessions}
        />
      </Card>
      <PasskeysCard />
      <Card size="small" title="Last sign-ins">
        <DataTable<Attempt>
          rowKey={(r) => `${r.at}-${r.step}-${r.ip}`}
          size="small"
          pagination={false}
          data-testid="sign-ins-table"
          columns={attemptColumns}
          dataSource={profile.lastSignIns}
        />
      </Card>
    </Flex>
  );
};

const UpdateTab = ({ profile }: { profile: AdminProfile }) => {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<UpdateAdminProfileBody>();
  const update = useUpdateProfileMutation();
  return (
    <Flex gap={16} wrap align="start">
      <Card style={{ maxWidth: 520, flex: '1 1 360px' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Update Name
        </Typography.Title>
        <Form<UpdateAdminProfileBody>
          form={form}
          layout="vertical"
          aria-label="Update name"
          initialValues={{ fullName: profile.fullName }}
          onFinish={(values) =>
            update.mutate(values, {
              onSuccess: ({ message: m }) => void message.success(m),
              onError: (error) => {
                void message.error(errorMessage(error));
                if (error instanceof ApiError && error.fields?.fullName)
                  form.setFields([{ name: 'fullName', errors: error.fields.fullName }]);
              },
            })
          }
        >
          <Form.Item
            name="fullName"
            label="Name"
            rules={[{ required: true, whitespace: true, message: 'Please input your name!' }]}
          >
            <Input autoComplete="name" maxLength={100} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Save Name
          </Button>
        </Form>
      </Card>
      <UpdatePasswordPage />
    </Flex>
  );
};

/** The signed-in staff member's own account: Info (who, sessions, sign-ins) and Update (name, password). */
export const AdminProfilePage = () => {
  const { data, error, isLoading } = useAdminProfile();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Admin Profile
      </Typography.Title>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {isLoading && <Card loading />}
      {data && (
        <LightTabs
          items={[
            { key: 'info', label: 'Info', children: <InfoTab profile={data} /> },
            { key: 'update', label: 'Update', children: <UpdateTab profile={data} /> },
          ]}
        />
      )}
    </Flex>
  );
};
