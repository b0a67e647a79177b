import type pg from 'pg';
import type { ExtrasContext } from './context';
import { withIndexesAfter } from './indexes-after';

/** A deterministic 31-bit number from text (md5-based, stable across PostgreSQL versions). */
const h = (text: string) => `(('x' || substr(md5(${text}), 1, 8))::bit(32)::int & 2147483647)`;
const txHash = (text: string) => `('0x' || md5(${text}) || md5(${text} || ':2'))`;

const PROVIDERS: [string, string, boolean][] = [
  ['Kestrel Liquidity', 'kestrel', true],
  ['Harbor OTC Desk', 'harbor', true],
  ['Northwind Markets', 'northwind', true],
  ['Baobab Exchange', 'baobab', true],
  ['Lagoon Capital', 'lagoon', false],
  ['Savannah Swap', 'savannah', false],
];

/**
 * Queues, process lists, withdrawal-out requests, liquidity providers and bridge sell requests
 * from the customer rows already loaded, set-based (one statement per table), deterministic.
 *
 * - Deposit queue: every pending plan waits as a pending item, and so do top-ups of some open
 *   flexible plans; one saved plan in eight has a done item (its batch went through), a few are
 *   cancelled or failed (at least two failed). The deposit queue's
 *   active process list (status 0) holds three processing items; one finished list (2) holds done ones.
 * - Withdraw queue: one withdrawn plan in three passed through it (done), matured plans wait
 *   (pending), two were cancelled and one failed; a list at status 1 (saved on chain, to be propagated) and a finished list whose
 *   items are still processing (to be updated after withdrawal).
 * - Withdrawal-out: about one user in eight, in every status, Review the most common.
 */
