import { useState } from 'react';
import { App, Button, Flex, Popconfirm } from 'antd';
import {
  activeProcessList,
  ADMIN_QUEUE_STATUSES,
  canTransition,
  formatAmount,
  ITEM_CANCELLED,
  isZeroAmount,
  planTypeLabel,
  QUEUE_ITEM_STATUSES,
  QUEUE_PAGE_SIZE,
  queueItemMachine,
  queueListQuery,
  stateInfo,
  queueItemWaits,
  sumAmounts,
  targetsFrom,
  type QueueItem,
  type QueueItemStatus,
  type QueueKind,
} from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useMe } from '../../../api/me';
import { useLiveTopic } from '../../../api/use-live-topic';
import { useProcessLists } from '../api/get-process-lists';
import { useQueue } from '../api/get-queue';
import { formatDateTime, zoned } from '../../../components/date-time';
import {
  addQueueItemToProcessList,
  useCancelQueueItem,
  useCreateProcessList,
  useUpdateAfterWithdrawal,
  useUpdateQueueItem,
} from '../api/queue-mutations';
import { ProcessListPanel } from './process-list-panel';
import { WalletBalancesCard } from './wallet-balances-card';
import { StatusTag } from '../../../components/status-tag';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable, type DataColumns } from '../../../components/data-table';
import { Typography } from '../../../components/typography';
import { Select } from '../../../components/lazy-select';
import { useUrlState } from '../../../components/use-url-state';
import { queuesKeys } from '../query-keys';

const queueUrl = queueListQuery.pick({ status: true, page: true });

/**
 * A queue screen (spec §2): wallet balances, the active process list, a status filter
 * (default pending, in the URL with the page), 30 a page; only pending rows have a checkbox and
 * Cancel; Process List is disabled while the selected total is 0.
 */
export const QueuePage = ({
  queue,
  title,
  fixedStatus,
}: {
  queue: QueueKind;
  title: string;
  fixedStatus?: QueueItemStatus;
}) => {
  const { message, modal } = App.useApp();
  const [url, setUrl] = useUrlState(queueUrl);
  const status: QueueItemStatus = fixedStatus ?? url.status;
  const { page } = url;
  const { data, isFetching, error } = useQueue(queue, page, status);
  const lists = useProcessLists(queue);
  // An item a colleague processes or cancels leaves this table within a second (the list, its
  // counts and the process lists are refetched when the queue changes anywhere).
  useLiveTopic(queue === 'deposit' ? 'deposit-queue' : 'withdraw-queue', [queuesKeys.queue(queue)]);
  const active = lists.data ? activeProcessList(lists.data, queue) : null;
  const { data: me } = useMe();
  const permissions = me?.authRole.permissions ?? [];
  const [selected, setSelected] = useState<QueueItem[]>([]);
  const [adding, setAdding] = useState(false);
  const update = useUpdateQueueItem(queue);
  const cancel = useCancelQueueItem(queue);
  const createList = useCreateProcessList(queue);
  const afterWithdrawal = useUpdateAfterWithdrawal();
  const total = sumAmounts(selected.map((s) => s.amount));

  const setQuery = (next: { status?: QueueItemStatus; page: number }) => setUrl(next);
  const fail = (e: unknown) => message.error(errorMessage(e));

  const processList = async () => {
    setAdding(true);
    try {
      // The queue's open list, made by the server if there is none: staff pressing Process List at once
      // share one list, and a list already saved on chain is refused (409) with the server's message.
      const open = await createList.mutateAsync();
      const listId = (open as unknown as { data: { _id: string } }).data._id;
      for (const item of selected) await addQueueItemToProcessList(item._id, listId);
      message.success(`${selected.length} items added to the process list`);
      setSelected([]);
    } catch (e) {
      fail(e);
    } finally {
      setAdding(false);
      await lists.refetch();
      createList.reset();
    }
  };

  const columns: DataColumns<QueueItem> = [
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
      render: (s: QueueItemStatus) => {
        const i = stateInfo(queueItemMachine, s);
        return <StatusTag color={i.color}>{i.label}</StatusTag>;
      },
    },
    { title: 'Process list by', key: 'creator', render: (_, r) => r.processList?.creator.email ?? '—' },
    { title: zoned('Updated'), dataIndex: 'updatedAt', key: 'updatedAt', render: (v: string) => formatDateTime(v) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, r) => {
        // Spec §4: an admin may set pending, processing, cancelled or done; the state machine says which from here.
        const targets = targetsFrom(queueItemMachine, r.status, permissions).filter((s) =>
          ADMIN_QUEUE_STATUSES.includes(s),
        );
        const setStatus = (s: QueueItemStatus) =>
          update.mutate(
            { queueItemId: r._id, status: s },
            { onSuccess: (res) => message.success(res.message), onError: fail },
          );
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
              <Popconfirm
                title="Are you sure?"
                description="Cancel this queue item?"
                okText="Yes"
                onConfirm={() => cancel.mutateAsync(r._id).then(() => message.success(ITEM_CANCELLED), fail)}
              >
                <Button size="small" danger>
                  Cancel
                </Button>
              </Popconfirm>
            )}
            {queue === 'withdraw' && r.status === 'processing' && r.processList?.status === 2 && (
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  afterWithdrawal.mutate(r._id, { onSuccess: (res) => message.success(res.message), onError: fail })
                }
              >
                Update after withdrawal
              </Button>
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <WalletBalancesCard />
      <ProcessListPanel queue={queue} list={active} loading={lists.isPending} />
      <Flex gap={12} align="center" wrap>
        {!fixedStatus && (
          <Select<QueueItemStatus>
            aria-label="Status filter"
            style={{ width: 160 }}
            value={status}
            options={QUEUE_ITEM_STATUSES.map((s) => ({ value: s, label: stateInfo(queueItemMachine, s).label }))}
            onChange={(s) => {
              setSelected([]);
              setQuery({ status: s, page: 1 });
            }}
          />
        )}
        <Typography.Text data-testid="selected-total">
          Selected: {selected.length} items, {formatAmount(total)} BUSD
        </Typography.Text>
        <Button type="primary" disabled={isZeroAmount(total)} loading={adding} onClick={() => void processList()}>
          Process List
        </Button>
      </Flex>
      {error && <Typography.Text type="danger">{errorMessage(error)}</Typography.Text>}
      <ScrollRegion label={`${title} items, scrollable`}>
        <DataTable<QueueItem>
          style={{ minWidth: 'max-content' }}
          rowKey="_id"
          size="small"
          aria-label={`${title} items`}
          loading={isFetching}
          dataSource={data?.records ?? []}
          columns={columns}
          rowSelection={{
            selectedRowKeys: selected.map((s) => s._id),
            onChange: (_keys, rows) => setSelected(rows),
            getCheckboxProps: (r) => ({
              disabled: !queueItemWaits(r.status),
              style: queueItemWaits(r.status) ? undefined : { display: 'none' },
              'aria-label': `Select ${r.userId.username}`,
            }),
          }}
          pagination={{
            current: page,
            pageSize: QUEUE_PAGE_SIZE,
            total: data?.totalRecords ?? 0,
            showSizeChanger: false,
            showTotal: (t) => `${t} items`,
            onChange: (p) => setQuery({ page: p }),
          }}
        />
      </ScrollRegion>
    </Flex>
  );
};
