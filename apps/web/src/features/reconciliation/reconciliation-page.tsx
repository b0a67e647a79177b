import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Col, Flex, Row, Statistic } from 'antd';
import {
  BATCH_CHECK_LABELS,
  formatAmount,
  RECONCILIATION_KINDS,
  RECONCILIATION_PAGE_SIZE,
  RECONCILIATION_ROW_CAP,
  RECONCILIATION_STEP_LABELS,
  type BatchCheckRow,
  type FlaggedRow,
  type HoldDriftRow,
  type LedgerDriftRow,
  type Reconciliation,
  type ReconciliationKind,
  type ReconciliationRun,
  type TransactionUsedTwiceRow,
  type DepositUnbackedRow,
} from '@vaultdesk/contract';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { StatusTag } from '../../components/status-tag';
import { Typography } from '../../components/typography';
import { formatDateTime, formatDateTimeInZone, zoned } from '../../components/date-time';
import { useReconciliation, useReconciliationRows, useRunReconciliation } from './api/get-reconciliation';

type Figure = { title: string; testId: string; value: number; danger?: boolean; note?: ReactNode };

const figuresOf = (r: Reconciliation): Figure[] => [
  {
    title: 'Wallets checked',
    testId: 'rec-wallets',
    value: r.ledger.wallets,
    note: `${r.ledger.users.toLocaleString()} users, ${r.ledger.balances.toLocaleString()} balances`,
  },
  {
    title: 'Ledger drift',
    testId: 'rec-ledger-drift',
    value: r.ledger.drift,
    danger: r.ledger.drift > 0,
    note: 'balances not equal to their ledger',
  },
  {
    title: `Flagged over ${r.tolerance}`,
    testId: 'rec-flagged',
    value: r.flagged.total,
    note: `${r.flagged.explained} explained, ${r.flagged.unexplained} unexplained`,
  },
  {
    title: 'Flags unexplained',
    testId: 'rec-flagged-unexplained',
    value: r.flagged.unexplained,
    danger: r.flagged.unexplained > 0,
    note: 'no ledger row accounts for them',
  },
  {
    title: 'Plan holds checked',
    testId: 'rec-holds',
    value: r.holds.plans,
    note: `${r.holds.drift} not what the lock stands for`,
  },
  { title: 'Hold drift', testId: 'rec-hold-drift', value: r.holds.drift, danger: r.holds.drift > 0 },
  {
    title: 'Batches checked',
    testId: 'rec-batches',
    value: r.batches.saved,
    note: `${r.batches.matching} matching the chain`,
  },
  {
    title: 'Batches mismatching',
    testId: 'rec-batches-mismatching',
    value: r.batches.mismatching,
    danger: r.batches.mismatching > 0,
  },
  {
    title: 'Batches not on this chain',
    testId: 'rec-batches-not-on-chain',
    value: r.batches.notOnChain,
    note: 'see the reason on each',
  },
  {
    title: 'Batches not checked',
    testId: 'rec-batches-not-checked',
    value: r.batches.notChecked,
    note: r.chainId === null ? 'no chain configured' : undefined,
  },
  {
    title: 'Transactions used twice',
    testId: 'rec-transactions-used-twice',
    value: r.transactions?.usedTwice ?? 0,
    danger: (r.transactions?.usedTwice ?? 0) > 0,
    note: r.transactions
      ? `of ${r.transactions.recorded.toLocaleString()} backing batches, resolves and payouts`
      : 'not checked by this run',
  },
  {
    title: 'Deposits not backed',
    testId: 'rec-deposits-unbacked',
    value: r.deposits?.unbacked ?? 0,
    danger: (r.deposits?.unbacked ?? 0) > 0,
    note: r.deposits
      ? `of ${r.deposits.credited.toLocaleString()} credited by the chain watcher (${r.deposits.notChecked.toLocaleString()} not checked)`
      : 'not checked by this run',
  },
];

const BATCH_COLORS: Record<BatchCheckRow['status'], string> = {
  matching: 'green',
  mismatching: 'red',
  'not-on-chain': 'orange',
  'not-checked': 'gray',
};
const owner = (r: { userId: string | null; userEmail: string | null }) =>
  r.userId ? <Link to={`/user-profile/${r.userId}`}>{r.userEmail ?? r.userId}</Link> : '—';
