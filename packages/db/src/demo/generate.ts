import type pg from 'pg';
import type { Db } from '../client';
import { CHUNK, createChunkMaker, type ChunkResult, type DemoCounts, type Pace } from './chunk';
import { copyBytes, mergeCopies, runStatements, type CopyBatch, type CopyStatement } from './sql';
import { seedQueuesWithTopUp, topUpQueueRows } from './extras/queues';
import { INDEPENDENT_EXTRAS, LATE_EXTRAS, seedExtras, type ExtrasStep } from './extras/seed-extras';
import { serverLowerMap } from './suffixes';
import { chunkSource } from './workers';

export type { DemoCounts } from './chunk';

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
  /**
   * Worker threads that build chunks while the main thread writes them (chunk-worker.ts); 0
   * builds them on the main thread. Default: 2 from 20,000 users up (the rows are the same
   * either way: a chunk depends on seed, users, now and its number only), else 0. A worker that
   * cannot start (no TypeScript loader, e.g. under a test runner) makes the run fall back to 0.
   */
  workers?: number;
  /**
   * On the bulk path (keys off, frozen COPY), the independent extras (search suffixes, fee and
   * gas records, grouped totals, list anchors) run after the first commit, two at a time beside
   * the final VACUUM, each in its own transaction. A failure after that commit empties the tables
   * the run filled again (docs/decisions/demo-data.md). Default true; false keeps one transaction.
   * On this path the chunks also carry the search suffixes (suffixes.ts: built in JavaScript),
   * written frozen over a second connection in a transaction of its own, which then builds their
   * index and commits; the queues (with the top-up) and the team's rows run after the commit too
   * (LATE_EXTRAS), and so do the secondary indexes no statement before the commit reads
   * (LATE_INDEX_TABLES) and the validation of the loaded tables' foreign keys.
   */
  split?: boolean;
  /**
   * Queue items and withdrawal-out requests to top the queue tables up to (the queues bench's
   * million each; extras/queues.ts topUpQueues), written inside the load after the queues' own
   * extras: the same rows as a top-up afterwards.
   */
  queueTopUp?: { queueItems?: number; withdrawalRequests?: number };
};