export async function seedQueuesExtras(ctx: ExtrasContext, opts: { rebuild?: boolean } = {}): Promise<void> {
  const { client, seed } = ctx;
  const now = new Date(ctx.nowMs).toISOString();
  const s = `'${seed}:queues:'`;
  const list = (name: string) => `md5(${s} || '${name}')::uuid`;

  await client.query(
    `INSERT INTO process_lists (id, type, status, transaction_hash, created_at, updated_at) VALUES
       (${list('deposit-finished')}, 'deposit', 2, ${txHash(`${s} || 'deposit-finished'`)}, $1::timestamptz - interval '3 days', $1::timestamptz - interval '3 days'),
       (${list('deposit-active')}, 'deposit', 0, NULL, $1::timestamptz - interval '2 hours', $1::timestamptz - interval '2 hours'),
       (${list('withdraw-finished')}, 'withdraw', 2, ${txHash(`${s} || 'withdraw-finished'`)}, $1::timestamptz - interval '2 days', $1::timestamptz - interval '1 day'),
       (${list('withdraw-saved')}, 'withdraw', 1, ${txHash(`${s} || 'withdraw-saved'`)}, $1::timestamptz - interval '5 hours', $1::timestamptz - interval '4 hours')`,
    [now],
  );

  // The queue rows written before the queue tables' indexes exist (built once after them).
  const { deposits, withdrawals, requests, bridge } = await withIndexesAfter(
    client,
    ['queue_items', 'withdrawal_requests', 'bridge_sell_requests'],
    async () => {
      // Deposit queue. Pending plans: pending items, except three taken into the active list.
      const deposits = await client.query(
        `WITH pending AS (
             SELECT p.id, p.user_id, p.deposit_amount, p.created_at, row_number() OVER (ORDER BY md5(${s} || p.id)) AS rn
               FROM savings_plans p WHERE p.save_status = 'pending' AND p.deposit_amount > 0),
           saved_k AS (
             SELECT p.id, p.user_id, p.deposit_amount, p.created_at, p.plan_type, p.plan_state, p.locked, ${h(`${s} || 'saved:' || p.id`)} % 200 AS k,
                    row_number() OVER (ORDER BY md5(${s} || 'fin:' || p.id)) AS rn
               FROM savings_plans p WHERE p.save_status = 'saved' AND p.deposit_amount > 0),
           saved AS (
             -- Of the items that went to the queue (k < 25), the first two by a fixed order failed, so a small demo has failed deposits too.
             SELECT *, CASE WHEN k < 25 AND row_number() OVER (PARTITION BY k < 25 ORDER BY md5(${s} || 'fail:' || id)) <= 2 THEN 'failed'
                            WHEN k < 2 THEN 'cancelled' WHEN k < 3 THEN 'failed' ELSE 'done' END AS st
               FROM saved_k)
           INSERT INTO queue_items (id, queue, user_id, plan_id, amount, status, process_list_id, transaction_hash, created_at, updated_at)
           SELECT md5(${s} || 'dq:' || id)::uuid, 'deposit', user_id, id, deposit_amount,
                  CASE WHEN rn <= 3 THEN 'processing' ELSE 'pending' END,
                  CASE WHEN rn <= 3 THEN ${list('deposit-active')} END, NULL, created_at, created_at
             FROM pending
           UNION ALL
           SELECT md5(${s} || 'dq:' || id)::uuid, 'deposit', user_id, id, deposit_amount,
                  st,
                  CASE WHEN st = 'done' AND rn <= 100 THEN ${list('deposit-finished')} END,
                  CASE WHEN st = 'done' THEN ${txHash(`${s} || 'dq-hash:' || id`)} END,
                  created_at, created_at + interval '2 hours'
             FROM saved WHERE k < 25
           UNION ALL
           -- Top-ups of open flexible plans waiting for the next batch: the queue is never empty in a demo.
           SELECT md5(${s} || 'dq-top:' || id)::uuid, 'deposit', user_id, id, round(deposit_amount * (5 + k % 20) / 100, 2) + 1,
                  'pending', NULL, NULL, $1::timestamptz - ((k % 47) || ' hours')::interval - ((k % 53) || ' minutes')::interval,
                  $1::timestamptz - ((k % 47) || ' hours')::interval - ((k % 53) || ' minutes')::interval
             FROM saved WHERE k >= 25 AND k < 60 AND plan_type = 'flexible' AND plan_state <> 'withdrawn' AND NOT locked`,
        [now],
      );

      // Withdraw queue: matured plans wait; withdrawn plans went through.
      const withdrawals = await client.query(
        `WITH matured AS (
             SELECT p.id, p.user_id, p.deposit_amount, coalesce(p.lock_period, p.updated_at) AS at, row_number() OVER (ORDER BY md5(${s} || 'wm:' || p.id)) AS rn
               FROM savings_plans p WHERE p.plan_state = 'matured' AND NOT p.locked AND p.deposit_amount > 0),
           withdrawn AS (
             SELECT p.id, p.user_id, coalesce(p.withdrawal_amount, p.deposit_amount) AS amount, p.withdrawal_time AS at,
                    row_number() OVER (ORDER BY md5(${s} || 'ww:' || p.id)) AS rn
               FROM savings_plans p WHERE p.plan_state = 'withdrawn' AND p.withdrawal_time IS NOT NULL AND ${h(`${s} || 'wq:' || p.id`)} % 3 = 0)
           INSERT INTO queue_items (id, queue, user_id, plan_id, amount, status, process_list_id, transaction_hash, created_at, updated_at)
           SELECT md5(${s} || 'wq:' || id)::uuid, 'withdraw', user_id, id, deposit_amount,
                  -- After the six in lists, two withdrawals the customer called off (cancelled) and one whose batch failed.
                  CASE WHEN rn <= 6 THEN 'processing' WHEN rn <= 8 THEN 'cancelled' WHEN rn = 9 THEN 'failed' ELSE 'pending' END,
                  CASE WHEN rn <= 3 THEN ${list('withdraw-saved')} WHEN rn <= 6 THEN ${list('withdraw-finished')} END,
                  NULL, at, CASE WHEN rn BETWEEN 7 AND 9 THEN at + interval '3 hours' ELSE at END
             FROM matured
           UNION ALL
           SELECT md5(${s} || 'wq:' || id)::uuid, 'withdraw', user_id, id, amount, 'done', NULL, ${txHash(`${s} || 'wq-hash:' || id`)}, at - interval '1 day', at
             FROM withdrawn WHERE amount > 0`,
      );

      // The saved and finished lists carry their batch (the local chain replays their transactions at start).
      await client.query(
        `WITH l AS (
             SELECT pl.id, pl.type, pl.transaction_hash, pl.created_at,
                    CASE WHEN count(DISTINCT p.plan_type) > 1 THEN 'mixed' ELSE min(p.plan_type) END AS plan_type, sum(qi.amount) AS amount
               FROM process_lists pl JOIN queue_items qi ON qi.process_list_id = pl.id JOIN savings_plans p ON p.id = qi.plan_id
              WHERE pl.status <> 0 GROUP BY pl.id),
           b AS (
             INSERT INTO batches (id, action, plan_type, transaction_hash, status, created_at, process_list_id, amount, protocol_name, network)
             SELECT md5(${s} || 'batch:' || l.id)::uuid, l.type, l.plan_type, l.transaction_hash, 'confirmed', l.created_at + interval '10 minutes', l.id, l.amount, 'xAuto', 31337
               FROM l RETURNING id, process_list_id)
           UPDATE process_lists pl SET batch_id = b.id FROM b WHERE pl.id = b.process_list_id`,
      );

      // Withdrawal-out requests: about one user in eight, from the user's first wallet, amount at most the balance there.
      const requests = await client.query(
        `WITH chosen AS (
             SELECT u.id AS user_id, w.id AS wallet_id, ${h(`${s} || 'wo:' || u.id`)} AS k, u.created_at
               FROM users u
               JOIN LATERAL (SELECT id FROM wallets WHERE user_id = u.id ORDER BY created_at, id LIMIT 1) w ON true
              WHERE ${h(`${s} || 'wo-pick:' || u.id`)} % 8 = 0),
           priced AS (
             SELECT c.*, CASE WHEN c.k % 4 = 0 THEN 2 ELSE 1 END AS currency,
                    round((10 + (c.k % 4900) / 10.0)::numeric, 2) AS amount,
                    (ARRAY[8, 8, 8, 8, 0, 0, 0, 1, 1, 1, 2, 3, 5, 6, 7, 7])[1 + (c.k / 7) % 16] AS status
               FROM chosen c)
           INSERT INTO withdrawal_requests (id, user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, initiator,
                                            p2p_ref, destination_address, in_app_transaction, transaction_hash, channel, processed_at,
                                            created_at, updated_at)
           SELECT md5(${s} || 'wr:' || p.user_id)::uuid, p.user_id, p.wallet_id, p.currency, p.amount, round(p.amount * 0.01, 2), p.amount - round(p.amount * 0.01, 2),
                  coalesce(b.balance, 0) + p.amount, coalesce(b.balance, 0), p.status,
                  CASE WHEN p.k % 5 = 0 THEN 2 ELSE 1 END,
                  CASE WHEN p.k % 5 = 0 THEN 'P2P-' || upper(substr(md5(${s} || 'p2p:' || p.user_id), 1, 10)) END,
                  CASE WHEN p.k % 9 = 0 THEN (SELECT address FROM wallets w2 WHERE w2.user_id <> p.user_id ORDER BY w2.id LIMIT 1)
                       ELSE '0x' || substr(md5(${s} || 'dest:' || p.user_id) || md5(${s} || 'dest2:' || p.user_id), 1, 40) END,
                  p.k % 9 = 0,
                  CASE WHEN p.status = 1 THEN ${txHash(`${s} || 'wr-hash:' || p.user_id`)} END,
                  CASE WHEN p.status = 1 THEN 'human' END,
                  CASE WHEN p.status = 1 THEN least($1::timestamptz, p.created_at + interval '30 days') END,
                  least($1::timestamptz - interval '1 hour', p.created_at + ((p.k % 600) || ' hours')::interval),
                  least($1::timestamptz, p.created_at + ((p.k % 600) || ' hours')::interval + interval '1 hour')
             FROM priced p
             LEFT JOIN wallet_balances b ON b.wallet_id = p.wallet_id AND b.currency = CASE WHEN p.currency = 2 THEN 'VLT' ELSE 'BUSD' END`,
        [now],
      );

      await client.query(
        `INSERT INTO liquidity_providers (id, name, wallet_address, is_active, created_at, updated_at)
           SELECT md5(${s} || 'lp:' || slug)::uuid, name, '0x' || substr(md5(${s} || 'lp-addr:' || slug) || md5(${s} || 'lp-addr2:' || slug), 1, 40), active,
                  $4::timestamptz - (ord || ' days')::interval, $4::timestamptz - (ord || ' hours')::interval
             FROM unnest($1::text[], $2::text[], $3::boolean[]) WITH ORDINALITY AS x(name, slug, active, ord)`,
        [PROVIDERS.map((p) => p[0]), PROVIDERS.map((p) => p[1]), PROVIDERS.map((p) => p[2]), now],
      );

      const bridge = await client.query(
        `INSERT INTO bridge_sell_requests (id, order_reference, user_id, user_email, amount, pay_in_currency, destination_address, created_at, updated_at)
           SELECT md5(${s} || 'br:' || u.id)::uuid, 'VLT-' || upper(substr(md5(${s} || 'ref:' || u.id), 1, 10)), u.id, u.email,
                  round((50 + ${h(`${s} || 'bra:' || u.id`)} % 20000 / 10.0)::numeric, 2),
                  (ARRAY['BUSD', 'USDT', 'NGN'])[1 + ${h(`${s} || 'brc:' || u.id`)} % 3],
                  '0x' || substr(md5(${s} || 'brd:' || u.id) || md5(${s} || 'brd2:' || u.id), 1, 40),
                  least($1::timestamptz, u.created_at + interval '3 days'), least($1::timestamptz, u.created_at + interval '3 days 2 hours')
             FROM users u WHERE ${h(`${s} || 'br-pick:' || u.id`)} % 40 = 0`,
        [now],
      );
      return { deposits, withdrawals, requests, bridge };
    },
  );

  // The load may run with triggers off: the counters and the lists' rank anchors are rebuilt from
  // the rows (by the caller, once, when a top-up follows: seedQueuesWithTopUp).
  if (opts.rebuild !== false) await rebuildQueueDerived(client);
  ctx.log(
    `demo data: queues ${deposits.rowCount} deposit and ${withdrawals.rowCount} withdraw items, ${requests.rowCount} withdrawal-out requests, ${bridge.rowCount} bridge sell requests`,
  );
}

