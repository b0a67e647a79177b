import { encodeFunctionData, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi, vaultAbi } from '@vaultdesk/chain';
import { localClients, type LocalChain } from '@vaultdesk/chain/node';
import type { FlaggedRow, ReconciliationRows, ReconciliationRun, ReconciliationState } from '@vaultdesk/contract';
import { RECONCILIATION_RUN_JOB } from '@vaultdesk/worker';
import { generateDemoData } from '@vaultdesk/db/demo';
import { chainTestApp } from '../../../test/chain';
import { bearer, demo, insertStaff, sessionFor, type TestApp } from '../../../test/helpers';
import { replaySavedBatches } from '../../boot/local-chain';
import {
  INTERRUPTED,
  queuedRun,
  queueScheduledRun,
  reconcile,
  recoverInterruptedRuns,
  runReconciliation,
  RUN_ROW_CAP,
} from './reconciliation.service';

let t: TestApp;
let chain: LocalChain;
let compliance = '';
let superAdmin = '';
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  ({ t, chain, token: compliance, close } = await chainTestApp(LOCAL_DEPLOYER));
  // The demo data `npm start` generates (its default seed), smaller: customers, wallets, ledger, plans, queues, batches.
  await generateDemoData(t.db, { users: 600, now: new Date('2026-11-20T12:00:00Z') });
  superAdmin = await sessionFor(t.db, demo('superadmin').email);
}, 120_000);
afterAll(() => close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
const post = (token = superAdmin) =>
  t.app.inject({ method: 'POST', url: '/v1/admin/reconciliation/runs', headers: bearer(token) });
const state = async (pageSize?: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/reconciliation${pageSize ? `?pageSize=${pageSize}` : ''}`,
    headers: bearer(superAdmin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ReconciliationState }).data;
};
/** Run now, as the page does: POST queues the run (202), the worker's job computes it, GET shows it. */
const report = async (pageSize?: number) => {
  const res = await post();
  expect(res.statusCode, res.body).toBe(202);
  const run = (res.json() as { data: ReconciliationRun }).data;
  expect(run).toMatchObject({ status: 'queued', requestedBy: { email: demo('superadmin').email } });
  expect(await runReconciliation(t.db, t.config.chain, run.id)).toBe('done');
  const s = await state(pageSize);
  expect(s.current).toBeNull();
  expect(s.latest).toMatchObject({
    id: run.id,
    status: 'done',
    requestedBy: { email: demo('superadmin').email },
    error: null,
  });
  return s.latest!.report;
};
const rows = async (kind: string, page = 1, extra = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/reconciliation/rows?kind=${kind}&page=${page}${extra}`,
    headers: bearer(superAdmin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ReconciliationRows }).data;
};
/** A write the guards refuse, made as the owner with the triggers off (a bulk load gone wrong), in one transaction. */
const withTriggersOff = async (text: string, params: unknown[]) => {
  const c = await t.db.$client.connect();
  try {
    await c.query('BEGIN');
    await c.query(`SET LOCAL session_replication_role = replica`);
    await c.query(text, params);
    await c.query('COMMIT');
  } finally {
    c.release();
  }
};
/** A wallet and currency whose balance equals its transactions summed by direction, exactly (so a small change raises no flag). */
const exactPair = async () => {
  const [pair] = await q<{ wallet_id: string; currency: string; balance: string }>(`
    WITH n AS (SELECT t.wallet_id, t.currency, sum(CASE WHEN t.to_address = w.address THEN t.amount ELSE 0 END)
                                           - sum(CASE WHEN t.from_address = w.address THEN t.amount ELSE 0 END) AS net
                 FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id GROUP BY 1, 2)
    SELECT b.wallet_id, b.currency, b.balance::text AS balance FROM wallet_balances b JOIN n USING (wallet_id, currency)
     WHERE b.balance = n.net AND b.balance > 100 ORDER BY b.wallet_id, b.currency LIMIT 1`);
  expect(pair).toBeDefined();
  return pair!;
};

