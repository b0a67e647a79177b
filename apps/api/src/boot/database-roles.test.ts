import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, openDatabase, roleOf } from '@vaultdesk/db';
import { createTestApp, login, type TestApp } from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';
import { loadConfig } from '../config/config';
import { freePort } from '../config/ports';
import { verifyAuditChain } from '../modules/audit/audit-chain';

/**
 * The application's database role (the one the API and worker pools use) against what someone
 * holding its connection would try: each attempt to forge, rewrite or unprotect the audit trail
 * or to change a table is refused by PostgreSQL, and changes nothing; the one way it writes an
 * audit row, audit_write(), chains the row with the database's own time.
 */
let t: TestApp;
let app: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  app = new pg.Client({ connectionString: (t.appDb.$client.options as { connectionString: string }).connectionString });
  app.on('error', () => {});
  await app.connect();
});
afterAll(async () => {
  await app?.end();
  await t?.close();
});

const owner = async <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query<R>(text, params)).rows;

/** What the attempts below could change: the audit trail, its triggers and a table's shape. */
const state = () =>
  owner(`SELECT (SELECT count(*)::int FROM audit_log) AS audit_rows,
                (SELECT coalesce(max(chain_seq), 0)::int FROM audit_log) AS head,
                (SELECT string_agg(tgname || ':' || tgenabled::text, ',' ORDER BY tgname) FROM pg_trigger
                  WHERE tgrelid = 'audit_log'::regclass) AS triggers,
                (SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'staff') AS staff_columns,
                (SELECT count(*)::int FROM staff) AS staff_rows`);

describe("the application's database role", () => {
  it('is the role the app under test connects as: no superuser, no role or database creation, no RLS bypass, owns no table', async () => {
    const [me] = (
      await app.query<{
        who: string;
        rolsuper: boolean;
        rolcreaterole: boolean;
        rolcreatedb: boolean;
        rolbypassrls: boolean;
        rolreplication: boolean;
        owned: number;
      }>(
        `SELECT current_user AS who, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls, r.rolreplication,
                (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
           FROM pg_roles r WHERE r.rolname = current_user`,
      )
    ).rows;
    expect(me).toEqual({
      who: APP_ROLE,
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
      rolreplication: false,
      owned: 0,
    });
    expect(roleOf((t.appDb.$client.options as { connectionString: string }).connectionString)).toBe(APP_ROLE);
  });

  const refused: [what: string, statement: string, error: RegExp][] = [
    [
      'the forged audit row of finding 6 (a plain INSERT, back-dated by an hour)',
      `INSERT INTO audit_log (at, actor_email, action, target_type, target_id, after)
       VALUES (now() - interval '1 hour', 'superadmin@vaultdesk.test', 'admin.create', 'staff', 'forged', '{"via":"sql"}')`,
      /permission denied for table audit_log/,
    ],
    ['an audit row changed', `UPDATE audit_log SET action = 'auth.logout'`, /permission denied for table audit_log/],
    ['audit rows deleted', `DELETE FROM audit_log`, /permission denied for table audit_log/],
    ['the audit trail truncated', `TRUNCATE audit_log`, /permission denied for table audit_log/],
    [
      'the triggers switched off for the session',
      `SET session_replication_role = replica`,
      /permission denied to set parameter "session_replication_role"/,
    ],
    [
      'the triggers switched off for the transaction',
      `SET LOCAL session_replication_role = replica`,
      /permission denied to set parameter "session_replication_role"/,
    ],
    [
      "the audit table's triggers disabled",
      `ALTER TABLE audit_log DISABLE TRIGGER ALL`,
      /must be owner of table audit_log/,
    ],
    [
      'the seal trigger dropped',
      `DROP TRIGGER audit_log_seal ON audit_log`,
      /must be owner of (table|relation) audit_log/,
    ],
    [
      'the hash function replaced',
      `CREATE OR REPLACE FUNCTION audit_log_genesis() RETURNS bytea LANGUAGE sql AS $$ SELECT '\\x00'::bytea $$`,
      /must be owner of function audit_log_genesis|permission denied for schema public/,
    ],
    ['a table altered', `ALTER TABLE staff ADD COLUMN backdoor text`, /must be owner of table staff/],
    ['a table dropped', `DROP TABLE staff CASCADE`, /must be owner of table staff/],
    ['a table truncated', `TRUNCATE staff CASCADE`, /permission denied for table staff/],
    ['a table created', `CREATE TABLE public.shadow (id int)`, /permission denied for schema public/],
    ['a role created', `CREATE ROLE intruder SUPERUSER`, /permission denied to create role/],
    ['a role taken on', `SET ROLE postgres`, /permission denied to set role "postgres"/],
  ];

  it.each(refused)('refuses %s, and nothing changes', async (_what, statement, error) => {
    const before = await state();
    await expect(app.query(statement)).rejects.toThrow(error);
    expect(await state()).toEqual(before);
  });

  it('refuses the forged insert inside a transaction too, and the chain stays intact', async () => {
    await app.query('BEGIN');
    await expect(
      app.query(`INSERT INTO audit_log (action, target_type) VALUES ('test.forged', 'staff')`),
    ).rejects.toThrow(/permission denied for table audit_log/);
    await app.query('ROLLBACK');
    expect(await owner(`SELECT id FROM audit_log WHERE action = 'test.forged'`)).toEqual([]);
    expect((await verifyAuditChain(t.db.$client)).intact).toBe(true);
  });
});