export const DEFAULT_SEED = 20211001;

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
  const counts: DemoCounts = {
    users: 0,
    wallets: 0,
    plans: 0,
    walletTransactions: 0,
    savingsTransactions: 0,
    referrals: 0,
    ledgerEntries: 0,
  };

  // Where the time goes, phase by phase (logged at the end; bench/results/*-dataset.md).
  const phases: [string, number][] = [];
  let mark = performance.now();
  const phase = (name: string) => {
    const t = performance.now();
    phases.push([name, (t - mark) / 1000]);
    mark = t;
  };

  const started = performance.now();
  let waited = 0;
  const walAt = async () =>
    (await db.$client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
  const walStart = await walAt();
  const client = await db.$client.connect();
  let inFlight: Promise<unknown> | null = null;
  // The search suffixes' own loading connection (split path): its table, its index, its transaction.
  let suffixLoad: SuffixLoad | null = null;
  let source: { next(): Promise<ChunkResult>; close(): void; workers: number } | null = null;
  let split: boolean;
  let emptied: string[];
  let deferred: string[];
  let validations: Saved[];
  let steps: readonly ExtrasStep[];
  try {
    await client.query('BEGIN');
    const existing = await client.query<{ has: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS has');
    if (existing.rows[0]?.has)
      throw new Error('generateDemoData: the users table already has rows; demo data goes into an empty database');
    const mode = await chooseLedgerMode(client, opts.ledger ?? 'auto', log);
    const wantRebuild = opts.indexes === 'rebuild' || ((opts.indexes ?? 'auto') === 'auto' && total >= 20_000);
    // The bulk path (superuser, large runs): every index and key of the customer tables off for
    // the load, the tables emptied in this transaction so COPY may write frozen rows, everything
    // rebuilt from its own definition before commit.
    // The search suffixes get their own connection on the split path (below): this transaction
    // leaves their table alone, so that connection may empty it and write it frozen.
    const ownSuffixes = opts.split !== false ? ['user_search_suffixes'] : [];
    const bulk = wantRebuild && mode === 'direct' ? await prepareBulkLoad(client, log, ownSuffixes) : null;
    const dropped = wantRebuild && !bulk ? await dropSecondaryIndexes(client, log) : [];
    split = bulk?.freeze === true && opts.split !== false;
    // On the split path the chunks carry their users' search suffixes (suffixes.ts), written
    // frozen by their own connection into the suffix table it empties, with their index.
    const serverLower = split ? await serverLowerMap(client) : null;
    if (split && !serverLower)
      log('demo data: this server lowers text with context; the search suffixes are built in SQL');
    suffixLoad = serverLower ? await startSuffixLoad(db, log) : null;
    // The chunks carry the suffixes only when their connection is there to write them.
    const lower = suffixLoad ? serverLower : null;
    const suffixIndex = suffixLoad;
    const copyWith = (binary: boolean | undefined) => {
      const options = [binary ? 'FORMAT binary' : '', bulk?.freeze ? 'FREEZE' : ''].filter(Boolean);
      return options.length ? ` WITH (${options.join(', ')})` : '';
    };
    phase('prepare');

    const chunks = Math.ceil(total / CHUNK);
    // Bytes sent over each loading connection, and the time spent waiting on each.
    let bytes = 0;
    let waitedSuffixes = 0;
    let inFlightSuffixes: Promise<unknown> | null = null;
    const wantWorkers = Math.max(0, Math.floor(opts.workers ?? (total >= 20_000 ? 2 : 0)));
    source = await chunkSource({
      seed,
      total,
      nowMs,
      mode,
      lower,
      chunks,
      workers: wantWorkers,
      log,
      makeLocal: () => {
        const make = createChunkMaker(seed, total, nowMs, lower);
        const pace = createPace();
        return (c: number) => make(c, mode, pace);
      },
    });
    const workers = source.workers;
    let nextLog = 0;
    let built = 0;
    // Chunks are sent a few at a time, as one COPY per table (mergeCopies), once BATCH_BYTES
    // have come; the next batch is gathered while PostgreSQL writes the previous one.
    const cpuAtLoad = process.cpuUsage();
    let pending: CopyStatement[][] = [];
    let pendingSuffixes: CopyStatement[][] = [];
    let pendingBytes = 0;
    for (let c = 0; c < chunks; c++) {
      const buildStart = performance.now();
      const chunk = await source.next();
      built += performance.now() - buildStart;
      const statements: CopyStatement[] = chunk.statements.map((st) => ({
        text: st.text + copyWith(st.binary),
        data: st.data,
        binary: st.binary,
      }));
      // On the split path the suffix rows go over their own connection, in their own transaction.
      const mine = suffixLoad ? statements.filter((st) => st.text.startsWith(SUFFIX_COPY)) : [];
      pending.push(statements.filter((st) => !mine.includes(st)));
      pendingSuffixes.push(mine);
      for (const st of statements) pendingBytes += st.data.length;
      if (pendingBytes >= BATCH_BYTES || c === chunks - 1) {
        if (suffixLoad) {
          const waitSuffixes = performance.now();
          if (inFlightSuffixes) await settled(inFlightSuffixes);
          waitedSuffixes += performance.now() - waitSuffixes;
          inFlightSuffixes = suffixLoad.copy(mergeCopies(pendingSuffixes));
        }
        const waitStart = performance.now();
        if (inFlight) await settled(inFlight);
        waited += performance.now() - waitStart;
        const batch: CopyBatch[] = mergeCopies(pending);
        for (const st of batch) bytes += copyBytes(st);
        inFlight = runStatements(client, batch).then(
          () => null,
          (e: unknown) => ({ failed: e }),
        );
        pending = [];
        pendingSuffixes = [];
        pendingBytes = 0;
      }
      for (const k of Object.keys(counts) as (keyof DemoCounts)[]) counts[k] += chunk.counts[k];
      if (counts.users >= nextLog) {
        log(`demo data: ${counts.users}/${total} users`);
        nextLog += Math.max(CHUNK, Math.ceil(total / 10 / CHUNK) * CHUNK);
      }
    }
    const waitStart = performance.now();
    if (inFlight) await settled(inFlight);
    waited += performance.now() - waitStart;
    const waitSuffixes = performance.now();
    if (inFlightSuffixes) await settled(inFlightSuffixes);
    waitedSuffixes += performance.now() - waitSuffixes;
    source.close();
    source = null;
    const gb = (n: number) => `${(n / 1e9).toFixed(2)} GB`;
    const cpu = process.cpuUsage(cpuAtLoad);
    phase(
      `load (${workers ? `${workers} worker threads` : 'main thread'}; generator CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; waiting for chunks ${(built / 1000).toFixed(1)} s, on PostgreSQL ${(waited / 1000).toFixed(1)} s${
        suffixLoad
          ? `; 2 connections: ${gb(bytes)} / suffixes ${gb(suffixLoad.bytes)}, after the chunks waited on the second ${(waitedSuffixes / 1000).toFixed(1)} s`
          : ''
      })`,
    );
    await client.query(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEM}'`);
    if (bulk) {
      log(
        `demo data: rebuilding ${bulk.keys.length} keys, ${bulk.foreignKeys.length} foreign keys, ${bulk.indexes.length} indexes`,
      );
      for (const k of bulk.keys) await client.query(`ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.definition}`);
      phase('primary keys and unique constraints');
      // Each one checked in one statement over the loaded rows. On the split path those of the
      // loaded tables are added NOT VALID here (enforced from now on, as they would be anyway
      // with the triggers off: not at all) and validated after the first commit, in the lanes:
      // the same statement over the same rows, plus the extras' rows. The others' tables are
      // still empty: validated here, as before.
      for (const k of bulk.foreignKeys) {
        const later = split && CUSTOMER_TABLES.includes(k.table);
        await client.query(
          `ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.definition}${later ? ' NOT VALID' : ''}`,
        );
      }
      phase(split ? 'foreign keys (those of the loaded tables NOT VALID)' : 'foreign keys (validated)');
    }
    validations = split && bulk ? bulk.foreignKeys.filter((k) => CUSTOMER_TABLES.includes(k.table)) : [];
    // The indexes no statement in this transaction reads (the trigram ones of the user search,
    // and every secondary index of the tables in LATE_INDEX_TABLES): on the split path they are
    // built after the first commit, in the lanes beside the independent extras.
    const rebuild = (bulk ? bulk.indexes : dropped).filter((index) => !(split && builtLate(index.definition)));
    deferred = (bulk?.indexes ?? []).filter((index) => !rebuild.includes(index)).map((index) => index.definition);
    if (rebuild.length) {
      if (!bulk) log(`demo data: rebuilding ${rebuild.length} indexes`);
      for (const index of rebuild) await client.query(index.definition);
      phase(deferred.length ? `secondary indexes (${deferred.length} after the commit)` : 'secondary indexes');
    }
    // The suffix connection builds its index now, on one core, while this one runs the balance
    // check and the extras (one backend: the other core was idle then); not beside the keys and
    // indexes above, which PostgreSQL builds on both cores. It commits on its own, in the lanes'
    // time if it is not done by the first commit (finishSideBySide).
    suffixLoad?.finish();
    if (mode === 'direct') await checkBalances(client);
    phase('balance check');
    // Locked plans hold their locked amount in the plan hold ledger; with the triggers off the
    // load wrote none (in trigger mode the plans' trigger did, and this adds nothing).
    await client.query('SELECT savings_lock_backfill()');
    phase('plan holds');
    // The extras sort and group a million rows at a time (hash keys, windows, aggregates): with
    // the default 4 MB each sort and hash spilled to disk. Their ORDER BYs fix every order that
    // reaches a row, so the rows are the same with more memory.
    await client.query(`SET LOCAL work_mem = '${EXTRAS_WORK_MEM}'`);
    // The bulk path commits before the independent extras and runs them side by side with the
    // final VACUUM (below); otherwise everything is in this one transaction.
    const areas = await seedExtras({ client, seed, nowMs, users: total, log }, { independent: !split, late: !split });
    steps = INDEPENDENT_EXTRAS.filter((step) => !(suffixIndex && step.name === 'search suffixes'));
    // A failure of the suffix connection before this commit fails this transaction too.
    if (suffixLoad?.failed()) await suffixLoad.done();
    if (split) steps = lateSteps(steps, bulk!.emptied, opts.queueTopUp, { seed, nowMs, log });
    if (opts.queueTopUp && !split) {
      const t = performance.now();
      const added = await topUpQueueRows(client, { ...opts.queueTopUp, seed, nowMs, log });
      areas.push([
        `queue top-up (${added.queueItems} items, ${added.withdrawalRequests} withdrawal-out requests)`,
        (performance.now() - t) / 1000,
      ]);
    }
    phase(`extras (${areas.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')})`);
    await client.query('COMMIT');
    phase('commit');
    // On the split path the suffix table is the second connection's (or the SQL rebuild's after
    // the commit): emptied again with the others on a failure.
    emptied = [...CUSTOMER_TABLES, ...(bulk?.emptied ?? []), ...(split ? ['user_search_suffixes'] : [])];
    // Where the time went, for tuning: the generator and PostgreSQL overlap, so "waiting" is
    // the database time the generator could not hide.
    log(
      `demo data: ${total} users in ${((performance.now() - started) / 1000).toFixed(1)} s (ledger ${mode}, waiting on PostgreSQL ${(waited / 1000).toFixed(1)} s)`,
    );
  } catch (e) {
    source?.close();
    // Let the statements already sent finish (they fail fast in an aborted transaction) first.
    if (inFlight) await inFlight;
    await client
      .query('ROLLBACK')
      .catch((rollbackError: unknown) => log(`demo data: rollback failed: ${String(rollbackError)}`));
    // The suffix connection rolls back too, or, if it had committed, its table is emptied again.
    if (suffixLoad) await suffixLoad.abort(e);
    throw e;
  } finally {
    client.release();
  }
  if (split) {
    try {
      // The suffix index, if still building, holds one lane until its connection has committed.
      const pending = suffixLoad
        ? { name: 'search suffix index (its own connection)', tables: ['user_search_suffixes'], done: suffixLoad.done }
        : null;
      const took = await finishSideBySide(
        db,
        steps,
        deferred,
        validations,
        { seed, nowMs, users: total, log },
        pending,
      );
      phase(`independent extras and vacuum (analyze), 2 connections (${took})`);
    } catch (e) {
      // The suffix connection first (a lane may not have waited for it): committed or rolled back.
      await suffixLoad?.done().catch(() => {});
      // The customers and most extras are committed: empty what this run filled again, or say clearly that it could not.
      const undone = await undoAfterCommit(db, emptied, deferred, validations).then(
        () => true,
        (te: unknown) => {
          log(`demo data: could not empty the tables again (${te instanceof Error ? te.message : String(te)})`);
          return false;
        },
      );
      throw new Error(
        `${e instanceof Error ? e.message : String(e)} (after the customers were committed: ${
          undone
            ? 'the tables this run filled are empty again; rows it added to tables that had rows before stay'
            : 'THE DATABASE HOLDS AN INCOMPLETE DEMO DATASET; generate again into an empty database'
        })`,
        { cause: e },
      );
    }
  } else {
    const slowest = await vacuumEverything(db);
    phase(`vacuum (analyze), 2 connections (slowest: ${slowest})`);
  }
  const {
    rows: [wal],
  } = await db.$client.query<{ gb: string; level: string }>(
    `SELECT round(pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) / 1e9, 2)::text AS gb, current_setting('wal_level') AS level`,
    [walStart],
  );
  log(
    `demo data: phases: ${phases.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join('; ')}; write-ahead log ${wal!.gb} GB (wal_level ${wal!.level})`,
  );
  return counts;
}

/**
 * After a failure past the first commit: empties every table the run filled, in one transaction
 * with the triggers off as in the load (an append-only table's TRUNCATE guard would refuse it
 * otherwise), puts back the indexes not built yet (on the emptied tables: at once) and validates
 * the foreign keys not validated yet (over no rows).
 */
async function undoAfterCommit(
  db: Db,
  emptied: readonly string[],
  deferred: readonly string[],
  validations: readonly Saved[],
): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(`TRUNCATE ${[...new Set(emptied)].join(', ')}`);
    for (const definition of deferred)
      await client.query(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    for (const k of validations) await client.query(`ALTER TABLE ${k.table} VALIDATE CONSTRAINT ${k.name}`);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/**
 * The split path's tasks after the first commit: the queues (with the top-up) and then, in the
 * same transaction, the fee and gas records that read the queues' batches; the team's rows; then
 * the other independent extras. Each late area's tables are emptied again in its transaction only
 * if the load emptied them (a table with rows before the run is never emptied).
 */
function lateSteps(
  steps: readonly ExtrasStep[],
  emptied: readonly string[],
  topUp: DemoOptions['queueTopUp'],
  ctx: { seed: number; nowMs: number; log: (msg: string) => void },
): ExtrasStep[] {
  const own = (tables: readonly string[]) => tables.filter((t) => emptied.includes(t));
  const feeGas = steps.find((step) => step.name === 'gas records');
  const queues: ExtrasStep = {
    name: `queues${topUp ? ', queue top-up' : ''}${feeGas ? ', gas records' : ''}`,
    tables: [...own(LATE_EXTRAS.queues.tables), ...(feeGas?.tables ?? [])],
    alsoWrites: LATE_EXTRAS.queues.alsoWrites,
    run: async (c) => {
      // With a top-up: the queue tables' indexes, counters and anchors built once, after both.
      if (topUp) await seedQueuesWithTopUp(c, { ...topUp, ...ctx });
      else await LATE_EXTRAS.queues.run(c);
      if (feeGas) await feeGas.run(c);
    },
  };
  const team: ExtrasStep = { ...LATE_EXTRAS.team, tables: own(LATE_EXTRAS.team.tables) };
  return [queues, team, ...steps.filter((step) => step !== feeGas)];
}

/**
 * COPY data gathered before it is sent (about 6 chunks of 1,000 users): fewer, larger COPY
 * statements (sql.ts mergeCopies), while the first batch keeps PostgreSQL waiting for a second
 * at most.
 */
const BATCH_BYTES = 64 << 20;

/** The chunks' COPY of the search suffixes (chunk.ts), sent over the suffix connection. */
const SUFFIX_COPY = 'COPY user_search_suffixes ';

type SuffixLoad = {
  /** Sends a chunk's suffix rows; resolves (or rejects) when PostgreSQL has them. */
  copy(statements: readonly CopyBatch[]): Promise<unknown>;
  /** After the last chunk: builds the suffix index, then commits. */
  finish(): void;
  /** Whether a step has failed already (without waiting for the index). */
  failed(): boolean;
  /** Resolves once committed; rejects with the failure of any step. */
  done(): Promise<void>;
  /** The load failed elsewhere: roll back, or empty the table again if it was committed. */
  abort(cause: unknown): Promise<void>;
  bytes: number;
};

/**
 * The second loading connection (split path): the search suffixes, about half of the load's bytes,
 * written in a transaction of their own. COPY FREEZE needs its table emptied in the writing
 * transaction, so this connection empties the suffix table itself (checked empty first; the
 * load's transaction leaves it alone), drops its index, takes every chunk's suffix rows, then
 * rebuilds the index (a new file: no write-ahead log at wal_level minimal) on one core, while the
 * first connection runs its extras, and commits (after the first commit if the index takes
 * longer). Null (the SQL rebuild after the commit
 * stays) if the table has rows or anything is refused.
 */
async function startSuffixLoad(db: Db, log: (msg: string) => void): Promise<SuffixLoad | null> {
  // The load's own connection is taken: a pool of one would wait here for ever.
  if (((db.$client as pg.Pool).options.max ?? 10) < 2) {
    log('demo data: the search suffixes are built in SQL (a pool of one connection)');
    return null;
  }
  const client = await db.$client.connect();
  let definition: string;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ empty: boolean; definition: string | null }>(
      `SELECT NOT EXISTS (SELECT 1 FROM user_search_suffixes) AS empty,
              (SELECT pg_get_indexdef(i.indexrelid) FROM pg_index i
                WHERE i.indexrelid = to_regclass('user_search_suffixes_idx') AND i.indrelid = 'user_search_suffixes'::regclass) AS definition`,
    );
    if (!rows[0]?.empty || !rows[0].definition) throw new Error('the suffix table has rows or no index');
    definition = rows[0].definition;
    await client.query('DROP INDEX user_search_suffixes_idx');
    await client.query('TRUNCATE user_search_suffixes');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
    log(`demo data: the search suffixes are built in SQL (${e instanceof Error ? e.message : String(e)})`);
    return null;
  }
  let chain: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  let committed = false;
  let released = false;
  const release = () => {
    if (!released) client.release();
    released = true;
  };
  let finished: Promise<void> | null = null;
  const rollback = async () => {
    if (released) return;
    await client.query('ROLLBACK').catch(() => {});
    release();
  };
  const load: SuffixLoad = {
    bytes: 0,
    copy(statements) {
      for (const st of statements) load.bytes += copyBytes(st);
      chain = chain
        .then(() => (failure ? null : runStatements(client, statements)))
        .catch((e: unknown) => {
          failure ??= e;
        });
      return chain.then(() => (failure ? { failed: failure } : null));
    },
    finish() {
      finished ??= chain.then(async () => {
        if (failure) throw failure;
        try {
          await client.query(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEM}'`);
          // One process: the load's own connection keeps the other core for the extras.
          await client.query('SET LOCAL max_parallel_maintenance_workers = 0');
          await client.query(definition);
          // The load failed while the index was built: roll back rather than commit.
          if (failure) throw failure;
          await client.query('COMMIT');
          committed = true;
        } catch (e) {
          failure ??= e;
          throw e;
        }
      });
      finished.catch(() => {});
    },
    failed: () => failure !== null,
    async done() {
      load.finish();
      try {
        await finished;
      } finally {
        if (committed) release();
        else await rollback();
      }
    },
    async abort(cause) {
      failure ??= cause;
      await chain;
      if (finished) await finished.catch(() => {});
      if (!committed) return rollback();
      release();
      // Committed while the other transaction failed: emptied again (its index stays, empty).
      await db.$client
        .query('TRUNCATE user_search_suffixes')
        .catch((te: unknown) =>
          log(
            `demo data: could not empty user_search_suffixes again (${te instanceof Error ? te.message : String(te)}); THE SEARCH SUFFIX TABLE HOLDS ROWS OF A FAILED RUN: empty it`,
          ),
        );
    },
  };
  return load;
}