export type QueueTopUp = {
  queueItems?: number;
  withdrawalRequests?: number;
  seed: number;
  nowMs: number;
  log: (msg: string) => void;
  /** Keep the queue tables' indexes while copying (the top-up of a database in use). */
  keepIndexes?: boolean;
  /** Rebuild the counters and the lists' anchors at the end (default true). */
  rebuild?: boolean;
};

/** The queue counters and the lists' rank anchors, rebuilt from the rows; the transactions recorded, claimed. */
async function rebuildQueueDerived(client: pg.PoolClient) {
  await client.query('SELECT queue_counts_rebuild()');
  await client.query('SELECT queue_list_anchors_rebuild()');
  // The batches' and payouts' transactions claimed (migration 0035), as the API claims each it records.
  await client.query('SELECT transaction_claims_backfill()');
}

/**
 * The generator's queues followed by their top-up, in the caller's transaction: the same rows as
 * seedQueuesExtras then topUpQueueRows, but the queue tables' indexes, the counters and the
 * lists' anchors are built once, after both (each alone builds them at its end).
 */
export async function seedQueuesWithTopUp(ctx: ExtrasContext, topUp: Omit<QueueTopUp, 'keepIndexes' | 'rebuild'>) {
  const added = await withIndexesAfter(
    ctx.client,
    ['queue_items', 'withdrawal_requests', 'bridge_sell_requests'],
    async () => {
      // Their own withIndexesAfter find no index left to drop: the rows go in without indexes.
      await seedQueuesExtras(ctx, { rebuild: false });
      return topUpQueueRows(ctx.client, { ...topUp, keepIndexes: true, rebuild: false });
    },
  );
  await rebuildQueueDerived(ctx.client);
  return added;
}

