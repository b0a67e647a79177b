import type { ReactNode } from 'react';
import {
  CURRENCY_CODES,
  formatAmount,
  shortAddress,
  withdrawalMachine,
  type WithdrawalRequest,
} from '@vaultdesk/contract';
import { StateTag } from '../../components/status-tag';
import { type DataColumns } from '../../components/data-table';
import { formatDateTime, zoned } from '../../components/date-time';

/** The wide table's columns (spec §2); `actions` renders a row's last, fixed column. */
export const withdrawalColumns = (actions: (r: WithdrawalRequest) => ReactNode): DataColumns<WithdrawalRequest> => [
  {
    title: zoned('Date'),
    dataIndex: 'createdAt',
    key: 'createdAt',
    fixed: 'left',
    render: (v: string) => formatDateTime(v),
  },
  { title: 'Name', key: 'name', render: (_, r) => r.userId.fullName },
  { title: 'Username', key: 'username', render: (_, r) => r.userId.username },
  { title: 'Email', key: 'email', render: (_, r) => r.userId.email },
  {
    title: 'Currency',
    dataIndex: 'currency',
    key: 'currency',
    render: (c: number) => CURRENCY_CODES[c as 1 | 2] ?? c,
  },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: (v: string) => formatAmount(v) },
  { title: 'Fee', dataIndex: 'fee', key: 'fee', align: 'right', render: (v: string) => formatAmount(v) },
  {
    title: 'Final amount',
    dataIndex: 'finalAmount',
    key: 'finalAmount',
    align: 'right',
    render: (v: string) => formatAmount(v),
  },
  {
    title: 'Former balance',
    dataIndex: 'formerBalance',
    key: 'formerBalance',
    align: 'right',
    render: (v: string) => formatAmount(v),
  },
  { title: 'Balance', dataIndex: 'balance', key: 'balance', align: 'right', render: (v: string) => formatAmount(v) },
  {
    title: 'Initiator',
    dataIndex: 'initiator',
    key: 'initiator',
    render: (i: number) => (i === 1 ? 'User' : 'VLT Bridge'),
  },
  { title: 'P2P ref', dataIndex: 'p2pRef', key: 'p2pRef', render: (v: string | null) => v ?? '—' },
  {
    title: 'Destination',
    dataIndex: 'destinationAddress',
    key: 'dest',
    render: (v: string, r) => (
      <span title={v}>
        {shortAddress(v)}
        {r.inAppTransaction ? ' (in-app)' : ''}
      </span>
    ),
  },
  {
    title: 'Hash',
    dataIndex: 'transactionHash',
    key: 'hash',
    render: (v: string | null) => (v ? <span title={v}>{shortAddress(v)}</span> : '—'),
  },
  { title: 'Processed by', key: 'processedBy', render: (_, r) => r.processedBy?.email ?? '—' },
  { title: 'Status changed by', key: 'changedBy', render: (_, r) => r.lastStatusChangedByUserId?.email ?? '—' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (s: number) => <StateTag machine={withdrawalMachine} state={s} />,
  },
  { title: 'Actions', key: 'actions', fixed: 'right', render: (_, r) => actions(r) },
];
