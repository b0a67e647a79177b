import { Alert, Button, Descriptions, Empty, Flex, Form, Input, Tag } from 'antd';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  formatAmount,
  NOTE_SEARCH_MIN_LENGTH,
  NOTE_SUBJECT_LABELS,
  TEXT_LIMITS,
  TRANSACTION_STATES,
  type CaseNote,
  type FinderResult,
  type FoundNote,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useFinder, useNoteSearch } from './api/finder';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

const when = (iso: string) => formatDateTime(iso, { seconds: true });
const stateLabel = (code: number) => TRANSACTION_STATES[code]?.label ?? String(code);
type Tx = FinderResult['transactions'][number];
type Action = FinderResult['staffActions'][number];
type SignIn = FinderResult['signIns'][number];

const txColumns: DataColumns<Tx> = [
  { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: when, width: 170 },
  {
    title: 'Kind',
    dataIndex: 'kind',
    key: 'kind',
    render: (v: string) => <Tag color={v === 'savings' ? 'blue' : 'purple'}>{v}</Tag>,
  },
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
// Notes render as text (React escapes them), never as HTML.
const noteColumns: DataColumns<CaseNote> = [
  { title: zoned('When'), dataIndex: 'createdAt', key: 'createdAt', render: when, width: 170 },
  { title: 'Staff member', key: 'author', render: (_, r) => `${r.authorName} (${r.authorEmail})` },
  {
    title: 'On',
    dataIndex: 'on',
    key: 'on',
    render: (v: CaseNote['on']) => <Tag color={v === 'kyc' ? 'purple' : 'blue'}>{NOTE_SUBJECT_LABELS[v]}</Tag>,
  },
  {
    title: 'Note',
    dataIndex: 'note',
    key: 'note',
    render: (v: string, r) => (
      <span style={{ whiteSpace: 'pre-wrap' }}>
        {r.correctsId ? '(correction) ' : ''}
        {v}
      </span>
    ),
  },
];
const foundNoteColumns: DataColumns<FoundNote> = [
  {
    title: 'Customer',
    key: 'user',
    render: (_, r) => <Link to={`/user-profile/${r.user._id}`}>{r.user.fullName}</Link>,
  },
  { title: 'E-mail', key: 'email', render: (_, r) => r.user.email },
  ...(noteColumns as DataColumns<FoundNote>),
];

const signInColumns: DataColumns<SignIn> = [
  { title: zoned('When'), dataIndex: 'at', key: 'at', render: when },
  { title: 'Country', dataIndex: 'country', key: 'country', render: (v: string | null) => v ?? '—' },
  { title: 'Device', dataIndex: 'device', key: 'device', render: (v: string | null) => v ?? '—' },
];

/** The searched e-mail and note text, as typed (each form checks its own). */
const finderUrl = z.object({ email: z.string().default(''), notes: z.string().default('') });

/** Activity search: one customer's sign-ins, transactions and the staff actions on them, by e-mail. */
export const FinderPage = () => {
  const [{ email, notes: notesText }, search] = useUrlState(finderUrl);
  const { data, error, isFetching } = useFinder(email);
  const found = useNoteSearch(notesText);
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
        onFinish={(v: { email: string }) => search({ email: v.email.trim() })}
      >
        <Form.Item
          name="email"
          label="E-mail"
          rules={[
            { required: true, message: 'Please input your E-mail!' },
            { type: 'email', message: 'The input is not valid E-mail!' },
          ]}
        >
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
            <Descriptions.Item label="Status">
              {result.user.deactivated ? <Tag color="red">Deactivated</Tag> : <Tag color="green">Active</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title="Sign-ins (latest)">
            <DataTable<SignIn>
              rowKey="at"
              size="small"
              pagination={false}
              data-testid="finder-sign-ins"
              columns={signInColumns}
              dataSource={result.signIns}
            />
          </Card>
          <Card size="small" title={`Transactions (newest ${result.transactions.length})`}>
            <DataTable<Tx>
              rowKey="_id"
              size="small"
              pagination={{ pageSize: 10, showSizeChanger: false }}
              data-testid="finder-transactions"
              columns={txColumns}
              dataSource={result.transactions}
            />
          </Card>
          <Card size="small" title="Staff actions on this customer">
            <DataTable<Action>
              rowKey="_id"
              size="small"
              pagination={{ pageSize: 10, showSizeChanger: false }}
              data-testid="finder-staff-actions"
              columns={actionColumns}
              dataSource={result.staffActions}
            />
          </Card>
          <Card size="small" title={`Notes (newest ${result.notes.length})`}>
            <DataTable<CaseNote>
              rowKey="_id"
              size="small"
              pagination={{ pageSize: 10, showSizeChanger: false }}
              data-testid="finder-notes"
              columns={noteColumns}
              dataSource={result.notes}
            />
          </Card>
        </>
      )}
      <Typography.Title level={4} style={{ margin: 0 }}>
        Search notes
      </Typography.Title>
      <Form
        layout="inline"
        aria-label="Search notes"
        initialValues={{ notes: notesText }}
        onFinish={(v: { notes: string }) => search({ notes: v.notes.trim() })}
      >
        <Form.Item
          name="notes"
          label="Text"
          rules={[
            {
              required: true,
              whitespace: true,
              message: `Type at least ${NOTE_SEARCH_MIN_LENGTH} characters to search the notes`,
            },
            {
              min: NOTE_SEARCH_MIN_LENGTH,
              message: `Type at least ${NOTE_SEARCH_MIN_LENGTH} characters to search the notes`,
            },
            { max: TEXT_LIMITS.search, message: `At most ${TEXT_LIMITS.search} characters` },
          ]}
        >
          <Input style={{ width: 320 }} autoComplete="off" maxLength={TEXT_LIMITS.search} />
        </Form.Item>
        <Button htmlType="submit" loading={found.isFetching}>
          Search notes
        </Button>
      </Form>
      {found.error && <Alert type="error" showIcon title={errorMessage(found.error)} />}
      {notesText && found.data && (
        <Card size="small" title={`Notes holding “${notesText}” (newest ${found.data.data.length})`}>
          <DataTable<FoundNote>
            rowKey="_id"
            size="small"
            pagination={{ pageSize: 10, showSizeChanger: false }}
            data-testid="finder-found-notes"
            columns={foundNoteColumns}
            dataSource={found.data.data}
          />
        </Card>
      )}
    </Flex>
  );
};
