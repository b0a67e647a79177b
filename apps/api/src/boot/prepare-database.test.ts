import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { closeDb, createDb, migrationsFolder, runMigrations, type Db } from '@vaultdesk/db';
import { loadConfig } from '../config/config';
import { DEMO_STAFF } from '../demo/demo-staff';
import { testEnv, withDatabase } from '../../../../test/test-env';
import { prepareDatabase } from './prepare-database';

/**
 * Issue 21, finding 6: instances that start at once on a new database (a rolling deploy that
 * carries a migration, or `docker compose up --scale api=2`) each run the start-up preparation.
 * Both must come up, with the schema migrated once and the demo data seeded once: the same
 * database, table for table, as one instance alone makes.
 */
const USERS = 40;
const adminUrl = inject('pgAdminUrl');
const made: string[] = [];
const dirs: string[] = [];

async function emptyDatabase() {
  const name = `boot_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // From template0: nothing of Vaultdesk's in it, not even the extensions.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  made.push(name);
  return withDatabase(adminUrl, name);
}

const configFor = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-boot-'));
  dirs.push(dir);
  return loadConfig(testEnv({ DATA_DIR: dir, DEMO_USERS: String(USERS), SEED_DEMO: 'true' }));
};

/** Rows per table of the public schema and of drizzle's migration record. */
async function tableCounts(db: Db) {
  const { rows: tables } = await db.$client.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`)).rows[0]!.n;
  return counts;
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two instances preparing one new database at once', () => {
  it('both come up; migrated once, demo data seeded once (as one instance alone does)', async () => {
    // The demo data is generated relative to the clock (an event a few seconds before "now" is
    // pending, one after it not yet there), so both generations start from one instant: only the
    // Date is faked, and it keeps moving; timers stay real.
    const start = new Date();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    // One instance alone: the reference.
    const alone = createDb(await emptyDatabase(), 5);
    vi.setSystemTime(start);
    await prepareDatabase(alone, configFor(), () => {});
    const expected = await tableCounts(alone);
    await closeDb(alone);

    const url = await emptyDatabase();
    const instances = [createDb(url, 5), createDb(url, 5)];
    try {
      vi.setSystemTime(start);
      const results = await Promise.allSettled(instances.map((db) => prepareDatabase(db, configFor(), () => {})));
      expect(results.map((r) => (r.status === 'fulfilled' ? 'up' : String(r.reason)))).toEqual(['up', 'up']);

      const db = instances[0]!;
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const {
        rows: [migrations],
      } = await db.$client.query<{ n: number; hashes: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations`,
      );
      expect(migrations).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
      const {
        rows: [seeded],
      } = await db.$client.query<{ users: number; staff: number; trgm: number }>(
        `SELECT (SELECT count(*)::int FROM users) AS users,
                (SELECT count(*)::int FROM staff WHERE email = ANY($1)) AS staff,
                (SELECT count(*)::int FROM pg_extension WHERE extname = 'pg_trgm') AS trgm`,
        [DEMO_STAFF.map((s) => s.email)],
      );
      expect(seeded).toEqual({ users: USERS, staff: DEMO_STAFF.length, trgm: 1 });
      // Every table holds what one instance alone wrote: nothing twice.
      expect(await tableCounts(db)).toEqual(expected);
    } finally {
      vi.useRealTimers();
      await Promise.all(instances.map((db) => closeDb(db)));
    }
  }, 180_000);
});

describe('migrations started from several processes at once (an API starting, create-admin, the seed)', () => {
  it('three at once on a new database: all succeed and each migration is applied once', async () => {
    const url = await emptyDatabase();
    const dbs = [createDb(url, 1), createDb(url, 1), createDb(url, 1)];
    try {
      const results = await Promise.allSettled(dbs.map((db) => runMigrations(db)));
      expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : String(r.reason)))).toEqual(['ok', 'ok', 'ok']);
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const {
        rows: [applied],
      } = await dbs[0]!.$client.query<{ n: number; hashes: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations`,
      );
      expect(applied).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
    } finally {
      await Promise.all(dbs.map((db) => closeDb(db)));
    }
  }, 120_000);
});
