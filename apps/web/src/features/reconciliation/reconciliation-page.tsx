import { useState, type ReactNode } from 'react';
import { Alert, Button, Col, Flex, Row, Statistic } from 'antd';
import {
  BATCH_CHECK_LABELS, formatAmount, RECONCILIATION_PAGE_SIZE,
  type BatchCheckRow, type FlaggedRow, type HoldDriftRow, type LedgerDriftRow, type Reconciliation, type ReconciliationKind,
} from '@vaultdesk/contract';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { StatusTag } from '../../components/status-tag';
import { Typography } from '../../components/typography';
import { useReconciliation, useReconciliationRows } from './api/get-reconciliation';

type Figure = { title: string; testId: string; value: number; danger?: boolean; note?: ReactNode };

const figuresOf = (r: Reconciliation): Figure[] => [
  { title: 'Wallets checked', testId: 'rec-wallets', value: r.ledger.wallets, note: `${r.ledger.users.toLocaleString()} users, ${r.ledger.balances.toLocaleString()} balances` },
  { title: 'Ledger drift', testId: 'rec-ledger-drift', value: r.ledger.drift, danger: r.ledger.drift > 0, note: 'balances not equal to their ledger' },
  { title: `Flagged over ${r.tolerance}`, testId: 'rec-flagged', value: r.flagged.total, note: `${r.flagged.explained} explained, ${r.flagged.unexplained} unexplained` },
  { title: 'Flags unexplained', testId: 'rec-flagged-unexplained', value: r.flagged.unexplained, danger: r.flagged.unexplained > 0, note: 'no ledger row accounts for them' },
  { title: 'Plan holds checked', testId: 'rec-holds', value: r.holds.plans, note: `${r.holds.drift} not what the lock stands for` },
  { title: 'Hold drift', testId: 'rec-hold-drift', value: r.holds.drift, danger: r.holds.drift > 0 },
  { title: 'Batches checked', testId: 'rec-batches', value: r.batches.saved, note: `${r.batches.matching} matching the chain` },
  { title: 'Batches mismatching', testId: 'rec-batches-mismatching', value: r.batches.mismatching, danger: r.batches.mismatching > 0 },
  { title: 'Batches not on this chain', testId: 'rec-batches-not-on-chain', value: r.batches.notOnChain, note: 'see the reason on each' },
  { title: 'Batches not checked', testId: 'rec-batches-not-checked', value: r.batches.notChecked, note: r.chainId === null ? 'no chain configured' : undefined },
];

const BATCH_COLORS: Record<BatchCheckRow['status'], string> = { matching: 'green', mismatching: 'red', 'not-on-chain': 'orange', 'not-checked': 'gray' };
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
  { title: 'Posted twice', dataIndex: 'duplicatedAmount', align: 'right', render: (v: string, r) => `${amount(v)} (${r.duplicatePostings})` },
  { title: 'Left over', dataIndex: 'residual', align: 'right', render: amount },
  { title: 'Explained', dataIndex: 'explained', render: (v: boolean) => <StatusTag color={v ? 'green' : 'red'}>{v ? 'Explained' : 'Unexplained'}</StatusTag> },
  { title: 'Why', dataIndex: 'reason', width: 360 },
];
const HOLD_COLUMNS: DataColumns<HoldDriftRow> = [
  { title: 'Customer', key: 'owner', render: (_, r) => owner(r) },
  { title: 'Plan', dataIndex: 'planId', render: (v: string, r) => <Link to={`/savings-plan/${r.planType}/${v}`}>{v}</Link> },
  { title: 'Currency', dataIndex: 'currency' },
  { title: 'Locked', dataIndex: 'locked', render: (v: boolean) => (v ? 'Yes' : 'No') },
  { title: 'Should hold', dataIndex: 'expected', align: 'right', render: amount },
  { title: 'Holds', dataIndex: 'held', align: 'right', render: amount },
  { title: 'Difference', dataIndex: 'difference', align: 'right', render: amount },
];
const BATCH_COLUMNS: DataColumns<BatchCheckRow> = [
  { title: 'Status', dataIndex: 'status', render: (v: BatchCheckRow['status']) => <StatusTag color={BATCH_COLORS[v]}>{BATCH_CHECK_LABELS[v]}</StatusTag> },
  { title: 'Action', dataIndex: 'action' },
  { title: 'Transaction', dataIndex: 'transactionHash', render: (v: string | null) => <span title={v ?? undefined}>{shortHash(v)}</span> },
  { title: 'Saved', dataIndex: 'savedAt', render: (v: string) => new Date(v).toLocaleString() },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: amount },
  { title: 'Items', dataIndex: 'itemsCount', align: 'right', render: (v: number, r) => `${v} (${amount(r.itemsTotal)})` },
  { title: 'On chain', dataIndex: 'chainAmount', align: 'right', render: amount },
  { title: 'What differs or why not compared', dataIndex: 'problems', width: 360, render: (v: string[]) => (v.length ? v.join('; ') : '—') },
];