describe('the reconciliation report on the demo data', () => {
  it('finds no unexplained drift: ledger equal to balances, every flag explained by the ledger, holds exact, no batch mismatching', async () => {
    const r = await report();
    expect(r.unexplained).toBe(0);
    expect(r.ledger.drift).toBe(0);
    expect(r.ledger.wallets).toBe(Number((await q<{ n: string }>(`SELECT count(*) AS n FROM wallets`))[0]!.n));
    expect(r.ledger.balances).toBeGreaterThan(r.ledger.wallets);
    expect(r.rows.ledger.records).toEqual([]);
    // The demo's deposit notifications processed twice: flagged (over 5), each explained by one extra ledger row.
    const doubled = await q<{ n: number }>(`
      SELECT count(DISTINCT (l.wallet_id, l.currency))::int AS n FROM ledger_entries l
       WHERE l.reference_type = 'wallet_transaction'
         AND (SELECT count(*) FROM ledger_entries o WHERE o.reference_type = 'wallet_transaction' AND o.reference_id = l.reference_id) > 1`);
    expect(r.flagged.total).toBeGreaterThan(0);
    expect(r.flagged.total).toBeLessThanOrEqual(doubled[0]!.n);
    expect(r.flagged).toMatchObject({ explained: r.flagged.total, unexplained: 0 });
    for (const row of r.rows.flagged.records) {
      expect(row).toMatchObject({ explained: true, duplicatePostings: 1, residual: expect.stringMatching(/^-?\d/) });
      expect(Math.abs(Number(row.residual))).toBeLessThanOrEqual(5);
      expect(Math.abs(Number(row.difference))).toBeGreaterThan(5);
      expect(row.reason).toContain('posted again');
    }
    expect(r.holds.plans).toBeGreaterThan(0);
    expect(r.holds.drift).toBe(0);
    // The demo's three saved lists carry hashes of a chain this test did not replay them on; history batches are counted apart.
    expect(r.batches).toMatchObject({ saved: 3, matching: 0, mismatching: 0, notOnChain: 3, notChecked: 0 });
    expect(r.batches.history).toBeGreaterThan(0);
    for (const b of r.rows.batches.records) {
      expect(b.status).toBe('not-on-chain');
      expect(b.problems.join(' ')).toMatch(/Not on this local chain/);
    }
    // The exported function answers the same figures.
    const direct = await reconcile(t.db, t.config.chain);
    expect({ ...direct, checkedAt: '' }).toEqual({ ...r, checkedAt: '' });
  });

  it('pages a stored run by index: the same rows in the same order as the computation, none twice, the last page too', async () => {
    const r = await report(2);
    const { latest } = await state(2);
    expect(r.flagged.total).toBeGreaterThan(3);
    expect(r.rows.flagged).toMatchObject({
      currentPage: 1,
      pageSize: 2,
      totalRecords: r.flagged.total,
      totalPage: Math.ceil(r.flagged.total / 2),
    });
    const second = await rows('flagged', 2, `&pageSize=2&run=${latest!.id}`);
    expect(second).toMatchObject({
      kind: 'flagged',
      runId: latest!.id,
      checkedAt: r.checkedAt,
      rows: { currentPage: 2, totalRecords: r.flagged.total },
    });
    // Without run: the latest finished run.
    expect(await rows('flagged', 2, '&pageSize=2')).toEqual(second);
    const direct = await reconcile(t.db, t.config.chain, r.flagged.total);
    expect([...r.rows.flagged.records, ...second.rows.records]).toEqual(direct.rows.flagged.records.slice(0, 4));
    const ids = [...r.rows.flagged.records, ...(second.rows.records as FlaggedRow[])].map(
      (x) => `${x.walletId}:${x.currency}`,
    );
    expect(new Set(ids).size).toBe(4);
    const last = Math.ceil(r.flagged.total / 2);
    const end = await rows('flagged', last, `&pageSize=2&run=${latest!.id}`);
    expect(end.rows.records).toEqual(direct.rows.flagged.records.slice((last - 1) * 2));
    expect((await rows('flagged', last + 1, `&pageSize=2&run=${latest!.id}`)).rows.records).toEqual([]);
    // Stored once per run: a list's rows are its positions 0..n-1.
    const [stored] = await q<{ n: number; max: number }>(
      `SELECT count(*)::int AS n, max(position) AS max FROM reconciliation_rows WHERE run_id = $1 AND kind = 'flagged'`,
      [latest!.id],
    );
    expect(stored).toEqual({
      n: Math.min(r.flagged.total, RUN_ROW_CAP),
      max: Math.min(r.flagged.total, RUN_ROW_CAP) - 1,
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/reconciliation/rows?kind=ledger&run=00000000-0000-4000-8000-000000000000`,
      headers: bearer(superAdmin),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a run is queued through the job queue, audited, shown as current while queued, and its rows wait until it is done', async () => {
    const before = t.jobs.sent.length;
    const res = await post();
    expect(res.statusCode, res.body).toBe(202);
    const run = (res.json() as { message: string; data: ReconciliationRun }).data;
    expect(res.json().message).toBe('Reconciliation run queued');
    expect(t.jobs.sent.slice(before)).toEqual([RECONCILIATION_RUN_JOB]);
    const [audit] = await q<{ actor_email: string; target_type: string }>(
      `SELECT actor_email, target_type FROM audit_log WHERE action = 'reconciliation.run' AND target_id = $1`,
      [run.id],
    );
    expect(audit).toEqual({ actor_email: demo('superadmin').email, target_type: 'reconciliation_run' });
    const s = await state();
    expect(s.current).toMatchObject({ id: run.id, status: 'queued', startedAt: null, finishedAt: null });
    expect(s.latest?.status).toBe('done');
    const early = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/reconciliation/rows?kind=ledger&run=${run.id}`,
      headers: bearer(superAdmin),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This reconciliation run is queued: its rows are there once it is done');
    expect(await runReconciliation(t.db, t.config.chain, run.id)).toBe('done');
    // The same job delivered twice: the second finds nothing queued.
    expect(await runReconciliation(t.db, t.config.chain, run.id)).toBe('not-queued');
    expect((await state()).latest).toMatchObject({
      id: run.id,
      status: 'done',
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
  });

  it('50 Run now at once: one run queued (202), 49 answers 409 naming the run under way, one audit row', async () => {
    const audits = async () =>
      Number((await q<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE action = 'reconciliation.run'`))[0]!.n);
    const auditsBefore = await audits();
    const answers = await Promise.all(Array.from({ length: 50 }, () => post()));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({
        code: 'CONFLICT',
        message: `A reconciliation run is already queued by ${demo('superadmin').fullName}: wait for it to finish, then run again if needed`,
      });
    }
    const active = await q<{ id: string }>(`SELECT id FROM reconciliation_runs WHERE status IN ('queued', 'running')`);
    expect(active).toHaveLength(1);
    expect(await audits()).toBe(auditsBefore + 1);
    expect(await runReconciliation(t.db, t.config.chain, active[0]!.id)).toBe('done');
    expect((await post()).statusCode).toBe(202);
    expect(await runReconciliation(t.db, t.config.chain, (await queuedRun(t.db))!)).toBe('done');
  });

  it('a run left running by a dead process is marked failed (worker start, or the job run again), not while a live one holds the run', async () => {
    const [{ id }] = (await q<{ id: string }>(
      `INSERT INTO reconciliation_runs (status, started_at, step) VALUES ('running', now(), 'flagged') RETURNING id`,
    )) as [{ id: string }];
    expect((await post()).statusCode).toBe(409);
    // A live run in another process holds the run lock on its connection: it is left alone.
    const other = await t.db.$client.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('vaultdesk.reconciliation-run'))`);
      expect(await recoverInterruptedRuns(t.db)).toBe(0);
      expect(await runReconciliation(t.db, t.config.chain, id)).toBe('busy');
      expect(
        (await q<{ status: string }>(`SELECT status FROM reconciliation_runs WHERE id = $1`, [id]))[0]!.status,
      ).toBe('running');
    } finally {
      await other.query(`SELECT pg_advisory_unlock(hashtext('vaultdesk.reconciliation-run'))`);
      other.release();
    }
    // Nobody holds it: the process died. The worker's start marks the run failed, and a new run can be queued.
    expect(await recoverInterruptedRuns(t.db)).toBe(1);
    const s = await state();
    expect(s.current).toBeNull();
    expect(s.lastFailure).toMatchObject({ id, status: 'failed', step: null, error: INTERRUPTED });
    const res = await post();
    expect(res.statusCode, res.body).toBe(202);
    expect(await runReconciliation(t.db, t.config.chain, (res.json() as { data: ReconciliationRun }).data.id)).toBe(
      'done',
    );
    expect((await state()).lastFailure).toBeNull();

    // The job of an interrupted run delivered again (pg-boss retry): it marks the run failed and does not compute it.
    const [again] = await q<{ id: string }>(
      `INSERT INTO reconciliation_runs (status, started_at, step) VALUES ('running', now(), 'ledger') RETURNING id`,
    );
    expect(await runReconciliation(t.db, t.config.chain, again!.id)).toBe('not-queued');
    expect(await q(`SELECT status, error FROM reconciliation_runs WHERE id = $1`, [again!.id])).toEqual([
      { status: 'failed', error: INTERRUPTED },
    ]);
  });

  it('the daily scheduled run: queued unless one is active, shown without a requester', async () => {
    const id = await queueScheduledRun(t.db);
    expect(id).not.toBeNull();
    expect(await queueScheduledRun(t.db)).toBeNull();
    const busy = await post();
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      'A reconciliation run is already queued by the daily schedule: wait for it to finish, then run again if needed',
    );
    expect(await runReconciliation(t.db, t.config.chain, id!)).toBe('done');
    expect((await state()).latest).toMatchObject({ id, requestedBy: null, status: 'done' });
  });

  it('after the replay a start of the local chain does, every saved batch matches its receipt', async () => {
    expect(await replaySavedBatches(t.db, chain.url)).toBe(3);
    const r = await report();
    expect(r.batches).toMatchObject({ saved: 3, matching: 3, mismatching: 0, notOnChain: 0, notChecked: 0 });
    expect(r.rows.batches.records.map((b) => b.problems)).toEqual([[], [], []]);
    for (const b of r.rows.batches.records)
      expect(b.chainAmount !== null && Number(b.chainAmount) >= Number(b.amount)).toBe(true);
    expect(r.unexplained).toBe(0);
  }, 60_000);
});

describe('drift made on purpose is found, exactly', () => {
  it('a balance written with the triggers off is ledger drift', async () => {
    const pair = await exactPair();
    await withTriggersOff(`UPDATE wallet_balances SET balance = balance + 1 WHERE wallet_id = $1 AND currency = $2`, [
      pair.wallet_id,
      pair.currency,
    ]);
    try {
      const r = await report();
      expect(r.ledger.drift).toBe(1);
      expect(r.unexplained).toBe(1);
      expect(r.flagged.unexplained).toBe(0);
      expect(r.rows.ledger.records).toEqual([
        expect.objectContaining({ walletId: pair.wallet_id, currency: pair.currency, difference: '1' }),
      ]);
      const paged = await rows('ledger');
      expect(paged).toMatchObject({
        kind: 'ledger',
        rows: { totalRecords: 1, records: [{ walletId: pair.wallet_id, difference: '1' }] },
      });
    } finally {
      await withTriggersOff(`UPDATE wallet_balances SET balance = balance - 1 WHERE wallet_id = $1 AND currency = $2`, [
        pair.wallet_id,
        pair.currency,
      ]);
    }
    expect((await report()).unexplained).toBe(0);
  });

  it('a transaction whose amount no ledger row moved is an unexplained flag', async () => {
    const pair = await exactPair();
    const [tx] = await q<{ id: string }>(
      `
      SELECT t.id FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id
       WHERE t.wallet_id = $1 AND t.currency = $2 AND t.to_address = w.address ORDER BY t.id LIMIT 1`,
      [pair.wallet_id, pair.currency],
    );
    await q(`UPDATE wallet_transactions SET amount = amount + 100 WHERE id = $1`, [tx!.id]);
    try {
      const r = await report();
      expect(r.ledger.drift).toBe(0);
      expect(r.flagged.unexplained).toBe(1);
      expect(r.unexplained).toBe(1);
      const [first] = r.rows.flagged.records;
      expect(first).toMatchObject({
        walletId: pair.wallet_id,
        currency: pair.currency,
        explained: false,
        difference: '-100',
        duplicatePostings: 0,
        residual: '-100',
      });
      expect(first!.reason).toMatch(/No ledger row explains/);
    } finally {
      await q(`UPDATE wallet_transactions SET amount = amount - 100 WHERE id = $1`, [tx!.id]);
    }
  });

  it('a hold written beside a plan that is not locked is hold drift', async () => {
    const [plan] = await q<{ id: string; currency: string }>(
      `SELECT id, currency FROM savings_plans WHERE NOT locked AND deposit_amount > 0 ORDER BY id LIMIT 1`,
    );
    await q(`INSERT INTO savings_lock_entries (plan_id, currency, amount, kind) VALUES ($1, $2, 7, 'lock')`, [
      plan!.id,
      plan!.currency,
    ]);
    try {
      const r = await report();
      expect(r.holds.drift).toBe(1);
      expect(r.unexplained).toBe(1);
      expect(r.rows.holds.records).toEqual([
        expect.objectContaining({ planId: plan!.id, locked: false, expected: '0', held: '7', difference: '7' }),
      ]);
    } finally {
      // The hold ledger is append-only: the release balances it.
      await q(`INSERT INTO savings_lock_entries (plan_id, currency, amount, kind) VALUES ($1, $2, -7, 'unlock')`, [
        plan!.id,
        plan!.currency,
      ]);
    }
    expect((await report()).holds.drift).toBe(0);
  });

  it('a saved batch whose amount differs from its receipt is the one mismatching batch', async () => {
    // A real batch: a process list of two items, the vault deposit from the custodial operator, save-batch.
    const clients = localClients(chain.url);
    const send = async (to: Address, data: `0x${string}`) => {
      const hash = await clients.walletClient.sendTransaction({ account: LOCAL_DEPLOYER, chain: null, to, data });
      return { hash, receipt: await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 }) };
    };
    await q(`UPDATE process_lists SET status = 2 WHERE type = 'deposit' AND status <> 2`);
    const [list] = await q<{ id: string }>(`INSERT INTO process_lists (type) VALUES ('deposit') RETURNING id`);
    const entries: string[] = [];
    for (const [n, amount] of [
      [1, '12'],
      [2, '8.25'],
    ] as const) {
      const [u] = await q<{ id: string }>(
        `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
        [`Reconcile Customer ${n}`, `reconcile${n}`, `reconcile${n}@example.test`, `RECON${n}`],
      );
      const [p] = await q<{ id: string }>(
        `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, 'flexible', 'Batch plan', $2, 'pending') RETURNING id`,
        [u!.id, amount],
      );
      const [i] = await q<{ id: string }>(
        `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, process_list_id) VALUES ('deposit', $1, $2, $3, 'processing', $4) RETURNING id`,
        [u!.id, p!.id, amount, list!.id],
      );
      entries.push(`${p!.id} 0 ${i!.id}`);
    }
    await send(
      LOCAL_CONTRACTS.BUSD,
      encodeFunctionData({
        abi: testTokenAbi,
        functionName: 'approve',
        args: [LOCAL_CONTRACTS.xBUSD, parseUnits('100000', 18)],
      }),
    );
    const { hash, receipt } = await send(
      LOCAL_CONTRACTS.xBUSD,
      encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits('20.25', 18)] }),
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v1/advanced/save-batch',
      headers: bearer(compliance),
      payload: {
        transactionHash: hash,
        action: 'deposit',
        planIdAndType: entries,
        pricePerFullShare: '1000000000000000000',
        initShares: '0',
        finalShares: '1',
        protocolName: 'xAuto',
        network: 31337,
        amount: '20.25',
        gasUsed: '50000',
        block: receipt.blockNumber.toString(),
        processListId: list!.id,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [batch] = await q<{ batch_id: string }>(`SELECT batch_id FROM process_lists WHERE id = $1`, [list!.id]);

    const clean = await report();
    expect(clean.batches).toMatchObject({ saved: 4, matching: 4, mismatching: 0 });
    expect(clean.unexplained).toBe(0);

    await q(`UPDATE batches SET amount = 21.25 WHERE id = $1`, [batch!.batch_id]);
    const r = await report();
    expect(r.batches).toMatchObject({ saved: 4, matching: 3, mismatching: 1 });
    expect(r.unexplained).toBe(1);
    const [first] = r.rows.batches.records;
    expect(first).toMatchObject({
      batchId: batch!.batch_id,
      status: 'mismatching',
      amount: '21.25',
      itemsTotal: '20.25',
      chainAmount: '20.25',
      itemsCount: 2,
    });
    expect(first!.problems).toEqual([
      'amount: the batch says 21.25, its items total 20.25',
      'amount: the chain moved 20.25, the batch says 21.25',
    ]);
    expect(r.rows.batches.records.slice(1).every((b) => b.status === 'matching')).toBe(true);
    await q(`UPDATE batches SET amount = 20.25 WHERE id = $1`, [batch!.batch_id]);
  }, 60_000);
});

describe('chain transactions backing more than one money event', () => {
  it('a payout recorded with a saved batch transaction is named with both uses, and counted unexplained', async () => {
    const [batch] = await q<{ id: string; action: string; transaction_hash: string }>(
      `SELECT id, action, lower(transaction_hash) AS transaction_hash FROM batches WHERE transaction_hash IS NOT NULL ORDER BY created_at DESC, id LIMIT 1`,
    );
    const [paid] = await q<{ id: string; transaction_hash: string }>(
      `SELECT id, transaction_hash FROM withdrawal_requests WHERE transaction_hash IS NOT NULL AND NOT in_app_transaction ORDER BY id LIMIT 1`,
    );
    expect(batch && paid).toBeTruthy();
    const clean = await report();
    expect(clean.transactions).toMatchObject({ usedTwice: 0 });
    expect(clean.transactions!.recorded).toBeGreaterThan(0);
    // Planted beside the application (the claims would refuse it): the payout's hash replaced by the batch's.
    await q(`UPDATE withdrawal_requests SET transaction_hash = $2 WHERE id = $1`, [paid!.id, batch!.transaction_hash]);
    try {
      const r = await report();
      expect(r.transactions).toEqual({ recorded: clean.transactions!.recorded - 1, usedTwice: 1 });
      expect(r.unexplained).toBe(1);
      expect(r.rows.transactions.records).toEqual([
        {
          hash: batch!.transaction_hash,
          uses: expect.arrayContaining([
            {
              kind: `batch.${batch!.action}`,
              recordId: batch!.id,
              use: `the ${batch!.action} batch ${batch!.id}`,
              at: expect.any(String),
            },
            {
              kind: 'payout',
              recordId: paid!.id,
              use: `the payout of withdrawal request ${paid!.id}`,
              at: expect.any(String),
            },
          ]),
        },
      ]);
      expect(r.rows.transactions.records[0]!.uses).toHaveLength(2);
      const stored = await rows('transactions');
      expect(stored).toMatchObject({ kind: 'transactions', rows: { totalRecords: 1 } });
      expect(stored.rows.records).toEqual(r.rows.transactions.records);
    } finally {
      await q(`UPDATE withdrawal_requests SET transaction_hash = $2 WHERE id = $1`, [paid!.id, paid!.transaction_hash]);
    }
    expect((await report()).transactions).toMatchObject({ usedTwice: 0 });
  }, 60_000);
});

describe('access', () => {
  it('is Super Admin only: 403 for Compliance, Support and KYC Reviewer on every call, and no run queued by them', async () => {
    await insertStaff(t.db, 'recon-reviewer@vaultdesk.test', 'Recon Reviewer', 'KYC Reviewer');
    const tokens = [
      compliance,
      await sessionFor(t.db, demo('support').email),
      await sessionFor(t.db, 'recon-reviewer@vaultdesk.test'),
    ];
    for (const token of tokens) {
      for (const [method, url] of [
        ['GET', '/v1/admin/reconciliation'],
        ['GET', '/v1/admin/reconciliation/rows?kind=ledger'],
        ['POST', '/v1/admin/reconciliation/runs'],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
      }
    }
    expect(await q(`SELECT id FROM reconciliation_runs WHERE status IN ('queued', 'running')`)).toEqual([]);
  });

  it('names a bad kind or page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/reconciliation/rows?kind=wallets&page=0',
      headers: bearer(superAdmin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/kind must be one of ledger, flagged, holds, batches|page must be at least 1/);
  });
});