async function settled(p: Promise<unknown>) {
  const result = await p;
  if (result && typeof result === 'object' && 'failed' in result) throw result.failed;
}

async function chooseLedgerMode(
  client: pg.PoolClient,
  wanted: 'auto' | 'direct' | 'trigger',
  log: (msg: string) => void,
): Promise<'direct' | 'trigger'> {
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

/**
 * Tables whose secondary indexes no statement in the load's transaction reads (the extras there,
 * the balance check, the plan holds): measured with pg_stat_user_indexes over a whole 100,000-user
 * run, none of these indexes was scanned once; the indexes of wallets, wallet_balances and
 * savings_plans were (the queues' wallet lookup per user above all), so they stay before the
 * extras. On the split path these are built after the first commit, in the lanes
 * (docs/decisions-load.md). A table added here must keep that true: an extra that needs one of
 * these indexes would scan instead, with the same rows, and slowly.
 */
const LATE_INDEX_TABLES = ['users', 'referrals', 'ledger_entries', 'wallet_transactions', 'savings_transactions'];

/** Whether an index (its definition) is built after the first commit on the split path. */
function builtLate(definition: string): boolean {
  const table = / ON (?:ONLY )?(?:public\.)?(\S+) /.exec(definition)?.[1] ?? '';
  return / USING gin /i.test(definition) || LATE_INDEX_TABLES.includes(table);
}

/** Memory for each sort and hash of the extras' statements (PostgreSQL's default is 4 MB). */
const EXTRAS_WORK_MEM = '256MB';
/**
 * maintenance_work_mem of every key and index build (the keys, the suffix index, the late
 * indexes, the extras' indexes built again): PostgreSQL's default, 64 MB, set explicitly. Measured
 * at a million users, one build alone, same rows: a large sort that fits in memory is one
 * cache-unfriendly quicksort, and sorting runs of 64 MB and merging them costs less CPU, the
 * temporary files staying in the page cache. Without parallel workers: the search suffix index
 * (68 M rows) 83.5 s at 1 GB, 78.8 s at 256 MB, 69.9 s at 128 MB, 68.3 s at 64 MB (114 s at 6 GB,
 * all in memory); wallet_tx_state_created_id_idx 17.7 s at 1 GB, 11.8 s at 64 MB; ledger_wallet_idx
 * 13.7 s, 10.5 s; the wallet transactions' primary key 6.6 s, 5.8 s; users_email_unique (citext)
 * 10.2 s either way. With two workers (the keys): 9.5 s at 1 GB, 7.6 s at 64 MB for the first.
 * (The fourth round's 1 GB was measured at 100,000 users, where it only saved temporary files.)
 */
const INDEX_BUILD_MEM = '64MB';
/**
 * The index builds after the first commit run without parallel workers: two lanes keep both cores
 * busy already, and a parallel build adds processes, and a merge by one of them, to cores that have
 * no idle time left (at a million users each lane worked 139 s with them; without them, and
 * without the five indexes migration 0034 dropped, about 28 s a lane, 107.5 s: no worse). The keys and indexes of the load's transaction, alone on
 * the machine, keep PostgreSQL's default (two workers).
 */
const LANE_BUILD_WORKERS = 'SET LOCAL max_parallel_maintenance_workers = 0';

const CUSTOMER_TABLES = [
  'users',
  'referrals',
  'wallets',
  'wallet_balances',
  'ledger_entries',
  'savings_plans',
  'wallet_transactions',
  'savings_transactions',
];

/**
 * Drops the indexes that back no constraint (primary keys and unique constraints stay, so
 * foreign keys and uniqueness keep being enforced while loading) and returns their definitions
 * as PostgreSQL reports them, so the rebuild recreates exactly what the migrations made. In the
 * same transaction as the load: a failed run restores them with everything else.
 */
async function dropSecondaryIndexes(
  client: pg.PoolClient,
  log: (msg: string) => void,
  rethrow = false,
): Promise<{ name: string; definition: string }[]> {
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
    if (rethrow) throw e;
    log(`demo data: keeping the indexes (${e instanceof Error ? e.message : String(e)})`);
    return [];
  }
}

