import pg from 'pg';
import { formatUnits, parseUnits, type Hash } from 'viem';
import {
  createChainClient, LOCAL_CHAIN_ID, readTransaction, REPLAY_LIMIT, TOKEN_DECIMALS, vaultAmountMatches, vaultCall, vaultWithdrawn,
} from '@vaultdesk/chain';
import { sql } from 'drizzle-orm';
import {
  RECONCILIATION_KINDS, RECONCILIATION_PAGE_SIZE, RECONCILIATION_ROW_CAP, RECONCILIATION_TOLERANCE,
  type BatchCheckRow, type FlaggedRow, type HoldDriftRow, type LedgerDriftRow, type Reconciliation, type ReconciliationKind,
  type ReconciliationRows, type ReconciliationRun, type ReconciliationState, type ReconciliationSummary,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { progressRows, RECONCILIATION_RUN_JOB, tryRunLock, type ReconciliationJobs } from '@vaultdesk/worker';
import type { Config } from '../../config/config';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, isUniqueViolation } from '../../http/errors';
import { isoText as ISO } from '../../timestamps/iso';
import { toPage } from '../../lists/page';

/** The chain saved batches are compared with (the app's `config.chain`, read when the report runs). */
export type ReconcileChain = Pick<Config['chain'], 'rpcUrls' | 'tokenAddresses' | 'chainId'>;

/** A connection of its own (not one of the API's pool), or any client the parts may run on. */
type Conn = pg.ClientBase;

/**
 * A connection of its own for a run, outside the API's pool: the run holds it for the whole
 * report (tens of seconds on the million-user data) without taking one from the screens.
 */
export async function dedicatedConnection(db: Db): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: db.$client.options.connectionString });
  // A connection the server ends mid-run fails the run's query; it must not bring the process down.
  c.on('error', () => undefined);
  await c.connect();
  return c;
}

/**
 * Each part is one statement in a read-only snapshot, so it compares a balance and its ledger
 * rows, or its transactions, as they were at one instant. The statements read tens of millions of
 * rows on the million-user data; they run one after the other on one connection, with memory
 * enough for their hash aggregates and joins to stay off disk (one part at a time, so once).
 */
