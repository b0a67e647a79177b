import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, migrationsFolder, runMigrations, type Db } from '@vaultdesk/db';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';
import { testEnv } from '../../../../../test/test-env';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = (t.db.$client.options as { connectionString: string }).connectionString;
});
afterAll(async () => {
  await t?.close();
});

const q = async <R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.db.$client.query<R>(sql, params)).rows;
type Report = {
  intact: boolean;
  checked: number;
  message: string;
  problem: { rowId: string; chainSeq: number | null; reason: string; detail: string } | null;
};

const verifyApi = async (): Promise<Report & { envelope: string }> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/admin/audit-logs/verify',
    headers: bearer(await sessionFor(t.db, demo('superadmin').email)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json().data, envelope: res.json().message };
};

const repo = path.resolve(import.meta.dirname, '../../../../..');
/** Tests that start the CLI: each start is a few seconds of tsx on a busy machine. */
const CLI_TIMEOUT = 120_000;
/** `npm run audit:verify` as an operator runs it, against this test's database. */
const verifyCli = async (databaseUrl = url) => {
  try {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'apps/api/src/cli/audit-verify.ts'], {
      cwd: repo,
      env: { ...process.env, ...testEnv(), NODE_ENV: 'development', DATABASE_URL: databaseUrl },
    });
    return { code: 0, stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout + err.stderr };
  }
};

/** A superuser's connection that turns the triggers off: what a tamperer with database access does. */
const asTamperer = async <T>(work: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('BEGIN');
    await c.query('SET LOCAL session_replication_role = replica');
    const out = await work(c);
    await c.query('COMMIT');
    return out;
  } finally {
    await c.end();
  }
};

const chain = () =>
  q<{ id: string; chain_seq: string; prev: string; hash: string }>(
    `SELECT id::text, chain_seq::text, encode(prev_hash, 'hex') AS prev, encode(hash, 'hex') AS hash FROM audit_log ORDER BY audit_log.chain_seq`,
  );

