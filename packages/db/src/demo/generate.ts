import type pg from 'pg';
import type { Db } from '../client';
import { CURRENCIES } from '@vaultdesk/contract';
import { simulateChunk, type ChunkRows, type PlanRow, type SavingsTxRow, type WalletRow, type WalletTxRow } from './activity';
import { fmtMicro } from './money';
import { makePerson, type PeopleContext, type Person, type ReferralRow, type UserRow } from './people';
import { createNameMaker } from './places';
import { createRng } from './random';
import { CopyWriter, runStatements, type CopyStatement, type TableSpec } from './sql';
import { createTimeline } from './timeline';
import { seedExtras } from './extras/seed-extras';

export type DemoOptions = {
  users: number;
  seed?: number;
  now?: Date;
  log?: (msg: string) => void;
  /**
   * How balances are written. 'trigger': every ledger row goes through the ledger trigger, which
   * moves wallet_balances. 'direct': inside the one transaction the triggers are switched off
   * (session_replication_role = replica) and the generator writes balance_after and
   * wallet_balances itself, from the same ledger rows, in the same order. 'auto' (default):
   * direct when the role may do that (superuser), else trigger.
   */
  ledger?: 'auto' | 'direct' | 'trigger';
  /**
   * 'rebuild': drop the secondary (non-constraint) indexes of the customer tables for the load
   * and recreate them from their own definitions before commit: building an index once is far
   * cheaper than maintaining it row by row (the trigram indexes on users above all). The tables
   * are locked until commit. 'keep': insert with the indexes in place. 'auto' (default): rebuild
   * from 20,000 users up.
   */
  indexes?: 'auto' | 'keep' | 'rebuild';
};

export type DemoCounts = {
  users: number;
  wallets: number;
  plans: number;
  walletTransactions: number;
  savingsTransactions: number;
  referrals: number;
  ledgerEntries: number;
};

/** Users per chunk: a constant, so the rows depend only on seed, users and now. */
const CHUNK = 1000;
export const DEFAULT_SEED = 20211001;

type LedgerRow = { wallet_id: string; currency: string; amount: string; balance_after: string; kind: string; reference_type: string; reference_id: string; created_at: string };
type BalanceRow = { wallet_id: string; currency: string; balance: string; updated_at: string };

const USERS: TableSpec<UserRow> = {
  table: 'users',
  columns: [
    'id', 'full_name', 'username', 'email', 'phone_no', 'residence_country', 'ip_country', 'zone_country', 'profile_url',
    'has_completed_profile', 'deactivated', 'enabled_two_factor', 'is_staff', 'kyc_level_two_status', 'kyc_level_three_status',
    'trust_score', 'referral_code', 'referee_id', 'registration_device_details', 'registration_coordinates', 'last_login_at',
    'last_login_location', 'created_at', 'updated_at',
  ],
};
const REFERRALS: TableSpec<ReferralRow> = {
  table: 'referrals',
  columns: ['id', 'referrer_id', 'referred_user_id', 'referral_state', 'device_serial_number', 'reward_amount', 'created_at'],
};
const WALLETS: TableSpec<WalletRow> = { table: 'wallets', columns: ['id', 'user_id', 'name', 'address', 'network', 'is_active', 'created_at'] };
const PLANS: TableSpec<PlanRow> = {
  table: 'savings_plans',
  columns: [
    'id', 'user_id', 'plan_type', 'plan_name', 'protocol_name', 'currency', 'deposit_amount', 'share_balance', 'lock_period', 'deposit_time',
    'withdrawal_time', 'withdrawal_amount', 'deposit_transaction_hash', 'withdrawal_transaction_hash', 'plan_state', 'save_status', 'locked',
    'locked_amount', 'locked_comment', 'locked_at', 'created_at', 'updated_at',
  ],
};
const WALLET_TXS: TableSpec<WalletTxRow> = {
  table: 'wallet_transactions',
  columns: [
    'id', 'user_id', 'wallet_id', 'amount', 'final_amount', 'fee', 'currency', 'transaction_state', 'type_of_transaction', 'description',
    'txn_hash', 'to_address', 'from_address', 'is_active', 'created_at',
  ],
};
const SAVINGS_TXS: TableSpec<SavingsTxRow> = {
  table: 'savings_transactions',
  columns: ['id', 'user_id', 'plan_id', 'amount', 'currency', 'network', 'txn_hash', 'transaction_state', 'description', 'is_active', 'created_at'],
};
const LEDGER: TableSpec<LedgerRow> = {
  table: 'ledger_entries',
  columns: ['wallet_id', 'currency', 'amount', 'balance_after', 'kind', 'reference_type', 'reference_id', 'created_at'],
};
const BALANCES: TableSpec<BalanceRow> = { table: 'wallet_balances', columns: ['wallet_id', 'currency', 'balance', 'updated_at'] };