/**
 * Tops the queue tables of a generated database up to a given size (the bench's million queue
 * items): copies of the rows already there, round after round in a fixed order, so the statuses
 * keep the demo's proportions and every copy stays linked to its original's customer, plan and
 * wallet. A copy is never in a process list (an open or saved list keeps exactly its items, its
 * batch total unchanged): copies of processing items are pending. Copies are dated after their
 * original, never after now. Deterministic for a given database, seed and now. Runs in one
 * transaction with the row triggers off, then rebuilds the counters and the lists' anchors.
 */
export async function topUpQueues(client: pg.PoolClient, opts: QueueTopUp) {
  let added: { queueItems: number; withdrawalRequests: number };
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    // The copies are picked by their rows' rank in id order, a sort over the rows there (the same rows with any memory).
    await client.query(`SET LOCAL work_mem = '256MB'`);
    added = await topUpQueueRows(client, { ...opts, keepIndexes: opts.keepIndexes ?? true });
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  }
  // Index-only scans of the lists need the visibility map of the new rows.
  await client.query('VACUUM (ANALYZE) queue_items');
  await client.query('VACUUM (ANALYZE) withdrawal_requests');
  opts.log(
    `queues topped up: ${added.queueItems} queue items, ${added.withdrawalRequests} withdrawal-out requests added`,
  );
  return added;
}

