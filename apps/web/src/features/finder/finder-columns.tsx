import { Tag } from 'antd';
import { Link } from 'react-router';
import {
  formatAmount,
  NOTE_SUBJECT_LABELS,
  TRANSACTION_STATES,
  type CaseNote,
  type FinderResult,
  type FoundNote,
} from '@vaultdesk/contract';
import { type DataColumns } from '../../components/data-table';
import { formatDateTime, zoned } from '../../components/date-time';

export const when = (iso: string) => formatDateTime(iso, { seconds: true });
const stateLabel = (code: number) => TRANSACTION_STATES[code]?.label ?? String(code);
export type Tx = FinderResult['transactions'][number];
export type Action = FinderResult['staffActions'][number];
export type SignIn = FinderResult['signIns'][number];

export const txColumns: DataColumns<Tx> = [
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
export const actionColumns: DataColumns<Action> = [
  { title: zoned('When'), dataIndex: 'at', key: 'at', render: when, width: 170 },
  { title: 'Staff member', dataIndex: 'actorEmail', key: 'actorEmail', render: (v: string | null) => v ?? 'system' },
  { title: 'Action', dataIndex: 'action', key: 'action' },
  { title: 'On', key: 'target', render: (_, r) => `${r.targetType}${r.targetId ? ` ${r.targetId}` : ''}` },
];
// Notes render as text (React escapes them), never as HTML.
export const noteColumns: DataColumns<CaseNote> = [
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
export const foundNoteColumns: DataColumns<FoundNote> = [
  {
    title: 'Customer',
    key: 'user',
    render: (_, r) => <Link to={`/user-profile/${r.user._id}`}>{r.user.fullName}</Link>,
  },
  { title: 'E-mail', key: 'email', render: (_, r) => r.user.email },
  ...(noteColumns as DataColumns<FoundNote>),
];

export const signInColumns: DataColumns<SignIn> = [
  { title: zoned('When'), dataIndex: 'at', key: 'at', render: when },
  { title: 'Country', dataIndex: 'country', key: 'country', render: (v: string | null) => v ?? '—' },
  { title: 'Device', dataIndex: 'device', key: 'device', render: (v: string | null) => v ?? '—' },
];
