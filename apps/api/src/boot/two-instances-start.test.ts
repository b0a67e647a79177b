import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '@vaultdesk/db';
import { TEST_SECRETS_KEY, withDatabase } from '../../../../test/test-env';
import { baseEnv, freePort, startNode, waitReady, type NodeProcess } from '../../../../test/processes';
import { DEMO_STAFF } from '../demo/demo-staff';

/**
 * Issue 21, finding 6, as an operator meets it: two servers (`npm start`'s process, worker
 * inside) started at the same moment on one new, empty database. Both must answer /readyz, with
 * the schema migrated once and the demo data seeded once. (prepare-database.test.ts runs the same
 * race on the preparation alone and compares every table with one instance's.)
 */
const USERS = 30;
const adminUrl = inject('pgAdminUrl');
const name = `two_${Math.random().toString(36).slice(2, 10)}`;
const children: NodeProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two servers started at once on a new database', () => {
  it('both come up; the migrations applied once, the demo data seeded once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
    await admin.end();
    const url = withDatabase(adminUrl, name);

    const instances = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-two-'));
        dirs.push(dataDir);
        const proc = startNode(
          ['--import', 'tsx', 'apps/api/src/main.ts'],
          {
            ...baseEnv(),
            NODE_ENV: 'test',
            SECRETS_KEY: TEST_SECRETS_KEY,
            DATABASE_URL: url,
            DATA_DIR: dataDir,
            PORT: String(port),
            HOST: '127.0.0.1',
            SEED_DEMO: 'true',
            DEMO_USERS: String(USERS),
            CHAIN: 'false',
            LOG_LEVEL: 'warn',
          },
          4000,
        );
        children.push(proc);
        return { proc, port };
      }),
    );

    // Each answers /readyz, or has exited (the finding: one died in its migrations).
    const ready = await Promise.all(
      instances.map(({ proc, port }) =>
        waitReady(proc, `http://127.0.0.1:${port}`, 150_000).then(
          () => 'ready',
          (err: Error) => err.message,
        ),
      ),
    );
    expect(ready).toEqual(['ready', 'ready']);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const {
        rows: [counts],
      } = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
                (SELECT count(DISTINCT hash)::int FROM drizzle.__drizzle_migrations) AS "distinctMigrations",
                (SELECT count(*)::int FROM users) AS users,
                (SELECT count(*)::int FROM staff WHERE email = ANY($1)) AS "demoStaff",
                (SELECT count(*)::int FROM kyc_records WHERE idcard_ipfs_hash IS NOT NULL) > 0 AS pictures`,
        [DEMO_STAFF.map((s) => s.email)],
      );
      expect(counts).toEqual({
        migrations: journal.entries.length,
        distinctMigrations: journal.entries.length,
        users: USERS,
        demoStaff: DEMO_STAFF.length,
        pictures: true,
      });
      // The demo pictures were stored once (by the first), not once per instance.
      const {
        rows: [files],
      } = await db.query<{ n: number }>(`SELECT count(DISTINCT idcard_ipfs_hash)::int AS n FROM kyc_records`);
      expect(files!.n).toBeLessThanOrEqual(16);
    } finally {
      await db.end();
    }

    // Both stop cleanly.
    const codes = await Promise.all(instances.map(({ proc }) => proc.stop('SIGTERM')));
    expect(codes).toEqual([0, 0]);
  }, 240_000);
});
