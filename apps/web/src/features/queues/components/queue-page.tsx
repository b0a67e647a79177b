import { App, Button, Flex } from 'antd';
import {
  activeProcessList,
  formatAmount,
  ITEM_CANCELLED,
  isZeroAmount,
  QUEUE_ITEM_STATUSES,
  QUEUE_PAGE_SIZE,
  queueItemMachine,
  queueListQuery,
  stateInfo,
  queueItemWaits,
  type QueueItem,
  type QueueItemStatus,
  type QueueKind,
} from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useMe } from '../../../api/me';
import { useLiveTopic } from '../../../api/use-live-topic';
import { useProcessLists } from '../api/get-process-lists';
import { useQueue } from '../api/get-queue';
import { useCancelQueueItem, useUpdateAfterWithdrawal, useUpdateQueueItem } from '../api/queue-mutations';
import { ProcessListPanel } from './process-list-panel';
import { WalletBalancesCard } from './wallet-balances-card';
import { QueueItemActions, queueItemColumns } from './queue-item-columns';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/data-table';
import { Typography } from '../../../components/typography';
import { Select } from '../../../components/lazy-select';
import { useUrlState } from '../../../components/use-url-state';
import { queuesKeys } from '../query-keys';
import { useProcessListSelection } from './use-process-list-selection';

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
  const { message } = App.useApp();
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
  const { selected, setSelected, total, adding, processList } = useProcessListSelection(queue, lists.refetch);
  const update = useUpdateQueueItem(queue);
  const cancel = useCancelQueueItem(queue);
  const afterWithdrawal = useUpdateAfterWithdrawal();

  const setQuery = (next: { status?: QueueItemStatus; page: number }) => setUrl(next);
  const fail = (e: unknown) => message.error(errorMessage(e));

  const columns = queueItemColumns((r) => (
    <QueueItemActions
      queue={queue}
      item={r}
      permissions={permissions}
      setStatus={(s) =>
        update.mutate(
          { queueItemId: r._id, status: s },
          { onSuccess: (res) => message.success(res.message), onError: fail },
        )
      }
      onCancel={() => cancel.mutateAsync(r._id).then(() => message.success(ITEM_CANCELLED), fail)}
      onAfterWithdrawal={() =>
        afterWithdrawal.mutate(r._id, { onSuccess: (res) => message.success(res.message), onError: fail })
      }
    />
  ));

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