async function inSnapshot<T>(c: Conn, run: () => Promise<T>): Promise<T> {
  await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await c.query(`SET LOCAL work_mem = '256MB'`);
    const out = await run();
    await c.query('COMMIT');
    return out;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** The owner of a wallet, for the rows. */
const OWNER = `LEFT JOIN wallets w ON w.id = d.wallet_id LEFT JOIN users u ON u.id = w.user_id`;

/**
 * Ledger against balances: every stored balance (wallet and currency) against the sum of its
 * ledger rows, in both directions (a balance without ledger rows, ledger rows without a balance).
 * Any difference is unexplained: the trigger makes them equal, and a bulk load must too.
 */
async function ledgerPart(c: Conn, limit: number, offset: number) {
  const { rows: [r] } = await c.query<{ users: number; wallets: number; balances: number; drift: number; rows: LedgerDriftRow[] | null }>(`
    WITH l AS (SELECT wallet_id, currency, sum(amount) AS s, count(*)::int AS n FROM ledger_entries GROUP BY 1, 2),
    d AS MATERIALIZED (
      SELECT coalesce(b.wallet_id, l.wallet_id) AS wallet_id, coalesce(b.currency, l.currency) AS currency,
             coalesce(b.balance, 0) AS balance, coalesce(l.s, 0) AS ledger, coalesce(l.n, 0) AS n
        FROM wallet_balances b FULL JOIN l ON l.wallet_id = b.wallet_id AND l.currency = b.currency),
    drift AS MATERIALIZED (SELECT * FROM d WHERE balance <> ledger)
    SELECT (SELECT count(DISTINCT user_id)::int FROM wallets) AS users,
           (SELECT count(*)::int FROM wallets) AS wallets,
           (SELECT count(*)::int FROM d) AS balances,
           (SELECT count(*)::int FROM drift) AS drift,
           (SELECT json_agg(json_build_object(
                     'walletId', d.wallet_id, 'userId', u.id, 'userEmail', u.email, 'currency', d.currency,
                     'balance', trim_scale(d.balance)::text, 'ledgerSum', trim_scale(d.ledger)::text, 'ledgerRows', d.n,
                     'difference', trim_scale(d.balance - d.ledger)::text) ORDER BY abs(d.balance - d.ledger) DESC, d.wallet_id, d.currency)
              FROM (SELECT * FROM drift ORDER BY abs(balance - ledger) DESC, wallet_id, currency LIMIT $1 OFFSET $2) d ${OWNER}) AS rows`,
    [limit, offset]);
  return { users: r!.users, wallets: r!.wallets, balances: r!.balances, drift: r!.drift, total: r!.drift, records: r!.rows ?? [] };
}

/**
 * Balances against the wallets' transactions summed by direction (the profile's balance-mismatch
 * rule: in when `to_address` is the wallet, out when `from_address` is). Over the tolerance is
 * flagged; a flag is explained when the ledger shows why: ledger rows posted again for a
 * transaction that already had its row (a deposit notification processed twice) account for the
 * difference within the tolerance. What they leave over the tolerance is unexplained.
 */
async function flaggedPart(c: Conn, limit: number, offset: number) {
  const { rows: [r] } = await c.query<{ total: number; explained: number; rows: FlaggedRow[] | null }>(`
    WITH n AS (
      SELECT t.wallet_id, t.currency,
             sum(CASE WHEN t.to_address = w.address THEN t.amount ELSE 0 END)
           - sum(CASE WHEN t.from_address = w.address THEN t.amount ELSE 0 END) AS net
        FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id GROUP BY 1, 2),
    f AS MATERIALIZED (
      SELECT * FROM (
        SELECT coalesce(b.wallet_id, n.wallet_id) AS wallet_id, coalesce(b.currency, n.currency) AS currency,
               coalesce(b.balance, 0) AS balance, coalesce(n.net, 0) AS net
          FROM wallet_balances b FULL JOIN n ON n.wallet_id = b.wallet_id AND n.currency = b.currency) x
       WHERE abs(balance - net) > $3),
    e AS MATERIALIZED (
      SELECT f.*, coalesce(x.rows, 0) AS dup_rows, coalesce(x.amount, 0) AS dup_amount,
             f.balance - f.net - coalesce(x.amount, 0) AS residual,
             abs(f.balance - f.net - coalesce(x.amount, 0)) <= $3 AS explained
        FROM f LEFT JOIN LATERAL (
          SELECT count(*)::int AS rows, sum(k.amount) AS amount FROM (
            SELECT l.amount, row_number() OVER (PARTITION BY l.reference_id ORDER BY l.id) AS rn
              FROM ledger_entries l
             WHERE l.wallet_id = f.wallet_id AND l.currency = f.currency AND l.reference_type = 'wallet_transaction') k
           WHERE k.rn > 1) x ON true)
    SELECT (SELECT count(*)::int FROM e) AS total,
           (SELECT count(*)::int FROM e WHERE explained) AS explained,
           (SELECT json_agg(json_build_object(
                     'walletId', d.wallet_id, 'userId', u.id, 'userEmail', u.email, 'currency', d.currency,
                     'balance', trim_scale(d.balance)::text, 'transactionsNet', trim_scale(d.net)::text,
                     'difference', trim_scale(d.balance - d.net)::text, 'duplicatePostings', d.dup_rows,
                     'duplicatedAmount', trim_scale(d.dup_amount)::text, 'residual', trim_scale(d.residual)::text,
                     'explained', d.explained) ORDER BY d.explained, abs(d.residual) DESC, d.wallet_id, d.currency)
              FROM (SELECT * FROM e ORDER BY explained, abs(residual) DESC, wallet_id, currency LIMIT $1 OFFSET $2) d ${OWNER}) AS rows`,
    [limit, offset, RECONCILIATION_TOLERANCE]);
  const rows = (r!.rows ?? []).map((row): FlaggedRow => ({
    ...row,
    reason: row.explained
      ? `${row.duplicatePostings} ledger row${row.duplicatePostings === 1 ? '' : 's'} posted again for a transaction already posted (${row.duplicatedAmount} ${row.currency}): the balance has the credit twice, the transactions once`
      : row.duplicatePostings
        ? `Ledger rows posted twice account for ${row.duplicatedAmount} ${row.currency}; ${row.residual} remains that no ledger row explains`
        : `No ledger row explains the difference: the transactions and the ledger disagree by ${row.residual} ${row.currency}`,
  }));
  return { total: r!.total, explained: r!.explained, unexplained: r!.total - r!.explained, records: rows };
}

/**
 * Plan holds against locks: a locked plan holds exactly what its lock stands for (the flexible
 * plan's locked amount, else its deposit), any other plan holds nothing. Any difference is unexplained.
 */
async function holdsPart(c: Conn, limit: number, offset: number) {
  const { rows: [r] } = await c.query<{ plans: number; drift: number; rows: HoldDriftRow[] | null }>(`
    WITH h AS (SELECT plan_id, sum(amount) AS held FROM savings_lock_entries GROUP BY 1),
    d AS MATERIALIZED (
      SELECT p.id, p.user_id, p.plan_type, p.currency, p.locked,
             CASE WHEN p.locked AND coalesce(p.locked_amount, p.deposit_amount) > 0 THEN coalesce(p.locked_amount, p.deposit_amount) ELSE 0 END AS expected,
             coalesce(h.held, 0) AS held
        FROM savings_plans p LEFT JOIN h ON h.plan_id = p.id
       WHERE p.locked OR h.plan_id IS NOT NULL),
    drift AS MATERIALIZED (SELECT * FROM d WHERE held <> expected)
    SELECT (SELECT count(*)::int FROM d) AS plans,
           (SELECT count(*)::int FROM drift) AS drift,
           (SELECT json_agg(json_build_object(
                     'planId', d.id, 'userId', d.user_id, 'userEmail', u.email, 'planType', d.plan_type, 'currency', d.currency,
                     'locked', d.locked, 'expected', trim_scale(d.expected)::text, 'held', trim_scale(d.held)::text,
                     'difference', trim_scale(d.held - d.expected)::text) ORDER BY abs(d.held - d.expected) DESC, d.id)
              FROM (SELECT * FROM drift ORDER BY abs(held - expected) DESC, id LIMIT $1 OFFSET $2) d LEFT JOIN users u ON u.id = d.user_id) AS rows`,
    [limit, offset]);
  return { plans: r!.plans, drift: r!.drift, total: r!.drift, records: r!.rows ?? [] };
}

type SavedBatch = {
  id: string; process_list_id: string; action: string; transaction_hash: string | null; network: number | null; amount: string | null;
  block: string | null; gas_used: string | null; from_address: string | null; created_at: Date; list_type: string; list_hash: string | null;
  items_total: string | null; items_count: number; item_plans: number; plans_total: string | null; plans_count: number;
  saved_items: number | null; saved_amount: string | null; recent: boolean;
};

const STATUS_ORDER: Record<BatchCheckRow['status'], number> = { mismatching: 0, 'not-on-chain': 1, 'not-checked': 2, matching: 3 };
const sameAmount = (a: string | null, b: string | null) => a !== null && b !== null && parseUnits(a, TOKEN_DECIMALS) === parseUnits(b, TOKEN_DECIMALS);

/**
 * Every saved batch (one with a process list): first against the database (its list's hash and
 * type, its items' total and count, its plan parts, what the save recorded), then against the
 * chain's transaction and receipt (succeeded, sent to the vault from the batch's custodial sender,
 * the vault call of its action, the amount, the block and gas recorded).
 * A hash the chain does not know is "not on this chain" on the local chain 31337, which keeps its
 * state in memory (each start replays only the most recent saved batches), and when the batch was
 * saved on another chain than the one configured; on the configured public chain it is a mismatch.
 * Without a chain nothing is compared on chain ("not checked"), but the database checks still run.
 */
async function batchesPart(c: Conn, chain: ReconcileChain) {
  // The database's side in one snapshot; the chain is asked afterwards, outside the transaction.
  const [{ rows }, { rows: [history] }, { rows: custodial }] = await inSnapshot(c, async () => [
    await c.query<SavedBatch>(`
    WITH recent AS (
      -- The lists a start of the local chain replays (boot/local-chain.ts: the most recent saved lists).
      SELECT pl.id FROM process_lists pl
       WHERE pl.status <> 0 AND pl.transaction_hash IS NOT NULL AND pl.batch_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM queue_items qi WHERE qi.process_list_id = pl.id)
       ORDER BY pl.updated_at DESC LIMIT $1)
    SELECT b.id, b.process_list_id, b.action, b.transaction_hash, b.network, trim_scale(b.amount)::text AS amount,
           b.block::text AS block, b.gas_used::text AS gas_used, lower(b.from_address) AS from_address, b.created_at,
           pl.type AS list_type, pl.transaction_hash AS list_hash,
           i.total AS items_total, i.n AS items_count, i.plans AS item_plans, bp.total AS plans_total, bp.n AS plans_count,
           (a.after ->> 'items')::int AS saved_items, a.after ->> 'amount' AS saved_amount,
           b.process_list_id IN (SELECT id FROM recent) AS recent
      FROM batches b JOIN process_lists pl ON pl.id = b.process_list_id
      CROSS JOIN LATERAL (
        SELECT trim_scale(sum(qi.amount))::text AS total, count(*)::int AS n, count(DISTINCT qi.plan_id)::int AS plans
          FROM queue_items qi WHERE qi.process_list_id = b.process_list_id AND qi.status IN ('processing', 'done')) i
      CROSS JOIN LATERAL (SELECT trim_scale(sum(amount))::text AS total, count(*)::int AS n FROM batch_plans WHERE batch_id = b.id) bp
      LEFT JOIN LATERAL (
        SELECT after FROM audit_log WHERE action = 'batch.' || b.action || '.save' AND target_type = 'process_list' AND target_id = b.process_list_id::text
         ORDER BY id DESC LIMIT 1) a ON true
     ORDER BY b.created_at DESC, b.id`, [REPLAY_LIMIT]),
    await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM batches WHERE process_list_id IS NULL`),
    await c.query<{ address: string }>(`SELECT lower(address) AS address FROM custodial_wallets`),
  ] as const);
  const senders = new Set(custodial.map((w) => w.address));

  const vault = chain.tokenAddresses?.xBUSD?.toLowerCase() ?? null;
  const client = chain.rpcUrls.length && vault && chain.chainId !== null
    ? createChainClient(chain.rpcUrls)
    : null;

  const check = async (b: SavedBatch): Promise<BatchCheckRow> => {
    const problems: string[] = [];
    // The database first: these need no chain.
    if (b.list_hash !== b.transaction_hash) problems.push(`the process list's hash ${b.list_hash ?? 'none'} is not the batch's ${b.transaction_hash ?? 'none'}`);
    if (b.list_type !== b.action) problems.push(`the process list is a ${b.list_type} list, the batch a ${b.action}`);
    if (!b.items_count) problems.push('the process list has no items');
    else if (!sameAmount(b.amount, b.items_total)) problems.push(`amount: the batch says ${b.amount ?? 'none'}, its items total ${b.items_total}`);
    if (b.plans_count && (b.plans_count !== b.item_plans || !sameAmount(b.plans_total, b.items_total))) {
      problems.push(`plans: the batch carries ${b.plans_count} plan parts totalling ${b.plans_total}, its items ${b.item_plans} plans totalling ${b.items_total}`);
    }
    if (b.saved_items !== null && b.saved_items !== b.items_count) problems.push(`items: ${b.saved_items} when saved, ${b.items_count} now`);
    if (b.saved_amount !== null && !sameAmount(b.saved_amount, b.items_total)) problems.push(`items total: ${b.saved_amount} when saved, ${b.items_total} now`);

    const row = (status: BatchCheckRow['status'], chainAmount: string | null, extra: string[] = []): BatchCheckRow => ({
      batchId: b.id, processListId: b.process_list_id, action: b.action, transactionHash: b.transaction_hash, network: b.network,
      status: problems.length ? 'mismatching' : status, problems: [...problems, ...extra],
      amount: b.amount, itemsTotal: b.items_total, itemsCount: b.items_count, chainAmount, block: b.block, savedAt: b.created_at.toISOString(),
    });
    if (!client) return row('not-checked', null, ['No chain is configured: the transaction could not be compared']);
    if (b.network !== null && b.network !== chain.chainId) {
      return row('not-on-chain', null, [`Saved on chain ${b.network}; the server works with chain ${chain.chainId}`]);
    }
    const hash = b.transaction_hash;
    const valid = !!hash && /^0x[0-9a-fA-F]{64}$/.test(hash);
    const found = valid ? await readTransaction(client, hash as Hash) : null;
    if (!found) {
      if (chain.chainId === LOCAL_CHAIN_ID) {
        return row('not-on-chain', null, [b.recent
          ? `Not on this local chain: it is among the ${REPLAY_LIMIT} most recent saved batches a start of the local chain replays, so this chain was not started by this server or was restarted without the replay`
          : `Not on this local chain: the local chain keeps its state in memory and a start replays only the ${REPLAY_LIMIT} most recent saved batches`]);
      }
      return row('mismatching', null, [`transaction: no such transaction on chain ${chain.chainId}`]);
    }
    const { tx, receipt } = found;
    const onChain: string[] = [];
    if (receipt.status !== 'success') onChain.push('status: the transaction reverted on the chain');
    if (!tx.to || tx.to.toLowerCase() !== vault) onChain.push(`to: sent to ${tx.to ?? 'no contract'}, not to the vault ${vault}`);
    const from = tx.from.toLowerCase();
    if (b.from_address && b.from_address !== from) onChain.push(`sender: sent from ${from}, the batch says ${b.from_address}`);
    if (!senders.has(from)) onChain.push(`sender: ${from} is not a custodial wallet`);
    if (b.block !== null && BigInt(b.block) !== receipt.blockNumber) onChain.push(`block: in block ${receipt.blockNumber}, the batch says ${b.block}`);
    if (b.gas_used !== null && BigInt(b.gas_used) !== receipt.gasUsed) onChain.push(`gas: ${receipt.gasUsed} used, the batch says ${b.gas_used}`);
    let chainAmount: string | null = null;
    const call = vaultCall(tx.input);
    if (!call || (call.functionName !== 'deposit' && call.functionName !== 'withdraw')) onChain.push('call: not a vault deposit or withdraw');
    else if (call.functionName !== b.action) onChain.push(`call: a vault ${call.functionName}, the batch is a ${b.action}`);
    else if (b.amount === null) onChain.push('amount: the batch records none');
    else {
      const wanted = parseUnits(b.amount, TOKEN_DECIMALS);
      const tokens = call.functionName === 'deposit' ? (call.args![0] as bigint) : vaultWithdrawn(receipt, vault!);
      chainAmount = formatUnits(tokens, TOKEN_DECIMALS);
      // A withdrawal pays out for whole shares: up to WITHDRAW_TOLERANCE_WEI over, never under (as save-batch checks).
      if (!vaultAmountMatches(call.functionName, tokens, wanted)) onChain.push(`amount: the chain moved ${chainAmount}, the batch says ${b.amount}`);
    }
    return onChain.length ? row('mismatching', chainAmount, onChain) : row('matching', chainAmount);
  };

  // A few receipts at a time: the chain's node answers them in parallel without being flooded.
  const checked: BatchCheckRow[] = [];
  for (let i = 0; i < rows.length; i += 8) checked.push(...(await Promise.all(rows.slice(i, i + 8).map(check))));
  checked.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.savedAt.localeCompare(a.savedAt) || a.batchId.localeCompare(b.batchId));
  const count = (s: BatchCheckRow['status']) => checked.filter((r) => r.status === s).length;
  return {
    summary: {
      saved: checked.length, matching: count('matching'), mismatching: count('mismatching'),
      notOnChain: count('not-on-chain'), notChecked: count('not-checked'), history: history!.n,
    },
    all: checked,
  };
}

const slice = <T>(all: T[], total: number, page: number, pageSize: number) => toPage(all.slice((page - 1) * pageSize, page * pageSize), total, page, pageSize);

/** How many rows of each list a run keeps (and stores); the figures count them all. */
export const RUN_ROW_CAP = RECONCILIATION_ROW_CAP;

type Computed = {
  summary: ReconciliationSummary;
  lists: { ledger: LedgerDriftRow[]; flagged: FlaggedRow[]; holds: HoldDriftRow[]; batches: BatchCheckRow[] };
};
const totalsOf = (s: ReconciliationSummary): Record<ReconciliationKind, number> =>
  ({ ledger: s.ledger.drift, flagged: s.flagged.total, holds: s.holds.drift, batches: s.batches.saved });

/**
 * The whole report on one connection, the parts one after the other (`onStep` is told each part
 * before it starts), keeping the first `keep` rows of each list.
 */
async function compute(c: Conn, chain: ReconcileChain, keep: number, onStep: (kind: ReconciliationKind) => Promise<unknown> = async () => undefined): Promise<Computed> {
  const checkedAt = new Date().toISOString();
  await onStep('ledger');
  const ledger = await inSnapshot(c, () => ledgerPart(c, keep, 0));
  await onStep('flagged');
  const flagged = await inSnapshot(c, () => flaggedPart(c, keep, 0));
  await onStep('holds');
  const holds = await inSnapshot(c, () => holdsPart(c, keep, 0));
  await onStep('batches');
  const batches = await batchesPart(c, chain);
  return {
    summary: {
      checkedAt,
      tolerance: RECONCILIATION_TOLERANCE,
      chainId: chain.rpcUrls.length ? chain.chainId : null,
      unexplained: ledger.drift + flagged.unexplained + holds.drift + batches.summary.mismatching,
      ledger: { users: ledger.users, wallets: ledger.wallets, balances: ledger.balances, drift: ledger.drift },
      flagged: { total: flagged.total, explained: flagged.explained, unexplained: flagged.unexplained },
      holds: { plans: holds.plans, drift: holds.drift },
      batches: batches.summary,
    },
    lists: { ledger: ledger.records, flagged: flagged.records, holds: holds.records, batches: batches.all.slice(0, keep) },
  };
}

const firstPages = (summary: ReconciliationSummary, lists: Computed['lists'], pageSize: number): Reconciliation => {
  const totals = totalsOf(summary);
  return {
    ...summary,
    rows: {
      ledger: slice(lists.ledger, totals.ledger, 1, pageSize),
      flagged: slice(lists.flagged, totals.flagged, 1, pageSize),
      holds: slice(lists.holds, totals.holds, 1, pageSize),
      batches: slice(lists.batches, totals.batches, 1, pageSize),
    },
  };
};

/**
 * The reconciliation report computed now, on a connection of its own (the job's computation; for
 * other code, the crash test: `(await reconcile(db, config.chain)).unexplained` is 0 when
 * everything is accounted for): the figures and the first page of every row list.
 */
export async function reconcile(db: Db, chain: ReconcileChain, pageSize = RECONCILIATION_PAGE_SIZE): Promise<Reconciliation> {
  const c = await dedicatedConnection(db);
  try {
    const r = await compute(c, chain, pageSize);
    return firstPages(r.summary, r.lists, pageSize);
  } finally {
    await c.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Runs: queued by a request (or the daily schedule), computed by the worker, stored.

/**
 * Held (session-level) by the one connection computing a run: a run left 'running' while nobody
 * holds it was interrupted (its process died, and its connection with it).
 */
const RUN_LOCK = `hashtext('vaultdesk.reconciliation-run')`;
/** Finished runs kept (with their rows); older ones are removed when a run finishes. The latest done run is always kept. */
export const RUNS_KEPT = 10;
export const INTERRUPTED = 'The run was interrupted (the server stopped while it ran). Run it again.';

/**
 * Runs left 'running' by a process that died are marked failed, so a new run can be queued.
 * Only when no connection holds the run lock: a run under way in another process is left alone.
 * Answers how many were marked.
 */
export async function recoverInterruptedRuns(db: Db): Promise<number> {
  const c = await db.$client.connect();
  try {
    const marked = await tryRunLock(c, RUN_LOCK, [], () => failRunning(c));
    return marked === 'busy' ? 0 : marked;
  } finally {
    c.release();
  }
}

/** The runs table's progress rows: the step being computed is cleared when a run ends. */
const RUN_ROWS = progressRows({ table: 'reconciliation_runs', onStart: `step = 'ledger'`, onEnd: 'step = NULL' });

/** With the run lock held: every 'running' run is an interrupted one. */
const failRunning = (c: Conn) => RUN_ROWS.interrupted(c, INTERRUPTED);

/** The run waiting for a worker, if any (its job may have been lost: the sweep and the worker's start pick it up). */
export async function queuedRun(db: Db): Promise<string | null> {
  const { rows: [r] } = await db.$client.query<{ id: string }>(`SELECT id FROM reconciliation_runs WHERE status = 'queued'`);
  return r?.id ?? null;
}

/** The daily scheduled run: queued unless one is already queued or running. Answers its id, or null. */
export async function queueScheduledRun(db: Db): Promise<string | null> {
  const { rows: [r] } = await db.$client.query<{ id: string }>(
    `INSERT INTO reconciliation_runs (requested_by) VALUES (NULL) ON CONFLICT (( true )) WHERE status IN ('queued', 'running') DO NOTHING RETURNING id`);
  return r?.id ?? null;
}

export type RunOutcome = 'done' | 'failed' | 'not-queued' | 'busy';

/**
 * The worker's job: computes one queued run on a connection of its own, the parts one after the
 * other (its step recorded before each), then stores the kept rows of each list and the summary
 * and marks it done, in one transaction; a failure marks it failed with the reason. Holding the
 * run lock, it first marks failed any run an earlier process left 'running' (this job retried
 * after a crash included), then claims the run only if it is still queued.
 */
export async function runReconciliation(db: Db, chain: ReconcileChain, runId: string, log: (msg: string, err?: unknown) => void = () => {}): Promise<RunOutcome> {
  const c = await dedicatedConnection(db);
  try {
    // Another connection is computing a run (or recovering): it is not this job's to do.
    return await tryRunLock(c, RUN_LOCK, [], async (): Promise<RunOutcome> => {
      const interrupted = await failRunning(c);
      if (interrupted) log(`reconciliation: ${interrupted} interrupted run marked failed`);
      if (!(await RUN_ROWS.claim(c, runId))) return 'not-queued';
      const t0 = Date.now();
      try {
        const r = await compute(c, chain, RUN_ROW_CAP, (kind) => c.query(`UPDATE reconciliation_runs SET step = $2 WHERE id = $1`, [runId, kind]));
        await c.query('BEGIN');
        try {
          for (const kind of RECONCILIATION_KINDS) {
            if (!r.lists[kind].length) continue;
            await c.query(
              `INSERT INTO reconciliation_rows (run_id, kind, position, row)
               SELECT $1, $2, (x.o - 1)::int, x.v FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(v, o)`,
              [runId, kind, JSON.stringify(r.lists[kind])]);
          }
          await RUN_ROWS.done(c, runId, 'summary = $2::jsonb', [JSON.stringify(r.summary)]);
          await prune(c);
          await c.query('COMMIT');
        } catch (err) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
        log(`reconciliation ${runId}: done in ${Date.now() - t0} ms, ${r.summary.unexplained} unexplained`);
        return 'done';
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await RUN_ROWS.failed(c, runId, `The run failed: ${reason}`.slice(0, 500));
        log(`reconciliation ${runId} failed`, err);
        return 'failed';
      }
    });
  } finally {
    // Ending the connection releases the run lock (if the unlock could not).
    await c.end().catch(() => undefined);
  }
}

/** Keeps the newest RUNS_KEPT finished runs and the latest done one; older runs go with their rows. */
const prune = (c: Conn) => c.query(`
  DELETE FROM reconciliation_runs WHERE status IN ('done', 'failed')
     AND id NOT IN (SELECT id FROM reconciliation_runs WHERE status IN ('done', 'failed') ORDER BY finished_at DESC, id LIMIT $1)
     AND id IS DISTINCT FROM (SELECT id FROM reconciliation_runs WHERE status = 'done' ORDER BY finished_at DESC, id LIMIT 1)`, [RUNS_KEPT]);

type RunRow = {
  id: string; status: ReconciliationRun['status']; step: ReconciliationKind | null; requested_by: string | null; email: string | null; full_name: string | null;
  requested_at: string; started_at: string | null; finished_at: string | null; error: string | null; summary: ReconciliationSummary | null;
};
const RUN_SELECT = `SELECT r.id, r.status, r.step, r.requested_by, s.email::text AS email, s.full_name,
       ${ISO('r.requested_at')} AS requested_at, ${ISO('r.started_at')} AS started_at, ${ISO('r.finished_at')} AS finished_at, r.error, r.summary
  FROM reconciliation_runs r LEFT JOIN staff s ON s.id = r.requested_by`;
const viewOf = (r: RunRow): ReconciliationRun => ({
  id: r.id, status: r.status, step: r.step,
  requestedBy: r.requested_by ? { _id: r.requested_by, email: r.email ?? '', fullName: r.full_name ?? '' } : null,
  requestedAt: r.requested_at, startedAt: r.started_at, finishedAt: r.finished_at, error: r.error,
});

const ACTIVE = 'reconciliation_runs_one_active';
const noSuchRun = () => new AppError('NOT_FOUND', 'No such reconciliation run: it may have been removed as older runs are (pick the latest)');

/**
 * The report as the API serves it: requests only queue a run (the worker computes it) and read
 * stored runs, so every call answers at once and uses one pool connection briefly.
 */
export function createReconciliationService(db: Db, jobs: JobQueue | null) {
  const runById = async (id: string) => {
    const { rows: [r] } = await db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.id = $1`, [id]);
    return r ?? null;
  };
  const latestDone = async () => {
    const { rows: [r] } = await db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.status = 'done' ORDER BY r.finished_at DESC, r.id LIMIT 1`);
    return r ?? null;
  };
  return {
    /**
     * Queues a run for the worker and audits who asked. A run already queued or running is a 409
     * (the unique partial index decides, so two at once cannot both be queued).
     */
    async start(ctx: RequestContext, staffId: string): Promise<ReconciliationRun> {
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const { rows: [r] } = await tx.execute<{ id: string }>(sql`INSERT INTO reconciliation_runs (requested_by) VALUES (${staffId}) RETURNING id`);
          await writeAudit(tx, ctx, { action: 'reconciliation.run', targetType: 'reconciliation_run', targetId: r!.id });
          return r!.id;
        });
      } catch (err) {
        if (!isUniqueViolation(err, ACTIVE)) throw err;
        const { rows: [active] } = await db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.status IN ('queued', 'running')`);
        const who = active ? (active.full_name ? ` by ${active.full_name}` : ' by the daily schedule') : '';
        throw conflict(`A reconciliation run is already ${active?.status ?? 'queued or running'}${who}: wait for it to finish, then run again if needed`);
      }
      // A lost nudge is not fatal: the worker's sweep picks up a queued run every minute.
      await jobs?.send(RECONCILIATION_RUN_JOB, { runId: id }).catch(() => undefined);
      return viewOf((await runById(id))!);
    },

    /** The latest finished run with its first pages, the run under way, the last failure since. */
    async state(pageSize: number): Promise<ReconciliationState> {
      const [done, { rows: [current] }] = await Promise.all([
        latestDone(),
        db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.status IN ('queued', 'running')`),
      ]);
      const { rows: [failure] } = await db.$client.query<RunRow>(
        `${RUN_SELECT} WHERE r.status = 'failed' AND r.finished_at > coalesce($1::timestamptz, '-infinity') ORDER BY r.finished_at DESC, r.id LIMIT 1`,
        [done?.finished_at ?? null]);
      let latest: ReconciliationState['latest'] = null;
      if (done) {
        const { rows } = await db.$client.query<{ kind: ReconciliationKind; row: unknown }>(
          `SELECT kind, row FROM reconciliation_rows WHERE run_id = $1 AND position < $2 ORDER BY kind, position`, [done.id, pageSize]);
        const lists: Computed['lists'] = { ledger: [], flagged: [], holds: [], batches: [] };
        for (const r of rows) (lists[r.kind] as unknown[]).push(r.row);
        latest = { ...viewOf(done), report: firstPages(done.summary!, lists, pageSize) };
      }
      return { latest, current: current ? viewOf(current) : null, lastFailure: failure ? viewOf(failure) : null };
    },

    /** One list of a finished run (the latest without `runId`), paged from its stored rows. */
    async rows(kind: ReconciliationKind, page: number, pageSize: number, runId?: string): Promise<ReconciliationRows> {
      const run = runId ? await runById(runId) : await latestDone();
      if (!run) throw runId ? noSuchRun() : new AppError('NOT_FOUND', 'No reconciliation run has finished yet: run one first');
      if (run.status !== 'done') throw conflict(`This reconciliation run is ${run.status}: its rows are there once it is done`);
      const offset = (page - 1) * pageSize;
      const { rows } = await db.$client.query<{ row: unknown }>(
        `SELECT row FROM reconciliation_rows WHERE run_id = $1 AND kind = $2 AND position >= $3 AND position < $4 ORDER BY position`,
        [run.id, kind, offset, offset + pageSize]);
      return {
        kind, runId: run.id, checkedAt: run.summary!.checkedAt,
        rows: toPage(rows.map((r) => r.row), totalsOf(run.summary!)[kind], page, pageSize),
      } as ReconciliationRows;
    },
  };
}

/** The worker's side (startWorker's `reconciliation`): the chain is read from the configuration when a run starts. */
export const reconciliationJobsFor = (db: Db, config: Pick<Config, 'chain'>, log?: (msg: string, err?: unknown) => void): ReconciliationJobs => ({
  run: (runId) => runReconciliation(db, config.chain, runId, log),
  recover: () => recoverInterruptedRuns(db),
  queued: () => queuedRun(db),
  queueDaily: () => queueScheduledRun(db),
});
