import { getTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { is, SQL } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../migrate';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../client';
import * as schema from './index';

/**
 * The Drizzle schema and the committed migrations must describe one database. Each table is
 * reduced to a set of facts (`column x: type | not null | default`, `index n: ...`, `fk n: ...`)
 * read once from the catalogue of a freshly migrated database and once from the schema objects;
 * every fact on one side only is a named difference.
 */

/**
 * What Drizzle cannot declare, kept in the migrations only (see docs/decisions/data-and-schema.md): the
 * covering (INCLUDE) columns of index-only scans. The key columns of these indexes are declared.
 */
const SQL_ONLY = new Set([
  'balance_anchors: index balance_anchors_key_idx include (rank)',
  'balance_anchors: index balance_anchors_rank_idx include (sort_key, sort_id)',
  'balance_deltas: index balance_deltas_key_idx include (delta)',
  'kyc_list_anchors: index kyc_list_anchors_key_idx include (rank)',
  'kyc_list_anchors: index kyc_list_anchors_rank_idx include (sort_key, sort_id)',
  'kyc_list_deltas: index kyc_list_deltas_key_idx include (delta)',
  'queue_list_anchors: index queue_list_anchors_key_idx include (rank)',
  'queue_list_anchors: index queue_list_anchors_rank_idx include (sort_key, sort_id)',
  'queue_list_deltas: index queue_list_deltas_key_idx include (delta)',
  'report_range_changes: index report_range_changes_day_idx include (xid)',
  'savings_group_count_deltas: index savings_group_count_deltas_state_idx include (delta)',
  'savings_group_totals: index savings_group_totals_rank_n_idx include (n)',
  'savings_transactions: index savings_tx_state_created_idx include (user_id, amount)',
  'tx_list_anchors: index tx_list_anchors_key_idx include (rank)',
  'tx_list_anchors: index tx_list_anchors_rank_idx include (sort_key, sort_id)',
  'tx_list_deltas: index tx_list_deltas_key_idx include (delta)',
  'user_list_anchors: index user_list_anchors_key_idx include (rank)',
  'user_list_anchors: index user_list_anchors_rank_idx include (sort_key, sort_id)',
  'user_list_deltas: index user_list_deltas_key_idx include (delta)',
]);

type Facts = Map<string, Set<string>>;
const dialect = new PgDialect();

const add = (facts: Facts, table: string, fact: string) => {
  let set = facts.get(table);
  if (!set) facts.set(table, (set = new Set()));
  set.add(fact);
};

/** One spelling for the same expression from either side: no quotes, no outer parentheses, single spaces. */
function expr(s: string): string {
  let out = s.replaceAll('"', '').replace(/\s+/g, ' ').trim();
  while (out.startsWith('(') && out.endsWith(')') && balanced(out.slice(1, -1))) out = out.slice(1, -1).trim();
  return out;
}
function balanced(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
const sqlText = (value: SQL) => dialect.sqlToQuery(value).sql;

function normType(t: string): string {
  return t
    .replace(/^character varying/, 'varchar')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/^smallserial$/, 'smallint')
    .replace(/,\s+/g, ',');
}

/** A default as either side spells it, without casts and literal quotes: `'x'::text` and 'x' are one default. */
function normDefault(d: string): string {
  if (/^nextval\(/.test(d)) return 'serial';
  let out = d.replace(/::[a-z_ ]+(\(\d+(,\s*\d+)?\))?(\[\])?/g, '');
  out = expr(out);
  const quoted = /^'(.*)'$/s.exec(out);
  return quoted ? quoted[1]!.replaceAll("''", "'") : out;
}

function declaredDefault(column: PgColumn): string | undefined {
  const type = column.getSQLType();
  if (/serial$/.test(type)) return 'serial';
  if (!column.hasDefault || column.default === undefined) return undefined;
  const d: unknown = column.default;
  if (is(d, SQL)) return normDefault(sqlText(d));
  if (d instanceof Date) return d.toISOString();
  if (Array.isArray(d)) return `{${d.join(',')}}`;
  if (typeof d === 'object' && d !== null) return JSON.stringify(d);
  return normDefault(String(d as string | number | boolean));
}

function generated(column: PgColumn): string | undefined {
  const as: unknown = column.generated?.as;
  if (as === undefined) return undefined;
  return ` generated ${expr(is(as, SQL) ? sqlText(as) : String(as as string))}`;
}

const ACTION: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

function declared(): Facts {
  const facts: Facts = new Map();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const t = getTableConfig(value);
    const name = t.name;
    add(facts, name, 'table');
    const pk = t.columns.filter((c) => c.primary).map((c) => c.name);
    for (const c of t.columns) {
      add(
        facts,
        name,
        `column ${c.name}: ${normType(c.getSQLType())}${c.notNull || c.primary ? ' not null' : ''}${generated(c) ?? (declaredDefault(c) !== undefined ? ` default ${declaredDefault(c)}` : '')}`,
      );
      if (c.isUnique)
        add(
          facts,
          name,
          `unique ${c.uniqueName ?? `${name}_${c.name}_unique`} (${c.name})${c.uniqueType === 'not distinct' ? ' nulls not distinct' : ''}`,
        );
    }
    for (const p of t.primaryKeys) pk.push(...p.columns.map((c) => c.name));
    if (pk.length) add(facts, name, `primary key (${pk.join(', ')})`);
    for (const u of t.uniqueConstraints)
      add(
        facts,
        name,
        `unique ${u.getName()} (${u.columns.map((c) => c.name).join(', ')})${u.nullsNotDistinct ? ' nulls not distinct' : ''}`,
      );
    for (const fk of t.foreignKeys) {
      const r = fk.reference();
      add(
        facts,
        name,
        `fk ${fk.getName()} (${r.columns.map((c) => c.name).join(', ')}) -> ${getTableConfig(r.foreignTable).name}(${r.foreignColumns.map((c) => c.name).join(', ')}) on delete ${fk.onDelete ?? 'no action'} on update ${fk.onUpdate ?? 'no action'}`,
      );
    }
    for (const ch of t.checks) add(facts, name, `check ${ch.name}: ${expr(sqlText(ch.value))}`);
    for (const ix of t.indexes) {
      const c = ix.config;
      const cols = c.columns.map((col) => {
        if (is(col, SQL)) return expr(sqlText(col)).replace(/ DESC$/, ' desc');
        const ic = col as { name: string; indexConfig?: { order?: string; nulls?: string; opClass?: string } };
        const order = ic.indexConfig?.order ?? 'asc';
        const nulls = ic.indexConfig?.nulls ?? (order === 'desc' ? 'first' : 'last');
        return `${ic.name}${order === 'desc' ? ' desc' : ''}${nulls !== (order === 'desc' ? 'first' : 'last') ? ` nulls ${nulls}` : ''}${ic.indexConfig?.opClass ? ` ${ic.indexConfig.opClass}` : ''}`;
      });
      add(
        facts,
        name,
        `index ${c.name}: ${c.unique ? 'unique ' : ''}${c.method ?? 'btree'} (${cols.join(', ')})${c.where ? ` where ${expr(sqlText(c.where).replaceAll(`"${name}".`, ''))}` : ''}`,
      );
    }
  }
  return facts;
}

async function catalogue(db: Db): Promise<Facts> {
  const facts: Facts = new Map();
  const q = async <T extends Record<string, unknown>>(text: string) => (await db.$client.query<T>(text)).rows;
  for (const r of await q<{ t: string }>(
    `SELECT relname AS t FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')`,
  ))
    add(facts, r.t, 'table');
  const columns = await q<{
    t: string;
    c: string;
    type: string;
    notnull: boolean;
    def: string | null;
    generated: boolean;
  }>(`
    SELECT c.relname AS t, a.attname AS c, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull, a.attgenerated = 's' AS generated,
           pg_get_expr(d.adbin, d.adrelid) AS def
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`);
  for (const r of columns)
    add(
      facts,
      r.t,
      `column ${r.c}: ${normType(r.type)}${r.notnull ? ' not null' : ''}${r.def === null ? '' : r.generated ? ` generated ${expr(r.def)}` : ` default ${normDefault(r.def)}`}`,
    );
  const constraints = await q<{
    t: string;
    name: string;
    type: string;
    cols: string[];
    ft: string | null;
    fcols: string[] | null;
    del: string;
    upd: string;
    def: string;
    nnd: boolean;
  }>(`
    SELECT c.relname AS t, k.conname AS name, k.contype AS type,
           ARRAY(SELECT attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute ON attrelid = k.conrelid AND attnum = u.n ORDER BY u.i)::text[] AS cols,
           f.relname AS ft,
           ARRAY(SELECT attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute ON attrelid = k.confrelid AND attnum = u.n ORDER BY u.i)::text[] AS fcols,
           k.confdeltype AS del, k.confupdtype AS upd, pg_get_constraintdef(k.oid) AS def,
           coalesce((SELECT indnullsnotdistinct FROM pg_index WHERE indexrelid = k.conindid), false) AS nnd
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_class f ON f.oid = k.confrelid
     WHERE c.relnamespace = 'public'::regnamespace AND k.contype IN ('p', 'u', 'f', 'c')`);
  for (const k of constraints) {
    if (k.type === 'p') add(facts, k.t, `primary key (${k.cols.join(', ')})`);
    if (k.type === 'u') add(facts, k.t, `unique ${k.name} (${k.cols.join(', ')})${k.nnd ? ' nulls not distinct' : ''}`);
    if (k.type === 'f')
      add(
        facts,
        k.t,
        `fk ${k.name} (${k.cols.join(', ')}) -> ${k.ft}(${(k.fcols ?? []).join(', ')}) on delete ${ACTION[k.del]} on update ${ACTION[k.upd]}`,
      );
    if (k.type === 'c')
      add(facts, k.t, `check ${k.name}: ${expr(k.def.replace(/^CHECK /, '').replace(/ NOT VALID$/, ''))}`);
  }
  const indexes = await q<{
    t: string;
    name: string;
    uniq: boolean;
    method: string;
    cols: string[];
    include: string[];
    pred: string | null;
  }>(`
    SELECT c.relname AS t, i.relname AS name, x.indisunique AS uniq, am.amname AS method,
           ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, false)
                        || CASE WHEN x.indoption[k - 1] & 1 = 1 THEN ' desc' ELSE '' END
                        || CASE WHEN x.indoption[k - 1] & 1 = 0 AND x.indoption[k - 1] & 2 = 2 THEN ' nulls first'
                                WHEN x.indoption[k - 1] & 1 = 1 AND x.indoption[k - 1] & 2 = 0 THEN ' nulls last' ELSE '' END
                        || coalesce((SELECT ' ' || opcname FROM pg_opclass WHERE oid = x.indclass[k - 1] AND NOT opcdefault), '')
                   FROM generate_series(1, x.indnkeyatts) k)::text[] AS cols,
           ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, false) FROM generate_series(x.indnkeyatts + 1, x.indnatts) k)::text[] AS include,
           pg_get_expr(x.indpred, x.indrelid) AS pred
      FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am am ON am.oid = i.relam
     WHERE c.relnamespace = 'public'::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.contype IN ('p', 'u'))`);
  for (const ix of indexes) {
    add(
      facts,
      ix.t,
      `index ${ix.name}: ${ix.uniq ? 'unique ' : ''}${ix.method} (${ix.cols.map(expr).join(', ')})${ix.pred ? ` where ${expr(ix.pred)}` : ''}`,
    );
    // Drizzle has no INCLUDE: the covering columns are a fact of their own, expected in SQL_ONLY.
    if (ix.include.length) add(facts, ix.t, `index ${ix.name} include (${ix.include.map(expr).join(', ')})`);
  }
  return facts;
}

function differences(db: Facts, drizzle: Facts): string[] {
  const out: string[] = [];
  for (const table of new Set([...db.keys(), ...drizzle.keys()])) {
    const a = db.get(table) ?? new Set();
    const b = drizzle.get(table) ?? new Set();
    for (const f of a)
      if (!b.has(f) && !SQL_ONLY.has(`${table}: ${f}`)) out.push(`${table}: only in the migrations: ${f}`);
    for (const f of b) if (!a.has(f)) out.push(`${table}: only in the Drizzle schema: ${f}`);
  }
  return out.sort();
}

describe('the Drizzle schema and the migrations', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.drop();
  });

  it('declare the same tables, columns, keys, constraints and indexes', async () => {
    const diff = differences(await catalogue(handle.db), declared());
    expect(diff.join('\n')).toBe('');
  });

  it('keeps no stale SQL-only allowance', async () => {
    const db = await catalogue(handle.db);
    const stale = [...SQL_ONLY].filter((entry) => {
      const [table, fact] = entry.split(/: (.*)/s) as [string, string];
      return !db.get(table)?.has(fact);
    });
    expect(stale).toEqual([]);
  });

  it('leaves no trigger function without a trigger, nor the queue counters nothing calls (migration 0042)', async () => {
    const { rows } = await handle.db.$client.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND (p.prorettype = 'trigger'::regtype AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgfoid = p.oid)
               OR p.proname IN ('queue_counts_bump', 'queue_list_rows'))
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([]);
  });

  it('names each difference (a column the schema lacks is reported, not hidden)', async () => {
    const db = await catalogue(handle.db);
    const drizzle = declared();
    drizzle.get('users')?.delete([...drizzle.get('users')!].find((f) => f.startsWith('column email:'))!);
    drizzle.set('ghost_table', new Set(['table']));
    const diff = differences(db, drizzle);
    expect(diff).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^users: only in the migrations: column email: citext/),
        'ghost_table: only in the Drizzle schema: table',
      ]),
    );
  });
});

describe('the committed drizzle-kit snapshot', () => {
  it('is the schema as it stands, so `npm run db:generate` has nothing to emit', async () => {
    const meta = path.join(migrationsFolder, 'meta');
    const last = readdirSync(meta)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(readFileSync(path.join(meta, last), 'utf8')) as DrizzleSnapshotJSON;
    const statements = await generateMigration(
      snapshot,
      generateDrizzleJson(schema as Record<string, unknown>, snapshot.id),
    );
    expect(statements.join('\n')).toBe('');
  });
});
