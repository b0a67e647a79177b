import { Alert, Button, Descriptions, Empty, Flex, Form, Input, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatAmount, TRANSACTION_STATES, type FinderResult } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useFinder } from './api/finder';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

const when = (iso: string) => formatDateTime(iso, { seconds: true });
const stateLabel = (code: number) => TRANSACTION_STATES[code]?.label ?? String(code);
type Tx = FinderResult['transactions'][number];
type Action = FinderResult['staffActions'][number];
type SignIn = FinderResult['signIns'][number];

const txColumns: DataColumns<Tx> = [
  { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: when, width: 170 },
  { title: 'Kind', dataIndex: 'kind', key: 'kind', render: (v: string) => <Tag color={v === 'savings' ? 'blue' : 'purple'}>{v}</Tag> },
  { title: 'State', dataIndex: 'transactionState', key: 'state', render: (v: number) => `${v} ${stateLabel(v)}` },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: (v: string) => formatAmount(v) },
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  { title: 'Description', dataIndex: 'description', key: 'description', render: (v: string | null) => v ?? '—' },
];
const actionColumns: DataColumns<Action> = [
  { title: zoned('When'), dataIndex: 'at', key: 'at', render: when, width: 170 },
  { title: 'Staff member', dataIndex: 'actorEmail', key: 'actorEmail', render: (v: string | null) => v ?? 'system' },
  { title: 'Action', dataIndex: 'action', key: 'action' },
  { title: 'On', key: 'target', render: (_, r) => `${r.targetType}${r.targetId ? ` ${r.targetId}` : ''}` },
];
const signInColumns: DataColumns<SignIn> = [
  { title: zoned('When'), dataIndex: 'at', key: 'at', render: when },
  { title: 'Country', dataIndex: 'country', key: 'country', render: (v: string | null) => v ?? '—' },
  { title: 'Device', dataIndex: 'device', key: 'device', render: (v: string | null) => v ?? '—' },
];

/** Activity search: one customer's sign-ins, transactions and the staff actions on them, by e-mail. */
export const FinderPage = () => {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const { data, error, isFetching } = useFinder(email);
  const result = data?.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Activity Search
      </Typography.Title>
      <Form
        layout="inline"
        aria-label="Activity search"
        initialValues={{ email }}
        onFinish={(v: { email: string }) => setParams(new URLSearchParams({ email: v.email.trim() }))}
      >
        <Form.Item name="email" label="E-mail" rules={[{ required: true, message: 'Please input your E-mail!' }, { type: 'email', message: 'The input is not valid E-mail!' }]}>
          <Input style={{ width: 320 }} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isFetching}>
          Search
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {email && result && !result.user && <Empty description={data.message} />}
      {result?.user && (
        <>
          <Descriptions bordered size="small" column={2} data-testid="finder-user">
            <Descriptions.Item label="Name">
              <Link to={`/user-profile/${result.user._id}`}>{result.user.fullName}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="Username">{result.user.username}</Descriptions.Item>
            <Descriptions.Item label="E-mail">{result.user.email}</Descriptions.Item>
            <Descriptions.Item label="Joined (UTC)">{when(result.user.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Status">{result.user.deactivated ? <Tag color="red">Deactivated</Tag> : <Tag color="green">Active</Tag>}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title="Sign-ins (latest)">
            <DataTable<SignIn> rowKey="at" size="small" pagination={false} data-testid="finder-sign-ins" columns={signInColumns} dataSource={result.signIns} />
          </Card>
          <Card size="small" title={`Transactions (newest ${result.transactions.length})`}>
            <DataTable<Tx> rowKey="_id" size="small" pagination={{ pageSize: 10, showSizeChanger: false }} data-testid="finder-transactions" columns={txColumns} dataSource={result.transactions} />
          </Card>
          <Card size="small" title="Staff actions on this customer">
            <DataTable<Action> rowKey="_id" size="small" pagination={{ pageSize: 10, showSizeChanger: false }} data-testid="finder-staff-actions" columns={actionColumns} dataSource={result.staffActions} />
          </Card>
        </>
      )}
    </Flex>
  );
};
