/**
 * The checks after a demo dataset is generated (bench/results/2026-11-25-dataset.md), and a
 * fingerprint of its content to compare two generations (e.g. before and after a generator
 * change, same --seed, --users and --now):
 *   DATABASE_URL=postgres://... npx tsx bench/dataset-check.ts [--out file.json]
 * Checks (each must be 0): balances against the ledger, balance_after as the running sum, negative
 * balances, plan holds against locked plans, the user list and balance anchors against a rebuild,
 * the search suffixes against a rebuild. Fingerprint: per table, rows and an order-free hash of
 * the rows with and without their uuid columns (ids drawn by gen_random_uuid() differ by design
 * between two runs of the same generator).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const one = async (sql: string) =>
  Number(Object.values((await client.query(sql)).rows[0] as Record<string, unknown>)[0]);
const say = (s: string) => process.stdout.write(`${s}\n`);

const checks: Record<string, number> = {};
const t0 = performance.now();
checks['balances differing from their ledger sum'] = await one(`SELECT count(*) FROM wallet_balances b
  FULL JOIN (SELECT wallet_id, currency, sum(amount) AS total FROM ledger_entries GROUP BY 1, 2) l USING (wallet_id, currency)
  WHERE b.balance IS DISTINCT FROM l.total`);
checks['negative balances or balance_after'] = await one(
  `SELECT (SELECT count(*) FROM wallet_balances WHERE balance < 0) + (SELECT count(*) FROM ledger_entries WHERE balance_after < 0)`,
);
checks['balance_after not the running sum in id order'] = await one(
  `SELECT count(*) FROM (SELECT balance_after, sum(amount) OVER (PARTITION BY wallet_id, currency ORDER BY id) AS running FROM ledger_entries) x WHERE balance_after <> running`,
);
checks['plans whose hold differs from their lock'] = await one(`SELECT count(*) FROM savings_plans p
  LEFT JOIN (SELECT plan_id, sum(amount) AS held, bool_and(held_after = amount) AS one FROM savings_lock_entries GROUP BY 1) h ON h.plan_id = p.id
  WHERE coalesce(h.held, 0) <> CASE WHEN p.locked THEN coalesce(p.locked_amount, p.deposit_amount) ELSE 0 END OR NOT coalesce(h.one, true)`);
// Anchors and suffixes: rebuilt in a transaction that is rolled back, and compared with what is stored.
const snapshot = async (table: string) =>
  one(`SELECT coalesce(sum(hashtextextended(t::text, 0)), 0) + count(*) FROM ${table} t`);
const stored = {
  users: await snapshot('user_list_anchors'),
  balances: await snapshot('balance_anchors'),
  suffixes: await snapshot('user_search_suffixes'),
};
await client.query('BEGIN');
await client.query('SELECT user_list_anchors_rebuild(), balance_anchors_rebuild(), user_search_suffixes_rebuild()');
const rebuilt = {
  users: await snapshot('user_list_anchors'),
  balances: await snapshot('balance_anchors'),
  suffixes: await snapshot('user_search_suffixes'),
};
await client.query('ROLLBACK');
checks['user list anchors differing from a rebuild'] = stored.users === rebuilt.users ? 0 : 1;
checks['balance anchors differing from a rebuild'] = stored.balances === rebuilt.balances ? 0 : 1;
checks['search suffixes differing from a rebuild'] = stored.suffixes === rebuilt.suffixes ? 0 : 1;
const checkSeconds = (performance.now() - t0) / 1000;
for (const [k, v] of Object.entries(checks)) say(`${v === 0 ? 'ok  ' : 'FAIL'} ${k}: ${v}`);
say(`checks in ${checkSeconds.toFixed(1)} s`);

const { rows: tables } = await client.query<{ name: string; uuids: string[] }>(
  `SELECT c.relname AS name, coalesce(array_agg(a.attname::text) FILTER (WHERE a.atttypid = 'uuid'::regtype), '{}') AS uuids
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind = 'r' GROUP BY c.relname ORDER BY c.relname`,
);
const fingerprint: Record<string, { rows: number; hash: string; hashWithoutUuids: string }> = {};
for (const t of tables) {
  const {
    rows: [r],
  } = await client.query<{ rows: string; hash: string; nouuid: string }>(
    `SELECT count(*) AS rows, coalesce(sum(hashtextextended(t::text, 0)), 0)::text AS hash,
            coalesce(sum(hashtextextended((to_jsonb(t) - $1::text[])::text, 0)), 0)::text AS nouuid FROM ${t.name} t`,
    [t.uuids],
  );
  fingerprint[t.name] = { rows: Number(r!.rows), hash: r!.hash, hashWithoutUuids: r!.nouuid };
}
say(`fingerprint of ${tables.length} tables`);
if (values.out) writeFileSync(values.out, JSON.stringify({ checks, checkSeconds, fingerprint }, null, 1));
await client.end();
process.exit(Object.values(checks).some((v) => v !== 0) ? 1 : 0);
