import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Statistic } from 'antd';
import type { Address, EIP1193Provider } from 'viem';
import {
  canTransition,
  CURRENCY_CODES,
  formatAmount,
  FUNDS_TRANSFERRED,
  PROCESS_FAILED,
  PROCESS_TRIGGERED,
  QUEUE_PAGE_SIZE,
  shortAddress,
  stateInfo,
  STATUS_CHANGE_FAILED,
  STATUS_CHANGED,
  targetsFrom,
  TX_HASH,
  WITHDRAWAL_CANCELLED,
  WITHDRAWAL_PROCESSED,
  WITHDRAWAL_SELECTABLE,
  withdrawalMachine,
  type WithdrawalRequest,
  type WithdrawalStatus,
  withdrawalListQuery,
} from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../api/client';
import { useMe } from '../../api/me';
import { useLiveTopic } from '../../api/use-live-topic';
import { hasInjectedProvider, NO_PROVIDER, useWalletState } from '../../components/wallet/wallet-state';
import { useChainConfig } from '../../api/chain-config';
import { useWithdrawOutCounts } from './api/get-queue-status';
import { useWithdrawalRequests } from './api/get-withdrawal-requests';
import { useProcessWithdrawal, useUpdateWithdrawalStatus } from './api/withdrawal-mutations';
import { StatusTag } from '../../components/status-tag';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { Select } from '../../components/lazy-select';
import { useUrlState } from '../../components/use-url-state';
import { withdrawOutKeys } from './query-keys';

const STATUSES = Object.keys(withdrawalMachine.states).map(Number) as WithdrawalStatus[];
const withdrawOutUrl = withdrawalListQuery.pick({ status: true, page: true });
const label = (s: number) => stateInfo(withdrawalMachine, s).label;

