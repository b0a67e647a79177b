import { useState } from 'react';
import { App, Flex, Form, Statistic } from 'antd';
import {
  PROCESS_TRIGGERED,
  QUEUE_PAGE_SIZE,
  STATUS_CHANGE_FAILED,
  STATUS_CHANGED,
  WITHDRAWAL_CANCELLED,
  withdrawalMachine,
  type WithdrawalRequest,
  type WithdrawalStatus,
  withdrawalListQuery,
} from '@vaultdesk/contract';
import { isApprovalRequested } from '../../api/client';
import { useMe } from '../../api/me';
import { useLiveTopic } from '../../api/use-live-topic';
import { useWithdrawOutCounts } from './api/get-queue-status';
import { useWithdrawalRequests } from './api/get-withdrawal-requests';
import { useUpdateWithdrawalStatus } from './api/withdrawal-mutations';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { Select } from '../../components/lazy-select';
import { useUrlState } from '../../components/use-url-state';
import { withdrawOutKeys } from './query-keys';
import { useWalletPayout } from './use-wallet-payout';
import { statusLabel, WithdrawalRowActions } from './withdrawal-row-actions';
import { withdrawalColumns } from './withdrawal-columns';
import { ProcessRequestModal } from './process-request-modal';

const STATUSES = Object.keys(withdrawalMachine.states).map(Number) as WithdrawalStatus[];
const withdrawOutUrl = withdrawalListQuery.pick({ status: true, page: true });

/** The queue counters above the table. */
const WithdrawOutCounters = () => {
  const c = useWithdrawOutCounts().data;
  if (!c) return null;
  return (
    <Flex gap={24} wrap data-testid="queue-counters">
      {(
        [
          ['Pending', c.pending],
          ['Processing', c.processing],
          ['Completed', c.completed],
          ['Canceled', c.canceled],
          ['Retry', c.retry],
          ['Hold', c.hold],
          ['Review', c.review],
        ] as const
      ).map(([t, v]) => (
        <Statistic key={t} title={t} value={v} />
      ))}
    </Flex>
  );
};

/** Withdrawal Out (spec §2, §4): status filter (default 8 Review), queue counters, the wide table, 30 a page, row actions. */
export const WithdrawOutPage = () => {
  const { message } = App.useApp();
  const [{ status, page }, setUrl] = useUrlState(withdrawOutUrl);
  const { data, isFetching } = useWithdrawalRequests(page, status);
  // A request a colleague reviews, pays or cancels leaves this table within a second.
  useLiveTopic('withdrawal-out', [withdrawOutKeys.all, withdrawOutKeys.queue]);
  const { data: me } = useMe();
  const permissions = me?.authRole.permissions ?? [];
  const update = useUpdateWithdrawalStatus();
  const [processing, setProcessing] = useState<WithdrawalRequest | null>(null);
  const [form] = Form.useForm<{ hash: string }>();
  const payout = useWalletPayout(form);

  const setQuery = (next: { status?: WithdrawalStatus; page: number }) => setUrl(next);

  const columns = withdrawalColumns((r) => (
    <WithdrawalRowActions
      request={r}
      permissions={permissions}
      onStatus={(s) =>
        update.mutate(
          { requestId: r._id, status: s },
          {
            onSuccess: () => message.success(STATUS_CHANGED),
            onError: (e) => {
              if (!isApprovalRequested(e)) void message.error(STATUS_CHANGE_FAILED);
            },
          },
        )
      }
      onProcess={() => {
        form.resetFields();
        form.setFieldValue('hash', payout.paid[r._id]);
        setProcessing(r);
      }}
      onCancel={() =>
        update.mutateAsync({ requestId: r._id, status: WITHDRAWAL_CANCELLED }).then(
          () => message.success(PROCESS_TRIGGERED),
          (e: unknown) => {
            if (!isApprovalRequested(e)) void message.error('Failed');
          },
        )
      }
    />
  ));

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Withdrawal Out
      </Typography.Title>
      <WithdrawOutCounters />
      <Select<number>
        aria-label="Status filter"
        style={{ width: 180 }}
        value={status}
        options={STATUSES.map((s) => ({ value: s, label: `${s} ${statusLabel(s)}` }))}
        onChange={(s) => setQuery({ status: s as WithdrawalStatus, page: 1 })}
      />
      <DataTable<WithdrawalRequest>
        rowKey="_id"
        size="small"
        aria-label="Withdrawal requests"
        loading={isFetching}
        dataSource={data?.records ?? []}
        columns={columns}
        scroll={{ x: 2200 }}
        pagination={{
          current: page,
          pageSize: QUEUE_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `${t} requests`,
          onChange: (p) => setQuery({ page: p }),
        }}
      />
      <ProcessRequestModal processing={processing} setProcessing={setProcessing} form={form} payout={payout} />
    </Flex>
  );
};