describe('the audit hash chain', () => {
  it('links every row written through the app at commit, and verify says intact', async () => {
    const token = await sessionFor(t.db, demo('support').email);
    const res = await t.app.inject({ method: 'POST', url: '/v1/admin/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const rows = await chain();
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((r, i) => {
      expect(Number(r.chain_seq)).toBe(i + 1);
      expect(r.prev).toBe(i === 0 ? '00'.repeat(32) : rows[i - 1]!.hash);
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    });
    const report = await verifyApi();
    expect(report).toMatchObject({
      intact: true,
      checked: rows.length,
      problem: null,
      message: `Audit chain intact: ${rows.length} rows checked`,
    });
    expect(report.envelope).toBe(report.message);
  });

  it('forms one unbroken chain from 50 audited API calls at once, each its own transaction', async () => {
    // An app of its own with 50 connections, so the 50 calls really are 50 open transactions at once.
    const db = createDb(url, 50);
    const app = await buildApp({ config: loadConfig(testEnv()), db, logger: false });
    try {
      const before = Number((await q<{ n: string }>(`SELECT coalesce(max(chain_seq), 0) AS n FROM audit_log`))[0]!.n);
      const tokens = await Promise.all(Array.from({ length: 50 }, () => sessionFor(t.db, demo('compliance').email)));
      const answers = await Promise.all(
        tokens.map((token) => app.inject({ method: 'POST', url: '/v1/admin/logout', headers: bearer(token) })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      const written = (await chain()).filter((r) => Number(r.chain_seq) > before);
      expect(written).toHaveLength(50);
      const logouts = await q<{ id: string }>(
        `SELECT id::text FROM audit_log WHERE action = 'auth.logout' AND chain_seq > $1`,
        [before],
      );
      expect(logouts.map((r) => r.id).sort()).toEqual(written.map((r) => r.id).sort());
      const all = await chain();
      all.forEach((r, i) => {
        expect(Number(r.chain_seq)).toBe(i + 1);
        if (i > 0) expect(r.prev, `row ${r.id}`).toBe(all[i - 1]!.hash);
      });
      expect(await verifyApi()).toMatchObject({ intact: true, checked: all.length });
    } finally {
      await app.close();
      await closeDb(db);
    }
  });

  it('orders the chain by commit, not by id, and its lock taken at commit does not deadlock against row locks', async () => {
    await q(`CREATE TABLE IF NOT EXISTS chain_test_rows (id int PRIMARY KEY, v int NOT NULL)`);
    await q(`INSERT INTO chain_test_rows VALUES (1, 0) ON CONFLICT DO NOTHING`);
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      // B holds the row; A writes its audit row first (the smaller id), then waits for B's row.
      await b.query(`UPDATE chain_test_rows SET v = v + 1 WHERE id = 1`);
      const {
        rows: [ra],
      } = await a.query(
        `INSERT INTO audit_log (action, target_type, target_id) VALUES ('test.chain.a', 'test', 'a') RETURNING id::text`,
      );
      const waiting = a.query(`UPDATE chain_test_rows SET v = v + 1 WHERE id = 1`);
      const {
        rows: [rb],
      } = await b.query(
        `INSERT INTO audit_log (action, target_type, target_id) VALUES ('test.chain.b', 'test', 'b') RETURNING id::text`,
      );
      // Had A taken the chain's lock at its INSERT, B's commit would now wait for A and A for B.
      await b.query('COMMIT');
      await waiting;
      await a.query('COMMIT');
      expect(Number(ra.id)).toBeLessThan(Number(rb.id));
      const [sa, sb] = await Promise.all(
        [ra.id, rb.id].map(async (id) =>
          Number((await q<{ s: string }>(`SELECT chain_seq AS s FROM audit_log WHERE id = $1`, [id]))[0]!.s),
        ),
      );
      expect(sb! + 1).toBe(sa);
    } finally {
      await a.end();
      await b.end();
    }
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it("hashes the same whatever the writing session's time zone, date style and float digits", async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`SET TimeZone = 'Asia/Kolkata'`);
      await c.query(`SET DateStyle = 'SQL, DMY'`);
      await c.query(`SET extra_float_digits = -3`);
      await c.query(
        `INSERT INTO audit_log (at, actor_email, action, target_type, target_id, before, after, ip, longitude, latitude, user_agent)
         VALUES ('2026-03-29 01:30:00.123456+00', 'Zoë@Example.test', 'test.canonical', 'test', 'z', '{"b": 1.50, "a": "\\u00e9\\n"}', 'null', '2001:db8::1', 3.379212345678901, -6.5, 'agent "quoted" | S3:x N')`,
      );
    } finally {
      await c.end();
    }
    const report = await verifyApi();
    expect(report).toMatchObject({ intact: true, problem: null });
  });

  it(
    'names the row edited with the triggers off (API and CLI), and is intact again once it is put back',
    async () => {
      const [victim] = await q<{ id: string; after: unknown }>(
        `SELECT id::text, after FROM audit_log WHERE action = 'auth.logout' ORDER BY chain_seq LIMIT 1 OFFSET 3`,
      );
      await asTamperer((c) =>
        c.query(`UPDATE audit_log SET after = '{"sessionId":"forged"}' WHERE id = $1`, [victim!.id]),
      );
      const api = await verifyApi();
      expect(api).toMatchObject({ intact: false, problem: { rowId: victim!.id, reason: 'content-changed' } });
      expect(api.message).toBe(
        `Audit chain broken at row ${victim!.id} (content changed): row ${victim!.id}: its content does not match its hash`,
      );
      const cli = await verifyCli();
      expect(cli.code).toBe(1);
      expect(cli.stdout).toContain(`Audit chain broken at row ${victim!.id} (content changed)`);

      await asTamperer((c) =>
        c.query(`UPDATE audit_log SET after = $2 WHERE id = $1`, [victim!.id, JSON.stringify(victim!.after)]),
      );
      const intact = await verifyCli();
      expect(intact.code).toBe(0);
      expect(intact.stdout).toMatch(/^Audit chain intact: \d+ rows checked$/m);
    },
    CLI_TIMEOUT,
  );

  it("names the next row when an edited row's own hash was recomputed to match", async () => {
    const rows = await chain();
    const victim = rows[5]!;
    const next = rows[6]!;
    const saved = (
      await q<{ action: string; hash: Buffer }>(`SELECT action, hash FROM audit_log WHERE id = $1`, [victim.id])
    )[0]!;
    await asTamperer((c) =>
      c
        .query(`UPDATE audit_log SET action = 'test.rewritten' WHERE id = $1;`, [victim.id])
        .then(() =>
          c.query(`UPDATE audit_log a SET hash = digest(audit_log_canonical(a), 'sha256') WHERE id = $1`, [victim.id]),
        ),
    );
    const api = await verifyApi();
    expect(api).toMatchObject({
      intact: false,
      checked: 6,
      problem: { rowId: next.id, chainSeq: 7, reason: 'previous-hash-broken' },
    });
    expect(api.problem!.detail).toBe(
      `row ${next.id} does not link to row ${victim.id}: the previous hash it carries is not that row's hash`,
    );
    await asTamperer((c) =>
      c.query(`UPDATE audit_log SET action = $2, hash = $3 WHERE id = $1`, [victim.id, saved.action, saved.hash]),
    );
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it(
    'names the place of a deleted row (API and CLI)',
    async () => {
      const rows = await chain();
      const gone = rows[10]!;
      const after = rows[11]!;
      // Kept in the database itself: a round trip through JavaScript would lose the time's microseconds.
      await q(`CREATE TABLE audit_saved AS SELECT * FROM audit_log WHERE id = $1`, [gone.id]);
      await asTamperer((c) => c.query(`DELETE FROM audit_log WHERE id = $1`, [gone.id]));
      const api = await verifyApi();
      expect(api).toMatchObject({
        intact: false,
        checked: 10,
        problem: { rowId: after.id, chainSeq: 12, reason: 'missing-row' },
      });
      expect(api.message).toBe(
        `Audit chain broken at row ${after.id} (missing row): chain position 11 missing before row ${after.id} (after row ${rows[9]!.id})`,
      );
      const cli = await verifyCli();
      expect(cli.code).toBe(1);
      expect(cli.stdout).toContain(`chain position 11 missing before row ${after.id}`);
      // Put back as it was: every column, the chain's included.
      await asTamperer((c) => c.query(`INSERT INTO audit_log SELECT * FROM audit_saved`));
      await q(`DROP TABLE audit_saved`);
      expect(await verifyApi()).toMatchObject({ intact: true });
    },
    CLI_TIMEOUT,
  );

  it('names a row slipped in with the triggers off, which carries no link', async () => {
    const [row] = await asTamperer((c) =>
      c
        .query<{ id: string }>(
          `INSERT INTO audit_log (action, target_type) VALUES ('test.slipped-in', 'test') RETURNING id::text`,
        )
        .then((r) => r.rows),
    );
    const api = await verifyApi();
    expect(api).toMatchObject({ intact: false, problem: { rowId: row!.id, chainSeq: null, reason: 'not-in-chain' } });
    await asTamperer((c) => c.query(`DELETE FROM audit_log WHERE id = $1`, [row!.id]));
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it('stays append-only: the chain fields cannot be written or rewritten through normal statements', async () => {
    const [last] = await q<{ id: string }>(`SELECT id::text FROM audit_log ORDER BY chain_seq DESC LIMIT 1`);
    await expect(
      q(`UPDATE audit_log SET hash = NULL, chain_seq = NULL, prev_hash = NULL WHERE id = $1`, [last!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(q(`UPDATE audit_log SET action = action WHERE id = $1`, [last!.id])).rejects.toThrow(/append-only/);
    await expect(q(`DELETE FROM audit_log WHERE id = $1`, [last!.id])).rejects.toThrow(/append-only/);
    await expect(
      q(
        `INSERT INTO audit_log (action, target_type, chain_seq, prev_hash, hash) VALUES ('test.preset', 'test', 999999, '\\x00', '\\x00')`,
      ),
    ).rejects.toThrow(/written by the database at commit/);
    // Sealed at once in its own transaction (SET CONSTRAINTS ... IMMEDIATE), the row is as closed as any.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query('BEGIN');
      await c.query(`INSERT INTO audit_log (action, target_type) VALUES ('test.twice', 'test')`);
      await c.query('SET CONSTRAINTS audit_log_seal IMMEDIATE');
      await expect(
        c.query(`UPDATE audit_log SET chain_seq = chain_seq + 1000 WHERE action = 'test.twice'`),
      ).rejects.toThrow(/append-only/);
      await c.query('ROLLBACK');
    } finally {
      await c.end();
    }
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it(
    'runs one check at a time: a second one meanwhile gets 409 and the first is not disturbed',
    async () => {
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        // What a check under way on another instance holds.
        await other.query('BEGIN');
        await other.query(`SELECT pg_advisory_xact_lock(hashtext('audit_log_verify'))`);
        const res = await t.app.inject({
          method: 'GET',
          url: '/v1/admin/audit-logs/verify',
          headers: bearer(await sessionFor(t.db, demo('superadmin').email)),
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'CONFLICT',
          message: 'The audit chain is being verified already: try again when that check has finished',
        });
        // The CLI is an operator's tool and is not held back by it.
        const cli = await verifyCli();
        expect(cli.code).toBe(0);
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
      expect(await verifyApi()).toMatchObject({ intact: true });
    },
    CLI_TIMEOUT,
  );

  it('answers 403 to Compliance and Support', async () => {
    for (const role of ['compliance', 'support'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/admin/audit-logs/verify',
        headers: bearer(await sessionFor(t.db, demo(role).email)),
      });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe('rows written before the chain', () => {
  let dbx: { db: Db; url: string; drop: () => Promise<void> } | undefined;
  afterAll(async () => {
    await dbx?.drop();
  });

  it(
    'are sealed once by migration 0024, in id order, and verify covers them',
    async () => {
      // A database as it stood at migration 0023: the migrations folder with its journal cut there.
      const dir = mkdtempSync(path.join(tmpdir(), 'vaultdesk-mig-'));
      try {
        cpSync(migrationsFolder, dir, { recursive: true });
        const journalFile = path.join(dir, 'meta/_journal.json');
        const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
        journal.entries = journal.entries.filter((e) => e.idx < 24);
        writeFileSync(journalFile, JSON.stringify(journal));
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const name = `t_pre_chain_${process.pid}`;
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const u = new URL(url);
        u.pathname = `/${name}`;
        const db = createDb(u.toString(), 2);
        dbx = {
          db,
          url: u.toString(),
          drop: async () => {
            await closeDb(db);
            const c = new pg.Client({ connectionString: url });
            await c.connect();
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await c.end();
          },
        };
        await migrate(db, { migrationsFolder: dir });
        const {
          rows: [cols],
        } = await db.$client.query(
          `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'audit_log' AND column_name = 'hash'`,
        );
        expect(cols.n).toBe(0);
        // Old rows, written out of time order, some nearly empty.
        for (const [at, action, after] of [
          ['2025-05-01T10:00:00Z', 'old.one', '{"v":1}'],
          ['2024-01-01T00:00:00Z', 'old.two', null],
          ['2025-12-31T23:59:59.999999Z', 'old.three', '{"amount":"18.000000000000000000"}'],
        ] as const) {
          await db.$client.query(`INSERT INTO audit_log (at, action, target_type, after) VALUES ($1, $2, 'old', $3)`, [
            at,
            action,
            after,
          ]);
        }
        await runMigrations(db);
        const { rows } = await db.$client.query<{ id: string; seq: string; action: string }>(
          `SELECT id::text, chain_seq::text AS seq, action FROM audit_log ORDER BY id`,
        );
        expect(rows.map((r) => [r.action, r.seq])).toEqual([
          ['old.one', '1'],
          ['old.two', '2'],
          ['old.three', '3'],
        ]);
        // A row written after the migration joins the chain behind them.
        await db.$client.query(`INSERT INTO audit_log (action, target_type) VALUES ('new.one', 'new')`);
        const cli = await verifyCli(dbx.url);
        expect(cli.code).toBe(0);
        expect(cli.stdout).toMatch(/^Audit chain intact: 4 rows checked$/m);
        // And an edit to one of the old rows is named.
        await db.$client.query(
          `BEGIN; SET LOCAL session_replication_role = replica; UPDATE audit_log SET at = at + interval '1 microsecond' WHERE action = 'old.two'; COMMIT;`,
        );
        const broken = await verifyCli(dbx.url);
        expect(broken.code).toBe(1);
        expect(broken.stdout).toContain(`Audit chain broken at row ${rows[1]!.id} (content changed)`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );
});