describe('audit_write(), the one way the application role writes an audit row', () => {
  it('writes a row that the database dates and chains at commit, and verify stays intact', async () => {
    const before = await owner<{ head: number }>(`SELECT coalesce(max(chain_seq), 0)::int AS head FROM audit_log`);
    const {
      rows: [written],
    } = await app.query<{ id: string; now: Date }>(
      `SELECT audit_write(NULL, 'console@vaultdesk.test', 'test.through-function', 'staff', 'x', NULL, '{"v":1}',
                          '10.1.2.3', NULL, NULL, 'test')::text AS id, now() AS now`,
    );
    const [row] = await owner<{ at: Date; chain_seq: number; prev_hash: Buffer | null; hash: Buffer | null }>(
      `SELECT at, chain_seq::int, prev_hash, hash FROM audit_log WHERE id = $1`,
      [written!.id],
    );
    expect(row!.at.getTime()).toBe(written!.now.getTime());
    expect(row!.chain_seq).toBe(before[0]!.head + 1);
    expect(row!.hash).toHaveLength(32);
    expect(row!.prev_hash).toHaveLength(32);
    const report = await verifyAuditChain(t.db.$client);
    expect(report.intact, report.message).toBe(true);
    expect(report.head?.rowId).toBe(written!.id);
  });

  it('takes no time, chain fields or row id from its caller: a back-dated call has no way to say so', async () => {
    await expect(
      app.query(
        `SELECT audit_write(NULL, NULL, 'test.dated', 'staff', NULL, NULL, NULL, NULL, NULL, NULL, NULL, now() - interval '1 hour')`,
      ),
    ).rejects.toThrow(/function audit_write\(.*\) does not exist/);
    expect(await owner(`SELECT id FROM audit_log WHERE action = 'test.dated'`)).toEqual([]);
  });

  it("the API's own audited writes run as the application role and chain (a sign-in)", async () => {
    const token = await login(t.app, 'superadmin');
    expect(token).toBeTruthy();
    const rows = await owner<{ action: string; actor_email: string; sealed: boolean }>(
      `SELECT action, actor_email::text, chain_seq IS NOT NULL AND hash IS NOT NULL AS sealed
         FROM audit_log WHERE action = 'auth.login' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows).toEqual([{ action: 'auth.login', actor_email: 'superadmin@vaultdesk.test', sealed: true }]);
    const report = await verifyAuditChain(t.db.$client);
    expect(report.intact, report.message).toBe(true);
  });
});

describe('pg-boss as the application role (its schema set up by the owner)', () => {
  it('creates a new queue through the owner-run create_queue and works it, holding no DDL right itself', async () => {
    const boss = new PgBoss({
      connectionString: (t.appDb.$client.options as { connectionString: string }).connectionString,
      max: 1,
      supervise: false,
      schedule: false,
    });
    boss.on('error', () => {});
    await boss.start();
    try {
      await boss.createQueue('roles-test', { name: 'roles-test' });
      const id = await boss.send('roles-test', { n: 1 });
      expect(id).toBeTruthy();
      const [job] = await boss.fetch('roles-test');
      expect(job?.id).toBe(id);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    const [partition] = await owner<{ owner: string }>(
      `SELECT pg_get_userbyid(c.relowner) AS owner FROM pgboss.queue q JOIN pg_class c ON c.relname = q.partition_name
        WHERE q.name = 'roles-test'`,
    );
    expect(partition?.owner).not.toBe(APP_ROLE);
    await expect(app.query(`CREATE TABLE pgboss.shadow (id int)`)).rejects.toThrow(
      /permission denied for schema pgboss/,
    );
  });
});

describe('the embedded database (no DATABASE_URL)', () => {
  it('makes the application role with a password kept in DATA_DIR, and gives the owner URL apart', async () => {
    // Inside the checkout, as the tests' own cluster: run as root, PostgreSQL runs as a user of its own that
    // cannot enter a private temporary folder.
    const dataDir = path.resolve(`.data/test-pg/roles-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    const port = await freePort();
    try {
      for (const start of [1, 2]) {
        const database = await openDatabase({ dataDir, port });
        try {
          const password = readFileSync(path.join(dataDir, 'db-app.password'), 'utf8').trim();
          expect(password.length, `start ${start}`).toBeGreaterThanOrEqual(32);
          expect(statSync(path.join(dataDir, 'db-app.password')).mode & 0o777).toBe(0o600);
          expect(roleOf(database.url)).toBe(APP_ROLE);
          expect(new URL(database.url).password).toBe(password);
          expect(roleOf(database.ownerUrl)).toBe('postgres');
          const c = new pg.Client({ connectionString: database.url });
          await c.connect();
          try {
            const { rows } = await c.query<{ who: string; rolsuper: boolean; rolcreaterole: boolean }>(
              'SELECT current_user AS who, rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user',
            );
            expect(rows).toEqual([{ who: APP_ROLE, rolsuper: false, rolcreaterole: false }]);
            await expect(c.query('SET session_replication_role = replica')).rejects.toThrow(/permission denied/);
          } finally {
            await c.end();
          }
        } finally {
          await database.stop();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses DATABASE_OWNER_URL without DATABASE_URL, in one line', () => {
    expect(() => loadConfig(testEnv({ DATABASE_OWNER_URL: 'postgres://owner:x@127.0.0.1:5432/vaultdesk' }))).toThrow(
      /DATABASE_OWNER_URL is given without DATABASE_URL/,
    );
  });
});