type Saved = { table: string; name: string; definition: string };

/**
 * For the bulk path: drops the foreign keys that point at the customer tables, the customer
 * tables' primary keys and unique constraints, and their other indexes, returning each one's
 * definition as PostgreSQL reports it, so the rebuild recreates exactly what the migrations made
 * (same names, same columns, same options). Then empties the customer tables in this transaction
 * (they are checked empty first), which lets COPY write its rows frozen: the VACUUM after the
 * load then has no page of theirs left to visit. Random-key (uuid) indexes maintained row by row
 * were most of the database's time at a million users: once they outgrow shared_buffers every
 * insert dirties a random page. In a savepoint: if anything is refused, the load keeps its keys
 * (and falls back to dropping the secondary indexes only).
 */
async function prepareBulkLoad(
  client: pg.PoolClient,
  log: (msg: string) => void,
  leave: readonly string[],
): Promise<{ keys: Saved[]; foreignKeys: Saved[]; indexes: Saved[]; freeze: boolean; emptied: string[] } | null> {
  const tables = [CUSTOMER_TABLES];
  const { rows: foreignKeys } = await client.query<Saved>(
    `SELECT k.conrelid::regclass::text AS table, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k
      WHERE k.contype = 'f' AND k.confrelid = ANY (SELECT to_regclass(t) FROM unnest($1::text[]) AS t)
      ORDER BY k.conrelid::regclass::text, k.conname`,
    tables,
  );
  const { rows: keys } = await client.query<Saved>(
    `SELECT k.conrelid::regclass::text AS table, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k
      WHERE k.contype IN ('p', 'u') AND k.conrelid = ANY (SELECT to_regclass(t) FROM unnest($1::text[]) AS t)
      ORDER BY k.contype, k.conrelid::regclass::text, k.conname`,
    tables,
  );
  await client.query('SAVEPOINT demo_bulk');
  try {
    for (const k of foreignKeys) await client.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`);
    for (const k of keys) await client.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`);
    const indexes = (await dropSecondaryIndexes(client, log, true)).map((i) => ({ table: '', ...i }));
    const empty = await client.query<{ empty: boolean }>(
      `SELECT ${CUSTOMER_TABLES.map((t) => `NOT EXISTS (SELECT 1 FROM ${t})`).join(' AND ')} AS empty`,
    );
    const freeze = empty.rows[0]?.empty === true;
    if (freeze) await client.query(`TRUNCATE ${CUSTOMER_TABLES.join(', ')}`);
    await client.query('RELEASE SAVEPOINT demo_bulk');
    const emptied = freeze ? await emptyOtherTables(client, log, leave) : [];
    return { keys, foreignKeys, indexes, freeze, emptied };
  } catch (e) {
    await client.query('ROLLBACK TO SAVEPOINT demo_bulk');
    log(`demo data: keeping the keys during the load (${e instanceof Error ? e.message : String(e)})`);
    return null;
  }
}

