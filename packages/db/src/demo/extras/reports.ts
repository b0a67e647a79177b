import type { ExtrasContext } from './context';
import { withIndexesAfter } from './indexes-after';

/**
 * Demo fee records and gas records, derived from the rows already loaded: one fee record per
 * wallet transaction that charged a fee (withdrawals and swaps), and one gas record per batch.
 * Set-based and keyed on a hash of each row's id and the seed, so the same load gives the same
 * rows and a million users cost two statements.
 */
export async function seedReportsExtras(ctx: ExtrasContext): Promise<void> {
  await seedFeeRecords(ctx);
  await seedGasRecords(ctx);
}

const hash = (alias: string, salt: string) =>
  `(('x' || substr(md5(${alias}.id::text || '${salt}' || $1::text), 1, 8))::bit(32)::int & 2147483647)`;

/**
 * The fee records: they read the wallet transactions and token prices of the load only, so on
 * the split path they are a task of their own after the first commit (not behind the queues).
 * Written before fee_records' indexes exist (its ids come from its sequence in the order of the
 * scan, as before).
 */
export async function seedFeeRecords(ctx: ExtrasContext): Promise<void> {
  const { client, seed } = ctx;
  const h = hash;

  // Loyal customers get a discount on some fees: the fee stored is what was charged after it,
  // so transactionAmount - fee = finalAmount always holds.
  const { rowCount: fees } = await withIndexesAfter(client, ['fee_records'], () =>
    client.query(
      `INSERT INTO fee_records (user_id, wallet_transaction_id, transaction_amount, final_amount, fee, fee_usd, discount, currency, description, created_at)
     SELECT t.user_id, t.id, t.amount, t.final_amount, t.fee, round(t.fee * coalesce(p.usd_price, 0), 8),
            (ARRAY[0, 0, 0, 0, 0, 0, 10, 25, 50, 0])[1 + ${h('t', 'disc')} % 10],
            t.currency,
            CASE t.transaction_state WHEN 1 THEN 'Withdrawal fee' WHEN 4 THEN 'Swap fee' ELSE 'Transaction fee' END,
            t.created_at
       FROM wallet_transactions t
       LEFT JOIN token_prices p ON p.currency = t.currency
      WHERE t.fee > 0`,
      [seed],
    ),
  );
  await client.query('ANALYZE fee_records');
  ctx.log(`demo data: ${fees ?? 0} fee records`);
}

/** The gas records, one per batch: after the queues, whose lists carry batches too. */
export async function seedGasRecords(ctx: ExtrasContext): Promise<void> {
  const { client, seed } = ctx;
  const h = hash;

  // Gas of each batch: 150k-450k gas at 3-5 gwei, BNB at about 600 USD.
  const { rowCount: gas } = await client.query(
    // The plan totals summed in one pass over batch_plans (a correlated sum per batch was an
    // index scan per batch, run once per use of amount); the gas record ids follow the batches'
    // physical order, as the sequential scan of batches gave them before: ORDER BY b.ctid.
    `WITH totals AS (SELECT batch_id, sum(amount) AS amount FROM batch_plans GROUP BY batch_id),
     b AS (
       SELECT b.id, b.action, b.transaction_hash, b.created_at, b.status, b.ctid AS at,
              coalesce(t.amount, 0) AS amount,
              150000 + ${h('b', 'gas')} % 300000 AS gas_used,
              3 + (${h('b', 'gwei')} % 200) / 100.0 AS gwei,
              580 + (${h('b', 'bnb')} % 4000) / 100.0 AS bnb_price,
              1.05 + (${h('b', 'ppfs')} % 6000) / 100000.0 AS ppfs,
              1000 + ${h('b', 'init')} % 500000 AS init_shares
         FROM batches b LEFT JOIN totals t ON t.batch_id = b.id
     )
     INSERT INTO gas_records (batch_id, amount, action, bnb_price, final_shares, gas_cost_usd, gas_price, gas_used, init_shares,
                              price_per_full_share, share_balance, protocol_name, process_status, transaction_hash, created_at)
     SELECT b.id, b.amount, b.action, round(b.bnb_price, 4),
            round(CASE WHEN b.action = 'withdraw' THEN greatest(0, b.init_shares - b.amount / b.ppfs) ELSE b.init_shares + b.amount / b.ppfs END, 8),
            round(b.gas_used * b.gwei * b.bnb_price / 1e9, 8), round(b.gwei, 2), b.gas_used, b.init_shares, round(b.ppfs, 8),
            round(CASE WHEN b.action = 'withdraw' THEN greatest(0, b.init_shares - b.amount / b.ppfs) ELSE b.init_shares + b.amount / b.ppfs END, 8),
            'xAuto', CASE WHEN b.status = 'confirmed' THEN 'done' ELSE b.status END, b.transaction_hash, b.created_at
       FROM b ORDER BY b.at`,
    [seed],
  );
  await client.query('ANALYZE gas_records');
  ctx.log(`demo data: ${gas ?? 0} gas records`);
}

/**
 * The load writes savings transactions with triggers off: the grouped totals are rebuilt from them,
 * and the report buckets computed before this load (if any) are forgotten, since the load's rows
 * marked none of them dirty; reports compute them again on first use.
 */
export async function rebuildSavingsGroupTotals(ctx: ExtrasContext): Promise<void> {
  // Written before the table's indexes exist (built once after it).
  const {
    rows: [r],
  } = await withIndexesAfter(ctx.client, ['savings_group_totals'], () =>
    ctx.client.query<{ n: string }>('SELECT savings_group_totals_rebuild() AS n'),
  );
  await ctx.client.query('DELETE FROM report_buckets');
  ctx.log(`demo data: ${r!.n} grouped savings totals`);
}