const amount = (v: string | null) => (v === null ? '—' : formatAmount(v));
const shortHash = (h: string | null) => (h ? `${h.slice(0, 10)}…${h.slice(-6)}` : '—');

const LEDGER_COLUMNS: DataColumns<LedgerDriftRow> = [
  { title: 'Customer', key: 'owner', render: (_, r) => owner(r) },
  { title: 'Wallet', dataIndex: 'walletId', ellipsis: true },
  { title: 'Currency', dataIndex: 'currency' },
  { title: 'Balance', dataIndex: 'balance', align: 'right', render: amount },
  { title: 'Ledger sum', dataIndex: 'ledgerSum', align: 'right', render: amount },
  { title: 'Ledger rows', dataIndex: 'ledgerRows', align: 'right' },
  { title: 'Difference', dataIndex: 'difference', align: 'right', render: amount },
];
const FLAGGED_COLUMNS: DataColumns<FlaggedRow> = [
  { title: 'Customer', key: 'owner', render: (_, r) => owner(r) },
  { title: 'Currency', dataIndex: 'currency' },
  { title: 'Balance', dataIndex: 'balance', align: 'right', render: amount },
  { title: 'Transactions net', dataIndex: 'transactionsNet', align: 'right', render: amount },
  { title: 'Difference', dataIndex: 'difference', align: 'right', render: amount },
  {
    title: 'Posted twice',
    dataIndex: 'duplicatedAmount',
    align: 'right',
    render: (v: string, r) => `${amount(v)} (${r.duplicatePostings})`,
  },
  { title: 'Left over', dataIndex: 'residual', align: 'right', render: amount },
  {
    title: 'Explained',
    dataIndex: 'explained',
    render: (v: boolean) => <StatusTag color={v ? 'green' : 'red'}>{v ? 'Explained' : 'Unexplained'}</StatusTag>,
  },
  { title: 'Why', dataIndex: 'reason', width: 360 },
];
const HOLD_COLUMNS: DataColumns<HoldDriftRow> = [
  { title: 'Customer', key: 'owner', render: (_, r) => owner(r) },
  {
    title: 'Plan',
    dataIndex: 'planId',
    render: (v: string, r) => <Link to={`/savings-plan/${r.planType}/${v}`}>{v}</Link>,
  },
  { title: 'Currency', dataIndex: 'currency' },
  { title: 'Locked', dataIndex: 'locked', render: (v: boolean) => (v ? 'Yes' : 'No') },
  { title: 'Should hold', dataIndex: 'expected', align: 'right', render: amount },
  { title: 'Holds', dataIndex: 'held', align: 'right', render: amount },
  { title: 'Difference', dataIndex: 'difference', align: 'right', render: amount },
];
const BATCH_COLUMNS: DataColumns<BatchCheckRow> = [
  {
    title: 'Status',
    dataIndex: 'status',
    render: (v: BatchCheckRow['status']) => <StatusTag color={BATCH_COLORS[v]}>{BATCH_CHECK_LABELS[v]}</StatusTag>,
  },
  { title: 'Action', dataIndex: 'action' },
  {
    title: 'Transaction',
    dataIndex: 'transactionHash',
    render: (v: string | null) => <span title={v ?? undefined}>{shortHash(v)}</span>,
  },
  { title: zoned('Saved'), dataIndex: 'savedAt', render: (v: string) => formatDateTime(v, { seconds: true }) },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: amount },
  {
    title: 'Items',
    dataIndex: 'itemsCount',
    align: 'right',
    render: (v: number, r) => `${v} (${amount(r.itemsTotal)})`,
  },
  { title: 'On chain', dataIndex: 'chainAmount', align: 'right', render: amount },
  {
    title: 'What differs or why not compared',
    dataIndex: 'problems',
    width: 360,
    render: (v: string[]) => (v.length ? v.join('; ') : '—'),
  },
];