/**
 * Empties, in the load's transaction, every other table that has no rows yet (the extras' tables,
 * filled later in the same transaction): a table emptied in the writing transaction is written
 * without write-ahead log when the server runs at wal_level minimal (the seed command's embedded
 * PostgreSQL), and the rows are the same either way. Tables with rows (the migrations' settings,
 * roles, ...) are left alone. If anything is refused, nothing is emptied and the load goes on.
 */
async function emptyOtherTables(
  client: pg.PoolClient,
  log: (msg: string) => void,
  leave: readonly string[],
): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname = 'public' AND c.relpersistence = 'p' AND NOT (c.relname = ANY ($1::text[]))
      ORDER BY 1`,
    [[...CUSTOMER_TABLES, ...leave]],
  );
  if (!tables.length) return [];
  const {
    rows: [row],
  } = await client.query<{ empty: string[] }>(
    `SELECT array_remove(ARRAY[${tables.map((t, i) => `CASE WHEN NOT EXISTS (SELECT 1 FROM ${t.name}) THEN $${i + 1} END`).join(', ')}], NULL) AS empty`,
    tables.map((t) => t.name),
  );
  const empty = new Set(row?.empty ?? []);
  // A table may only be emptied with every table whose foreign keys point at it: leave out those
  // that a table with rows (or a customer table, emptied already) refers to, until none is left.
  const { rows: refs } = await client.query<{ from: string; to: string }>(
    `SELECT conrelid::regclass::text AS from, confrelid::regclass::text AS to FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid`,
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const r of refs) if (empty.has(r.to) && !empty.has(r.from)) changed = empty.delete(r.to);
  }
  if (!empty.size) return [];
  await client.query('SAVEPOINT demo_empty');
  try {
    await client.query(`TRUNCATE ${[...empty].join(', ')}`);
    await client.query('RELEASE SAVEPOINT demo_empty');
    return [...empty];
  } catch (e) {
    // ROLLBACK TO leaves the savepoint open: released too, or COPY FREEZE would find itself in a
    // newer subtransaction than the one that emptied the customer tables.
    await client.query('ROLLBACK TO SAVEPOINT demo_empty');
    await client.query('RELEASE SAVEPOINT demo_empty');
    log(
      `demo data: the extras' tables are written with write-ahead log (${e instanceof Error ? e.message : String(e)})`,
    );
    return [];
  }
}