/** Payouts sent from this browser's wallet and not yet recorded with Process, by request id. */
const PAID_KEY = 'vaultdesk.withdrawal-payouts';
const readPaid = (): Record<string, string> => {
  try {
    return JSON.parse(localStorage.getItem(PAID_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
};
const forgetPaid = (id: string) => {
  const { [id]: _recorded, ...rest } = readPaid();
  localStorage.setItem(PAID_KEY, JSON.stringify(rest));
};

/** Withdrawal Out (spec §2, §4): status filter (default 8 Review), queue counters, the wide table, 30 a page, row actions. */
export const WithdrawOutPage = () => {
  const { message, modal } = App.useApp();
  const [{ status, page }, setUrl] = useUrlState(withdrawOutUrl);
  const { data, isFetching } = useWithdrawalRequests(page, status);
  const counts = useWithdrawOutCounts();
  // A request a colleague reviews, pays or cancels leaves this table within a second.
  useLiveTopic('withdrawal-out', [withdrawOutKeys.all, withdrawOutKeys.queue]);
  const { data: me } = useMe();
  const permissions = me?.authRole.permissions ?? [];
  const update = useUpdateWithdrawalStatus();
  const process = useProcessWithdrawal();
  const [processing, setProcessing] = useState<WithdrawalRequest | null>(null);
  const [form] = Form.useForm<{ hash: string }>();
  const { address, chainId, isConnected } = useWalletState();
  const { data: chain } = useChainConfig();
  const [transferring, setTransferring] = useState(false);
  const [paid, setPaid] = useState(readPaid);

  /**
   * Process Request of an on-chain payout: the connected wallet transfers the final amount to the
   * destination; once mined the spec's 'Funds transfer was successful. Continue process.' shows and
   * the hash fills the form, to be recorded with Process.
   */
  const transfer = (r: WithdrawalRequest) => {
    // One payout per request: a transfer made from this browser is remembered until Process records it.
    const earlier = readPaid()[r._id];
    if (earlier) return void message.warning(`Already paid from this browser: ${earlier}. Record it with Process.`);
    const provider = (window as { ethereum?: EIP1193Provider }).ethereum;
    if (!hasInjectedProvider() || !provider) return void message.error(NO_PROVIDER);
    if (!isConnected || !address) return void message.warning('Connect Metamask first');
    if (!chain?.contracts || !chain.chainId) return void message.error('No chain is configured on the server');
    if (chainId !== chain.chainId) return void message.warning(`Switch the wallet to chain ${chain.chainId} first`);
    const currency = CURRENCY_CODES[r.currency as 1 | 2] ?? 'BUSD';
    const token = (currency === 'VLT' ? chain.contracts.VLT : chain.contracts.BUSD) as Address;
    modal.confirm({
      title: 'Are you sure?',
      content: `Send ${formatAmount(r.finalAmount)} ${currency} to ${shortAddress(r.destinationAddress)} from ${shortAddress(address)}?`,
      okText: 'Send',
      onOk: () => {
        setTransferring(true);
        void import('./transfer-funds')
          .then(({ transferFunds }) =>
            transferFunds({
              provider,
              account: address,
              token,
              to: r.destinationAddress as Address,
              amount: r.finalAmount,
            }),
          )
          .then(
            (hash) => {
              const next = { ...readPaid(), [r._id]: hash };
              localStorage.setItem(PAID_KEY, JSON.stringify(next));
              setPaid(next);
              form.setFieldValue('hash', hash);
              message.success(FUNDS_TRANSFERRED);
            },
            (e: unknown) => message.error(errorMessage(e)),
          )
          .finally(() => setTransferring(false));
      },
    });
  };

  const setQuery = (next: { status?: WithdrawalStatus; page: number }) => setUrl(next);

  const columns: DataColumns<WithdrawalRequest> = [
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
      render: (s: number) => <StatusTag color={stateInfo(withdrawalMachine, s).color}>{label(s)}</StatusTag>,
    },
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, r) => {
        const targets = targetsFrom(withdrawalMachine, r.status as WithdrawalStatus, permissions).filter((s) =>
          WITHDRAWAL_SELECTABLE.includes(s),
        );
        return (
          <Flex gap={4} wrap>
            {targets.length > 0 && (
              <Select<number>
                size="small"
                style={{ width: 130 }}
                placeholder="Change status"
                aria-label={`Change status of ${r.userId.username}`}
                value={null}
                options={targets.map((s) => ({ value: s, label: label(s) }))}
                onChange={(s) =>
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
              />
            )}
            {canTransition(withdrawalMachine, r.status as WithdrawalStatus, WITHDRAWAL_PROCESSED, permissions) && (
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  form.resetFields();
                  form.setFieldValue('hash', paid[r._id]);
                  setProcessing(r);
                }}
              >
                Process Request
              </Button>
            )}
            {canTransition(withdrawalMachine, r.status as WithdrawalStatus, WITHDRAWAL_CANCELLED, permissions) && (
              <Popconfirm
                title="Are you sure?"
                description="Cancel this request and return the funds to the user?"
                okText="Yes"
                onConfirm={() =>
                  update.mutateAsync({ requestId: r._id, status: WITHDRAWAL_CANCELLED }).then(
                    () => message.success(PROCESS_TRIGGERED),
                    (e: unknown) => {
                      if (!isApprovalRequested(e)) void message.error('Failed');
                    },
                  )
                }
              >
                <Button size="small" danger>
                  Cancel Request
                </Button>
              </Popconfirm>
            )}
          </Flex>
        );
      },
    },
  ];

  const c = counts.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Withdrawal Out
      </Typography.Title>
      {c && (
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
      )}
      <Select<number>
        aria-label="Status filter"
        style={{ width: 180 }}
        value={status}
        options={STATUSES.map((s) => ({ value: s, label: `${s} ${label(s)}` }))}
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
      <Modal
        title="Process Request"
        open={!!processing}
        okText="Process"
        confirmLoading={process.isPending}
        onCancel={() => setProcessing(null)}
        onOk={() =>
          void form.validateFields().then(({ hash }) =>
            process
              .mutateAsync({ requestId: processing!._id, hash: hash.trim(), inApp: processing!.inAppTransaction })
              .then(
                () => {
                  message.success(PROCESS_TRIGGERED);
                  forgetPaid(processing!._id);
                  setPaid(readPaid());
                  setProcessing(null);
                },
                (e: unknown) => {
                  if (isApprovalRequested(e)) setProcessing(null);
                  else void message.error(PROCESS_FAILED);
                },
              ),
          )
        }
      >
        {processing && !processing.inAppTransaction && (
          <Flex vertical gap={8} style={{ marginBottom: 12 }}>
            <Typography.Text>
              Pay {formatAmount(processing.finalAmount)} {CURRENCY_CODES[processing.currency as 1 | 2] ?? ''} to{' '}
              <span title={processing.destinationAddress}>{shortAddress(processing.destinationAddress)}</span> from the
              connected wallet, or enter the hash of a payout made elsewhere.
            </Typography.Text>
            <Button
              loading={transferring}
              disabled={!!paid[processing._id]}
              onClick={() => transfer(processing)}
              style={{ alignSelf: 'flex-start' }}
            >
              {paid[processing._id] ? 'Transferred' : 'Transfer with wallet'}
            </Button>
          </Flex>
        )}
        <Form form={form} layout="vertical">
          <Form.Item
            name="hash"
            label="Transaction hash"
            rules={[
              { required: true, message: 'Enter the transaction hash' },
              { pattern: TX_HASH, message: 'Enter a transaction hash: 0x followed by 64 hex digits' },
            ]}
          >
            <Input placeholder="0x..." />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
};