const DEPOSIT_COLUMNS: DataColumns<DepositUnbackedRow> = [
  {
    title: 'Transaction',
    dataIndex: 'txHash',
    render: (v: string, r) => <span title={v}>{`${shortHash(v)} #${r.logIndex}`}</span>,
  },
  { title: 'Customer', dataIndex: 'username', render: (v: string | null) => v ?? '—' },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: amount },
  { title: 'Currency', dataIndex: 'currency' },
  {
    title: zoned('Credited'),
    dataIndex: 'creditedAt',
    render: (v: string | null) => (v ? formatDateTime(v, { seconds: true }) : '—'),
  },
  { title: 'What the receipt says', dataIndex: 'problem', width: 360 },
];

const TRANSACTION_COLUMNS: DataColumns<TransactionUsedTwiceRow> = [
  {
    title: 'Transaction',
    dataIndex: 'hash',
    width: 200,
    render: (v: string) => <span title={v}>{shortHash(v)}</span>,
  },
  {
    title: 'Money events it backs (oldest first)',
    dataIndex: 'uses',
    render: (v: TransactionUsedTwiceRow['uses']) => (
      <Flex vertical>
        {v.map((u) => (
          <span key={`${u.kind}:${u.recordId}`}>
            {u.use}
            {u.at ? `, ${formatDateTime(u.at, { seconds: true })}` : ''}
          </span>
        ))}
      </Flex>
    ),
  },
];