/**
 * After the first commit: the independent extras, each in its own transaction (its tables
 * emptied in it again, so at wal_level minimal they are written without write-ahead log), then
 * VACUUM (ANALYZE) table by table, over two connections: the two cores work on two things at a
 * time. The extras start first (before any ANALYZE could change a plan); each vacuums its own
 * tables when it is done. The first failure stops the queue; the error is thrown once both
 * connections are idle. `pending`: work of another connection still running (the search suffix
 * index): the first task is to wait for it.
 */
async function finishSideBySide(
  db: Db,
  steps: readonly ExtrasStep[],
  indexes: readonly string[],
  validations: readonly Saved[],
  ctx: { seed: number; nowMs: number; users: number; log: (msg: string) => void },
  pending: { name: string; tables: readonly string[]; done: () => Promise<void> } | null = null,
): Promise<string> {
  const took: [string, number][] = [];
  // Tables vacuumed last: those the tasks write, and those that get an index here (ANALYZE then
  // also gathers the statistics of the index expressions).
  const indexed = indexes.map((definition) => / ON (?:ONLY )?(\S+) /.exec(definition)?.[1] ?? '');
  const own = new Set(
    steps
      .flatMap((st) => st.tables)
      .concat(
        'user_search_suffixes',
        'user_list_anchors',
        'balance_anchors',
        ...indexed.map((t) => t.replace(/^public\./, '')),
        ...validations.map((k) => k.table),
      ),
  );
  const tasks: { name: string; run: (client: pg.PoolClient) => Promise<void> }[] = steps.map((step) => ({
    name: step.name,
    run: async (client) => {
      await client.query('BEGIN');
      try {
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(`SET LOCAL work_mem = '${EXTRAS_WORK_MEM}'`);
        await client.query(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEM}'`);
        await client.query(LANE_BUILD_WORKERS);
        if (step.tables.length) await client.query(`TRUNCATE ${step.tables.join(', ')}`);
        await step.run({ client, ...ctx });
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      }
      // Tables it added rows to: their VACUUM in the queue may have run before it.
      if (step.alsoWrites?.length) await client.query(`VACUUM (ANALYZE) ${step.alsoWrites.join(', ')}`);
    },
  }));
  // The longest first (the queues; the search suffix index if it is still here); the indexes and
  // the validations after the first task, before the other extras.
  const indexTasks = indexes.map((definition, i) => ({
    name: `index ${/^CREATE (?:UNIQUE )?INDEX (\S+)/.exec(definition)?.[1] ?? i}`,
    run: async (client: pg.PoolClient) => {
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEM}'`);
        await client.query(LANE_BUILD_WORKERS);
        await client.query(definition);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      }
    },
  }));
  // The foreign keys of the loaded tables, added NOT VALID before the commit: each validated in
  // its own transaction (the same check as ADD CONSTRAINT's, over every row; it blocks no writer).
  const validationTasks = validations.map((k) => ({
    name: `validate ${k.name}`,
    run: async (client: pg.PoolClient) => {
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL work_mem = '${EXTRAS_WORK_MEM}'`);
        await client.query(`ALTER TABLE ${k.table} VALIDATE CONSTRAINT ${k.name}`);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      }
    },
  }));
  const lead = indexTasks.filter((t) => t.name === 'index user_search_suffixes_idx');
  // Longest first, so that the two lanes end together: the indexes of the largest tables (the
  // ledger's, then the wallet transactions') before those of the small ones.
  const { rows: sizes } = await db.$client.query<{ name: string; bytes: string }>(
    `SELECT t AS name, coalesce(pg_relation_size(to_regclass(t)), 0)::text AS bytes FROM unnest($1::text[]) AS t`,
    [[...new Set(indexed)]],
  );
  const size = new Map(sizes.map((r) => [r.name, Number(r.bytes)]));
  const bySize = indexTasks
    .map((task, i) => ({ task, i, bytes: size.get(indexed[i]!) ?? 0 }))
    .sort((a, b) => b.bytes - a.bytes || a.i - b.i)
    .map((x) => x.task);
  tasks.splice(1, 0, ...bySize.filter((t) => !lead.includes(t)), ...validationTasks);
  tasks.unshift(...lead);
  // The size of a table another connection still holds (the suffix table until its index is
  // committed) is not read: that would wait for its lock. It is one of the tasks' own tables,
  // vacuumed last anyway.
  const { rows: tables } = await db.$client.query<{ name: string }>(VACUUM_ORDER, [pending?.tables ?? []]);
  for (const t of tables)
    tasks.push({
      name: `vacuum ${t.name}`,
      run: async (client) => {
        await client.query(`VACUUM (ANALYZE) ${t.name}`);
      },
    });
  // The steps' own tables last (by then their rows are written).
  tasks.sort(
    (a, b) =>
      Number(a.name.startsWith('vacuum ') && own.has(a.name.slice(7))) -
      Number(b.name.startsWith('vacuum ') && own.has(b.name.slice(7))),
  );
  // The other connection's work first: the lane that takes it waits for it, so two things still
  // run at a time.
  if (pending) tasks.unshift({ name: pending.name, run: () => pending.done() });
  let next = 0;
  let failed: unknown = null;
  // Each lane's tasks in order with their seconds, logged for tuning (bench/results).
  const lanes: string[][] = [[], []];
  const lane = async (n: number) => {
    const client = await db.$client.connect();
    try {
      while (next < tasks.length && !failed) {
        const task = tasks[next++]!;
        const t = performance.now();
        try {
          await task.run(client);
        } catch (e) {
          failed ??= e;
          break;
        }
        const sec = (performance.now() - t) / 1000;
        took.push([task.name, sec]);
        lanes[n]!.push(`${task.name} ${sec.toFixed(1)}`);
      }
    } finally {
      client.release();
    }
  };
  await Promise.all([lane(0), lane(1)]);
  if (failed) throw failed;
  ctx.log(`demo data: after the commit, lane 1: ${lanes[0]!.join(', ')}; lane 2: ${lanes[1]!.join(', ')}`);
  await db.$client.query(VACUUM_CATALOGS);
  return took
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([n, sec]) => `${n} ${sec.toFixed(1)} s`)
    .join(', ');
}

/**
 * Every table the demo wrote (the areas' extras too) vacuumed and analysed, as autovacuum would
 * leave them after a while: fresh statistics give the first queries sensible plans, and the
 * visibility map lets the lists' index-only scans skip the heap. The seed fills the tables in one
 * transaction, so autovacuum may not have reached them before the first staff member opens a list.
 * (Rows written by COPY FREEZE are already frozen and all-visible: the vacuum skips their pages.)
 * One table per statement over the pool's connections, largest first: the two cores work on two
 * tables at a time. Returns the slowest tables with their seconds, for the phases line.
 */
const VACUUM_ORDER = `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'm') AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
  ORDER BY CASE WHEN c.relname = ANY ($1::text[]) THEN 0 ELSE pg_total_relation_size(c.oid) END DESC, 1`;
// The catalogs too, as the database-wide VACUUM did (the load dropped and made keys and indexes).
const VACUUM_CATALOGS =
  'VACUUM (ANALYZE) pg_catalog.pg_class, pg_catalog.pg_attribute, pg_catalog.pg_index, pg_catalog.pg_constraint, pg_catalog.pg_depend, pg_catalog.pg_statistic';

async function vacuumEverything(db: Db): Promise<string> {
  const { rows: tables } = await db.$client.query<{ name: string }>(VACUUM_ORDER, [[]]);
  const took: [string, number][] = [];
  let next = 0;
  const worker = async () => {
    while (next < tables.length) {
      const name = tables[next++]!.name;
      const t = performance.now();
      await db.$client.query(`VACUUM (ANALYZE) ${name}`);
      took.push([name, (performance.now() - t) / 1000]);
    }
  };
  await Promise.all([worker(), worker()]);
  await db.$client.query(VACUUM_CATALOGS);
  return took
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([n, sec]) => `${n} ${sec.toFixed(1)} s`)
    .join(', ');
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