/** One row list: page 1 from the report, further pages from the rows call. */
function RowsTable<T>({ title, kind, report, first, columns, rowKey }: {
  title: string; kind: ReconciliationKind; report: Reconciliation;
  first: { records: T[]; totalRecords: number }; columns: DataColumns<T>; rowKey: (row: T) => string;
}) {
  const [page, setPage] = useState(1);
  const more = useReconciliationRows(kind, page, report.checkedAt);
  const records = page === 1 ? first.records : ((more.data?.rows.records ?? []) as T[]);
  return (
    <Card title={`${title} (${first.totalRecords.toLocaleString()})`} data-testid={`rec-table-${kind}`}>
      {more.error && <Alert type="error" showIcon title={errorMessage(more.error)} />}
      <DataTable<T>
        aria-label={title}
        rowKey={rowKey}
        loading={page > 1 && more.isFetching}
        dataSource={records}
        scroll={{ x: 1400 }}
        columns={columns}
        pagination={{ current: page, pageSize: RECONCILIATION_PAGE_SIZE, total: first.totalRecords, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
      />
    </Card>
  );
}

export const ReconciliationPage = () => {
  const { data, error, isFetching, refetch } = useReconciliation();
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>Reconciliation</Typography.Title>
        <Button onClick={() => void refetch()} loading={isFetching}>Run again</Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Per customer: every balance against its ledger, and against its wallet transactions summed by direction (flagged over the
        tolerance, explained when the ledger shows why); every plan&apos;s holds against its lock. Per saved batch: the chain&apos;s
        transaction and receipt against the database.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {!data && isFetching && <Card loading title="Reconciling" />}
      {data && (
        <>
          <Alert
            data-testid="rec-verdict"
            type={data.unexplained === 0 ? 'success' : 'error'}
            showIcon
            title={`${data.unexplained} unexplained drift`}
            description={`Checked ${new Date(data.checkedAt).toLocaleString()}; batches compared with ${data.chainId === null ? 'no chain (none configured)' : `chain ${data.chainId}`}. ${data.batches.history.toLocaleString()} batch records without a process list (history loaded with the plans) have nothing to compare on chain.`}
          />
          <Row gutter={[16, 16]}>
            {figuresOf(data).map((f) => (
              <Col key={f.testId} xs={24} sm={12} xl={6}>
                <Card title={f.title} data-testid={f.testId}>
                  <Statistic value={f.value} aria-label={f.title} styles={{ content: f.danger ? { color: '#cf1322' } : undefined }} />
                  {f.note && <Typography.Text type="secondary">{f.note}</Typography.Text>}
                </Card>
              </Col>
            ))}
          </Row>
          {data.ledger.drift > 0 && (
            <RowsTable title="Ledger drift" kind="ledger" report={data} first={data.rows.ledger} columns={LEDGER_COLUMNS} rowKey={(r) => `${r.walletId}:${r.currency}`} />
          )}
          {data.flagged.total > 0 && (
            <RowsTable title={`Balances flagged over ${data.tolerance}`} kind="flagged" report={data} first={data.rows.flagged} columns={FLAGGED_COLUMNS} rowKey={(r) => `${r.walletId}:${r.currency}`} />
          )}
          {data.holds.drift > 0 && (
            <RowsTable title="Hold drift" kind="holds" report={data} first={data.rows.holds} columns={HOLD_COLUMNS} rowKey={(r) => r.planId} />
          )}
          {data.batches.saved > 0 && (
            <RowsTable title="Saved batches" kind="batches" report={data} first={data.rows.batches} columns={BATCH_COLUMNS} rowKey={(r) => r.batchId} />
          )}
        </>
      )}
    </Flex>
  );
};
