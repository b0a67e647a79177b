import type { ReactNode } from 'react';
import { App, Button, Flex, Popconfirm } from 'antd';
import {
  ADMIN_QUEUE_STATUSES,
  canTransition,
  formatAmount,
  planTypeLabel,
  queueItemMachine,
  stateInfo,
  targetsFrom,
  type QueueItem,
  type QueueItemStatus,
  type QueueKind,
} from '@vaultdesk/contract';
import { formatDateTime, zoned } from '../../../components/date-time';
import { StateTag } from '../../../components/status-tag';
import { type DataColumns } from '../../../components/data-table';
import { Typography } from '../../../components/typography';
import { Select } from '../../../components/lazy-select';

/** A queue's columns; `actions` renders a row's last column. */
export const queueItemColumns = (actions: (r: QueueItem) => ReactNode): DataColumns<QueueItem> => [
  { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatDateTime(v) },
  {
    title: 'User',
    key: 'user',
    render: (_, r) => (
      <span>
        {r.userId.fullName} <Typography.Text type="secondary">@{r.userId.username}</Typography.Text>
      </span>
    ),
  },
  { title: 'Plan', key: 'plan', render: (_, r) => `${r.planName} (${planTypeLabel(r.planType)})` },
  {
    title: 'Amount (BUSD)',
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    render: (v: string) => formatAmount(v),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (s: QueueItemStatus) => <StateTag machine={queueItemMachine} state={s} />,
  },
  { title: 'Process list by', key: 'creator', render: (_, r) => r.processList?.creator.email ?? '—' },
  { title: zoned('Updated'), dataIndex: 'updatedAt', key: 'updatedAt', render: (v: string) => formatDateTime(v) },
  { title: 'Actions', key: 'actions', render: (_, r) => actions(r) },
];

/** A row's actions: set status (what the state machine allows from here), Cancel, Update after withdrawal. */
export const QueueItemActions = ({
  queue,
  item: r,
  permissions,
  setStatus,
  onCancel,
  onAfterWithdrawal,
}: {
  queue: QueueKind;
  item: QueueItem;
  permissions: readonly string[];
  setStatus: (s: QueueItemStatus) => void;
  onCancel: () => Promise<unknown>;
  onAfterWithdrawal: () => void;
}) => {
  const { modal } = App.useApp();
  // Spec §4: an admin may set pending, processing, cancelled or done; the state machine says which from here.
  const targets = targetsFrom(queueItemMachine, r.status, permissions).filter((s) => ADMIN_QUEUE_STATUSES.includes(s));
  return (
    <Flex gap={4} wrap>
      {targets.length > 0 && (
        <Select<QueueItemStatus>
          size="small"
          placeholder="Set status"
          aria-label={`Set status of ${r.userId.username}`}
          style={{ width: 130 }}
          value={null}
          options={targets.map((s) => ({ value: s, label: stateInfo(queueItemMachine, s).label }))}
          onChange={(s) => {
            // Cancelling is destructive: it asks first, as the row's Cancel button does.
            if (s !== 'cancelled') return setStatus(s);
            modal.confirm({
              title: 'Are you sure?',
              content: `Set ${r.userId.username}'s item to Cancelled?`,
              okText: 'Yes',
              cancelText: 'No',
              onOk: () => setStatus(s),
            });
          }}
        />
      )}
      {canTransition(queueItemMachine, r.status, 'cancelled', permissions) && (
        <Popconfirm title="Are you sure?" description="Cancel this queue item?" okText="Yes" onConfirm={onCancel}>
          <Button size="small" danger>
            Cancel
          </Button>
        </Popconfirm>
      )}
      {queue === 'withdraw' && r.status === 'processing' && r.processList?.status === 2 && (
        <Button size="small" type="primary" onClick={onAfterWithdrawal}>
          Update after withdrawal
        </Button>
      )}
    </Flex>
  );
};