/** One row list of the run on screen: page 1 from the page's state, further pages from the run's stored rows. */
function RowsTable<T>({
  title,
  kind,
  runId,
  first,
  columns,
  rowKey,
}: {
  title: string;
  kind: ReconciliationKind;
  runId: string;
  first: { records: T[]; totalRecords: number };
  columns: DataColumns<T>;
  rowKey: (row: T) => string;
}) {
  const [page, setPage] = useState(1);
  const more = useReconciliationRows(kind, page, runId);
  const records = page === 1 ? first.records : ((more.data?.rows.records ?? []) as T[]);
  const kept = Math.min(first.totalRecords, RECONCILIATION_ROW_CAP);
  return (
    <Card title={`${title} (${first.totalRecords.toLocaleString()})`} data-testid={`rec-table-${kind}`}>
      {more.error && <Alert type="error" showIcon title={errorMessage(more.error)} />}
      {kept < first.totalRecords && (
        <Typography.Paragraph type="secondary">
          The run kept the first {kept.toLocaleString()} of {first.totalRecords.toLocaleString()} rows of this list; the
          figures count them all.
        </Typography.Paragraph>
      )}
      <DataTable<T>
        aria-label={title}
        rowKey={rowKey}
        loading={page > 1 && more.isFetching}
        dataSource={records}
        scroll={{ x: 1400 }}
        columns={columns}
        pagination={{
          current: page,
          pageSize: RECONCILIATION_PAGE_SIZE,
          total: kept,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </Card>
  );
}

const when = (iso: string | null) => formatDateTimeInZone(iso, { seconds: true, fallback: '—' });
const requester = (run: ReconciliationRun) =>
  run.requestedBy ? `${run.requestedBy.fullName} (${run.requestedBy.email})` : 'the daily scheduled run';

/** The run queued or under way: what it is doing, polled until it is done. */
const currentText = (run: ReconciliationRun) => {
  if (run.status === 'queued') return `Queued ${when(run.requestedAt)} by ${requester(run)}: waiting for the worker`;
  const step = run.step
    ? `${RECONCILIATION_STEP_LABELS[run.step]} (part ${RECONCILIATION_KINDS.indexOf(run.step) + 1} of ${RECONCILIATION_KINDS.length})`
    : 'starting';
  return `Running since ${when(run.startedAt)}, asked by ${requester(run)}: ${step}`;
};

function Report({ runId, data }: { runId: string; data: Reconciliation }) {
  return (
    <>
      <Alert
        data-testid="rec-verdict"
        type={data.unexplained === 0 ? 'success' : 'error'}
        showIcon
        title={`${data.unexplained} unexplained drift`}
        description={`Checked ${when(data.checkedAt)}; batches compared with ${data.chainId === null ? 'no chain (none configured)' : `chain ${data.chainId}`}. ${data.batches.history.toLocaleString()} batch records without a process list (history loaded with the plans) have nothing to compare on chain.`}
      />
      <Row gutter={[16, 16]}>
        {figuresOf(data).map((f) => (
          <Col key={f.testId} xs={24} sm={12} xl={6}>
            <Card title={f.title} data-testid={f.testId}>
              <Statistic
                value={f.value}
                aria-label={f.title}
                styles={{ content: f.danger ? { color: '#cf1322' } : undefined }}
              />
              {f.note && <Typography.Text type="secondary">{f.note}</Typography.Text>}
            </Card>
          </Col>
        ))}
      </Row>
      {data.ledger.drift > 0 && (
        <RowsTable
          title="Ledger drift"
          kind="ledger"
          runId={runId}
          first={data.rows.ledger}
          columns={LEDGER_COLUMNS}
          rowKey={(r) => `${r.walletId}:${r.currency}`}
        />
      )}
      {data.flagged.total > 0 && (
        <RowsTable
          title={`Balances flagged over ${data.tolerance}`}
          kind="flagged"
          runId={runId}
          first={data.rows.flagged}
          columns={FLAGGED_COLUMNS}
          rowKey={(r) => `${r.walletId}:${r.currency}`}
        />
      )}
      {data.holds.drift > 0 && (
        <RowsTable
          title="Hold drift"
          kind="holds"
          runId={runId}
          first={data.rows.holds}
          columns={HOLD_COLUMNS}
          rowKey={(r) => r.planId}
        />
      )}
      {data.batches.saved > 0 && (
        <RowsTable
          title="Saved batches"
          kind="batches"
          runId={runId}
          first={data.rows.batches}
          columns={BATCH_COLUMNS}
          rowKey={(r) => r.batchId}
        />
      )}
      {(data.transactions?.usedTwice ?? 0) > 0 && (
        <RowsTable
          title="Transactions backing more than one money event"
          kind="transactions"
          runId={runId}
          first={data.rows.transactions}
          columns={TRANSACTION_COLUMNS}
          rowKey={(r) => r.hash}
        />
      )}
      {(data.deposits?.unbacked ?? 0) > 0 && (
        <RowsTable
          title="Credited deposits their receipt does not back"
          kind="deposits"
          runId={runId}
          first={data.rows.deposits}
          columns={DEPOSIT_COLUMNS}
          rowKey={(r) => r.depositId}
        />
      )}
    </>
  );
}

export const ReconciliationPage = () => {
  const { message } = App.useApp();
  const { data, error, isPending } = useReconciliation();
  const run = useRunReconciliation();
  const current = data?.current ?? null;
  const latest = data?.latest ?? null;
  const start = () =>
    run.mutate(undefined, {
      onSuccess: (res) => void message.success(res.message),
      onError: (err) => void message.error(errorMessage(err)),
    });
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Reconciliation
        </Typography.Title>
        <Button type="primary" onClick={start} disabled={!data || !!current} loading={run.isPending || !!current}>
          Run now
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Per customer: every balance against its ledger, and against its wallet transactions summed by direction (flagged
        over the tolerance, explained when the ledger shows why); every plan&apos;s holds against its lock. Per saved
        batch: the chain&apos;s transaction and receipt against the database. Per chain transaction: the money events it
        backs, one at most. A run reads every balance, so it runs in the background (and once a day on its own); this
        page shows the latest finished run.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {isPending && <Card loading title="Reconciliation" />}
      {current && <Alert data-testid="rec-current" type="info" showIcon title={currentText(current)} />}
      {data?.lastFailure && (
        <Alert
          data-testid="rec-last-failure"
          type="warning"
          showIcon
          title={`The last run, asked by ${requester(data.lastFailure)}, failed ${when(data.lastFailure.finishedAt)}`}
          description={data.lastFailure.error}
        />
      )}
      {data && !latest && !current && (
        <Alert
          data-testid="rec-empty"
          type="info"
          showIcon
          title="No reconciliation run has finished yet: press Run now"
        />
      )}
      {latest && (
        <>
          <Typography.Text data-testid="rec-run-info">
            Latest run: finished {when(latest.finishedAt)}, asked by {requester(latest)} ({when(latest.requestedAt)}).
          </Typography.Text>
          <Report key={latest.id} runId={latest.id} data={latest.report} />
        </>
      )}
    </Flex>
  );
};