/**
 * The rows of topUpQueues, in the caller's transaction with the row triggers off (the generator
 * calls it inside its load when `seed-cli.ts --users N --queue-items M` asks for both at once:
 * the same rows as a top-up afterwards, written with the load).
 */
export async function topUpQueueRows(client: pg.PoolClient, opts: QueueTopUp) {
  const s = `'${opts.seed}:queues:top:'`;
  const now = new Date(opts.nowMs).toISOString();
  const added = { queueItems: 0, withdrawalRequests: 0 };
  /**
   * Adds copies of `table`'s rows until it holds `target`: `copies` inserts from `pick`, the rows
   * round after round (`c` the round) in id order, with $1 now. Returns the number added.
   */
  const copyRows = async (table: string, target: number | undefined, copies: string) => {
    if (target === undefined) return 0;
    const {
      rows: [have],
    } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    const want = target - have!.n;
    if (want <= 0 || have!.n === 0) return 0;
    // The first `want` of the rows round after round in id order, without sorting the copies:
    // round c takes the rows whose rank in id order rn has (c - 1) * have + rn <= want.
    const r = await client.query(
      `WITH src AS (SELECT t.*, row_number() OVER (ORDER BY t.id) AS rn FROM ${table} t),
       pick AS (
         SELECT c, src.* FROM generate_series(1, $2::int) c CROSS JOIN src WHERE (c - 1)::bigint * $4::int + src.rn <= $3::int)
${copies}`,
      [now, Math.ceil(want / have!.n), want, have!.n],
    );
    return r.rowCount ?? 0;
  };
  const copyAll = async () => {
    added.queueItems = await copyRows(
      'queue_items',
      opts.queueItems,
      `
         INSERT INTO queue_items (id, queue, user_id, plan_id, amount, status, process_list_id, transaction_hash, updated_by, created_at, updated_at)
         SELECT md5(${s} || c || ':' || id)::uuid, queue, user_id, plan_id, amount,
                CASE WHEN status = 'processing' THEN 'pending' ELSE status END, NULL,
                CASE WHEN transaction_hash IS NOT NULL THEN ${txHash(`${s} || 'hash:' || c || ':' || id`)} END, NULL,
                at, least($1::timestamptz, at + (updated_at - created_at))
           FROM (SELECT p.*, least($1::timestamptz - interval '1 minute',
                                   p.created_at + (p.c * (1 + ${h(`${s} || p.c || ':' || p.id`)} % 97)) * interval '1 hour') AS at FROM pick p) x`,
    );
    added.withdrawalRequests = await copyRows(
      'withdrawal_requests',
      opts.withdrawalRequests,
      `
         INSERT INTO withdrawal_requests (id, user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, initiator,
                                          p2p_ref, destination_address, in_app_transaction, transaction_hash, channel, processed_at,
                                          created_at, updated_at)
         SELECT md5(${s} || 'wr:' || c || ':' || id)::uuid, user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, initiator,
                CASE WHEN p2p_ref IS NOT NULL THEN 'P2P-' || upper(substr(md5(${s} || 'p2p:' || c || ':' || id), 1, 10)) END,
                destination_address, in_app_transaction,
                CASE WHEN transaction_hash IS NOT NULL THEN ${txHash(`${s} || 'wr-hash:' || c || ':' || id`)} END, channel,
                CASE WHEN processed_at IS NOT NULL THEN least($1::timestamptz, at + (processed_at - created_at)) END,
                at, least($1::timestamptz, at + (updated_at - created_at))
           FROM (SELECT p.*, least($1::timestamptz - interval '1 hour',
                                   p.created_at + (p.c * (1 + ${h(`${s} || 'wr:' || p.c || ':' || p.id`)} % 97)) * interval '1 hour') AS at FROM pick p) x`,
    );
  };
  // In the generator the copies are written before the queue tables' indexes exist (built once
  // after them); a top-up of a running database keeps them.
  if (opts.keepIndexes) await copyAll();
  else await withIndexesAfter(client, ['queue_items', 'withdrawal_requests'], copyAll);
  if (opts.rebuild !== false) await rebuildQueueDerived(client);
  return added;
}