type Pace = () => Promise<void> | undefined;

/**
 * Gives the event loop a turn every few milliseconds: node-pg hands PostgreSQL its next
 * statement (and the data of a COPY) only then, and the database should not wait for the
 * generator to finish a whole chunk.
 */
function createPace(): Pace {
  let last = performance.now();
  return () => {
    const t = performance.now();
    if (t - last < 2) return undefined;
    last = t;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
}

export async function hasCustomerData(db: Db): Promise<boolean> {
  const res = await db.$client.query<{ has: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS has');
  return res.rows[0]?.has ?? false;
}

/**
 * Fills the customer tables with a believable, deterministic history: the same seed, users and
 * now give the same rows. Users are generated in chunks (never all in memory) and written in
 * one transaction, so a failed run leaves nothing behind. Refuses a database that already has
 * customers.
 */
export async function generateDemoData(db: Db, opts: DemoOptions): Promise<DemoCounts> {
  const total = Math.floor(opts.users);
  if (!(total >= 1)) throw new Error('generateDemoData: users must be at least 1');
  const seed = (opts.seed ?? DEFAULT_SEED) >>> 0;
  const nowMs = (opts.now ?? new Date()).getTime();
  const log = opts.log ?? (() => {});
  const rng = createRng(seed);
  const { names, fakers } = createNameMaker(rng);
  const people: PeopleContext = { seed, timeline: createTimeline(total, nowMs), rng, names, suffixDigits: Math.max(3, String(total - 1).length) };
  const counts: DemoCounts = { users: 0, wallets: 0, plans: 0, walletTransactions: 0, savingsTransactions: 0, referrals: 0, ledgerEntries: 0 };

  const pace = createPace();
  const started = performance.now();
  let waited = 0;
  const client = await db.$client.connect();
  let inFlight: Promise<unknown> | null = null;
  try {
    await client.query('BEGIN');
    const existing = await client.query<{ has: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS has');
    if (existing.rows[0]?.has) throw new Error('generateDemoData: the users table already has rows; demo data goes into an empty database');
    const mode = await chooseLedgerMode(client, opts.ledger ?? 'auto', log);
    const wantRebuild = opts.indexes === 'rebuild' || ((opts.indexes ?? 'auto') === 'auto' && total >= 20_000);
    const dropped = wantRebuild ? await dropSecondaryIndexes(client, log) : [];

    const chunks = Math.ceil(total / CHUNK);
    let nextLog = 0;
    for (let c = 0; c < chunks; c++) {
      // Reseeded per chunk: a chunk's rows depend on (seed, chunk) only, never on how far the
      // random stream had advanced; faker's instances draw from the same rng.
      fakers[0]!.seed([seed, c]);
      const chunk = await buildChunk(people, c * CHUNK, Math.min(total, (c + 1) * CHUNK), nowMs, mode, pace);
      const waitStart = performance.now();
      if (inFlight) await settled(inFlight);
      waited += performance.now() - waitStart;
      inFlight = runStatements(client, chunk.statements).then(() => null, (e: unknown) => ({ failed: e }));
      for (const k of Object.keys(counts) as (keyof DemoCounts)[]) counts[k] += chunk.counts[k];
      if (counts.users >= nextLog) {
        log(`demo data: ${counts.users}/${total} users`);
        nextLog += Math.max(CHUNK, Math.ceil(total / 10 / CHUNK) * CHUNK);
      }
    }
    const waitStart = performance.now();
    if (inFlight) await settled(inFlight);
    waited += performance.now() - waitStart;
    const indexStart = performance.now();
    if (dropped.length) {
      log(`demo data: rebuilding ${dropped.length} indexes`);
      await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
      for (const index of dropped) await client.query(index.definition);
    }
    const indexSeconds = (performance.now() - indexStart) / 1000;
    if (mode === 'direct') await checkBalances(client);
    // Locked plans hold their locked amount in the plan hold ledger; with the triggers off the
    // load wrote none (in trigger mode the plans' trigger did, and this adds nothing).
    await client.query('SELECT savings_lock_backfill()');
    await seedExtras({ client, seed, nowMs, users: total, log });
    await client.query('COMMIT');
    // Where the time went, for tuning: the generator and PostgreSQL overlap, so "waiting" is
    // the database time the generator could not hide.
    log(`demo data: ${total} users in ${((performance.now() - started) / 1000).toFixed(1)} s (ledger ${mode}, waiting on PostgreSQL ${(waited / 1000).toFixed(1)} s, index rebuild ${indexSeconds.toFixed(1)} s)`);
  } catch (e) {
    // Let the statements already sent finish (they fail fast in an aborted transaction) first.
    if (inFlight) await inFlight;
    await client.query('ROLLBACK').catch((rollbackError: unknown) => log(`demo data: rollback failed: ${String(rollbackError)}`));
    throw e;
  } finally {
    client.release();
  }
  // Every table the demo wrote (the areas' extras too) vacuumed and analysed, as autovacuum would
  // leave them after a while: fresh statistics give the first queries sensible plans, and the
  // visibility map lets the lists' index-only scans skip the heap. The seed fills the tables in one
  // transaction, so autovacuum may not have reached them before the first staff member opens a list.
  await db.$client.query('VACUUM (ANALYZE)');
  return counts;
}

async function settled(p: Promise<unknown>) {
  const result = await p;
  if (result && typeof result === 'object' && 'failed' in result) throw result.failed;
}

async function chooseLedgerMode(client: pg.PoolClient, wanted: 'auto' | 'direct' | 'trigger', log: (msg: string) => void): Promise<'direct' | 'trigger'> {
  if (wanted === 'trigger') return 'trigger';
  await client.query('SAVEPOINT demo_mode');
  try {
    // SET LOCAL: ends with this transaction; the guards are back for every later statement.
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('RELEASE SAVEPOINT demo_mode');
    return 'direct';
  } catch (e) {
    await client.query('ROLLBACK TO SAVEPOINT demo_mode');
    if (wanted === 'direct') throw e;
    log('demo data: this role may not bypass triggers; balances go through the ledger trigger (slower)');
    return 'trigger';
  }
}

const CUSTOMER_TABLES = ['users', 'referrals', 'wallets', 'wallet_balances', 'ledger_entries', 'savings_plans', 'wallet_transactions', 'savings_transactions'];

/**
 * Drops the indexes that back no constraint (primary keys and unique constraints stay, so
 * foreign keys and uniqueness keep being enforced while loading) and returns their definitions
 * as PostgreSQL reports them, so the rebuild recreates exactly what the migrations made. In the
 * same transaction as the load: a failed run restores them with everything else.
 */
async function dropSecondaryIndexes(client: pg.PoolClient, log: (msg: string) => void): Promise<{ name: string; definition: string }[]> {
  const res = await client.query<{ name: string; definition: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE i.indrelid = ANY (SELECT to_regclass(t) FROM unnest($1::text[]) AS t)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY c.relname`,
    [CUSTOMER_TABLES],
  );
  await client.query('SAVEPOINT demo_indexes');
  try {
    for (const index of res.rows) await client.query(`DROP INDEX ${index.name}`);
    await client.query('RELEASE SAVEPOINT demo_indexes');
    return res.rows;
  } catch (e) {
    await client.query('ROLLBACK TO SAVEPOINT demo_indexes');
    log(`demo data: keeping the indexes (${e instanceof Error ? e.message : String(e)})`);
    return [];
  }
}

/** With the triggers off, prove the written balances equal the ledger before committing. */
async function checkBalances(client: pg.PoolClient) {
  const res = await client.query<{ ledger: string | null; balances: string | null; negative: boolean }>(
    `SELECT (SELECT sum(amount) FROM ledger_entries)::text AS ledger, (SELECT sum(balance) FROM wallet_balances)::text AS balances,
            EXISTS (SELECT 1 FROM wallet_balances WHERE balance < 0) AS negative`,
  );
  const row = res.rows[0];
  if (!row || row.ledger !== row.balances || row.negative) {
    throw new Error(`demo data: balances do not match the ledger (ledger ${row?.ledger}, balances ${row?.balances})`);
  }
}

async function buildChunk(
  ctx: PeopleContext, from: number, to: number, nowMs: number, mode: 'direct' | 'trigger', pace: Pace,
): Promise<{ statements: CopyStatement[]; counts: DemoCounts }> {
  const users = new CopyWriter(USERS);
  const referrals = new CopyWriter(REFERRALS);
  const persons: Person[] = [];
  for (let i = from; i < to; i++) {
    const { person, row, referral } = makePerson(ctx, i);
    persons.push(person);
    users.add(row);
    if (referral) referrals.add(referral);
    await pace();
  }
  const rows: ChunkRows = {
    wallets: new CopyWriter(WALLETS), walletTxs: new CopyWriter(WALLET_TXS), plans: new CopyWriter(PLANS), savingsTxs: new CopyWriter(SAVINGS_TXS), ledger: [],
  };
  const steps = simulateChunk({ rng: ctx.rng, nowMs, out: rows, seq: { n: 0 } }, persons);
  for (let step = steps.next(); !step.done; step = steps.next()) await pace();

  // Chronological per wallet; all of a wallet's rows are in its own chunk, so a running sum here
  // is the wallet's balance after each row, exactly what the ledger trigger would compute.
  const items = rows.ledger.sort((a, b) => a.ms - b.ms || a.seq - b.seq);
  // Per wallet: balance and time of the last row, per currency (NaN: no row yet).
  const running = new Map<string, { micro: number[]; ms: number[] }>();
  const ledger = new CopyWriter(LEDGER);
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    let acc = running.get(it.walletId);
    if (!acc) running.set(it.walletId, (acc = { micro: [NaN, NaN, NaN, NaN], ms: [0, 0, 0, 0] }));
    const balance = (Number.isNaN(acc.micro[it.currency]!) ? 0 : acc.micro[it.currency]!) + it.micro;
    if (balance < 0) throw new Error(`demo data: wallet ${it.walletId} would go negative`);
    acc.micro[it.currency] = balance;
    acc.ms[it.currency] = it.ms;
    ledger.add({
      wallet_id: it.walletId, currency: CURRENCIES[it.currency], amount: fmtMicro(it.micro), balance_after: fmtMicro(balance),
      kind: it.kind, reference_type: it.refType, reference_id: it.refId, created_at: new Date(it.ms).toISOString(),
    });
    if ((k & 1023) === 1023) await pace();
  }
  const balances = new CopyWriter(BALANCES);
  for (const [walletId, acc] of running) {
    for (let c = 0; c < CURRENCIES.length; c++) {
      if (Number.isNaN(acc.micro[c]!)) continue;
      balances.add({ wallet_id: walletId, currency: CURRENCIES[c]!, balance: fmtMicro(acc.micro[c]!), updated_at: new Date(acc.ms[c]!).toISOString() });
    }
  }
  // Parents before children: in trigger mode the foreign keys are checked row by row.
  const writers = [users, referrals, rows.wallets, rows.plans, rows.walletTxs, rows.savingsTxs, ledger, ...(mode === 'direct' ? [balances] : [])];
  return {
    statements: writers.map((w) => w.statement()),
    counts: {
      users: users.count, wallets: rows.wallets.count, plans: rows.plans.count, walletTransactions: rows.walletTxs.count,
      savingsTransactions: rows.savingsTxs.count, referrals: referrals.count, ledgerEntries: ledger.count,
    },
  };
}
