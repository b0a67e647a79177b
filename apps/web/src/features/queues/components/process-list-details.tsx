import { Button, Descriptions } from 'antd';
import type { Hash } from 'viem';
import { formatAmount, planTypeLabel, shortAddress, type ProcessList } from '@vaultdesk/contract';
import { formatDateTime, timeZoneName } from '../../../components/date-time';
import { DataTable } from '../../../components/data-table';
import { Typography } from '../../../components/typography';

/** The list's figures: items, total, its transaction hash, its creator and a batch sent but not saved. */
export const ProcessListSummary = ({ list, sent }: { list: ProcessList; sent: Hash | null }) => (
  <Descriptions
    size="small"
    column={3}
    items={[
      { key: 'items', label: 'Items', children: <span data-testid="process-list-count">{list.items.length}</span> },
      {
        key: 'total',
        label: 'Total amount',
        children: <span data-testid="process-list-total">{formatAmount(list.totalAmount)}</span>,
      },
      {
        key: 'hash',
        label: 'Transaction hash',
        children: list.transactionHash ? (
          <Typography.Text copyable={{ text: list.transactionHash }}>
            {shortAddress(list.transactionHash)}
          </Typography.Text>
        ) : (
          '—'
        ),
      },
      { key: 'creator', label: 'Created by', children: list.creator.email ?? '—' },
      ...(sent
        ? [
            {
              key: 'sent',
              label: 'Sent, not saved',
              span: 3,
              children: (
                <span data-testid="process-list-sent">
                  <Typography.Text copyable={{ text: sent }}>{shortAddress(sent)}</Typography.Text>
                  {` by ${list.sentBy?.email ?? 'unknown'} at ${list.sentAt ? `${formatDateTime(list.sentAt)} (${timeZoneName()})` : '—'}`}
                </span>
              ),
            },
          ]
        : []),
    ]}
  />
);

type Item = ProcessList['items'][number];

/** The list's items; `onRemove` (given while items may still leave) adds a Remove button to each. */
export const ProcessListItems = ({ list, onRemove }: { list: ProcessList; onRemove?: (i: Item) => void }) => (
  <DataTable
    size="small"
    rowKey="_id"
    pagination={false}
    dataSource={list.items}
    aria-label="Process list items"
    columns={[
      { title: 'User', key: 'user', render: (_, i) => i.userId.username },
      { title: 'Plan', key: 'plan', render: (_, i) => `${i.planName} (${planTypeLabel(i.planType)})` },
      {
        title: 'Amount',
        dataIndex: 'amount',
        key: 'amount',
        align: 'right',
        render: (v: string) => formatAmount(v),
      },
      ...(onRemove
        ? [
            {
              title: '',
              key: 'remove',
              render: (_: unknown, i: Item) => (
                <Button size="small" danger onClick={() => onRemove(i)}>
                  Remove
                </Button>
              ),
            },
          ]
        : []),
    ]}
  />
);
