import { createDecipheriv } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_ROLE, closeDb, createDb, type Db } from '@vaultdesk/db';
import { TEST_APP_PASSWORD, TEST_SECRETS_KEY } from '../../../../test/test-env';
import { baseEnv, freePort, repoRoot, startNode, waitReady, type NodeProcess } from '../../../../test/processes';
import { insertStaff, sessionFor } from '../../test/helpers';

/**
 * Issue 34, finding 6: the embedded database had no backup (Debian's pg_dump 15 refuses the
 * embedded PostgreSQL 18) and the local file store none at all. Here a running server (production,
 * embedded database, local file store) is backed up with `db:backup` while a loop uploads agent
 * pictures through the real route (each a stored file, a row naming it and an audit row); the
 * backup is restored with `db:restore` into a new folder; `audit:verify` passes on it; a server
 * started on it answers /readyz and shows the last picture; and the restored rows are one moment
 * of the running database: its audit trail a prefix of the live one, the agent row naming the
 * picture of its last upload row, every stored file present.
 */
// In the repository's .data (PostgreSQL, run as its own user under root, cannot enter a private temporary folder).
const root = path.join(repoRoot, `.data/test-backup-${process.pid}`);
const liveDir = path.join(root, 'live');
const backupDir = path.join(root, 'backups');
const restoredDir = path.join(root, 'restored');
const MAIN = 'apps/api/src/main.ts';
const children: NodeProcess[] = [];
const dbs: Db[] = [];

const productionEnv = (dataDir: string, port: number, pgPort: number) => ({
  ...baseEnv(),
  NODE_ENV: 'production',
  SECRETS_KEY: TEST_SECRETS_KEY,
  EMBEDDED_DATABASE: 'true',
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  PORT: String(port),
  PG_PORT: String(pgPort),
  HOST: '127.0.0.1',
  CHAIN: 'false',
  AUDIT_ANCHOR_CRON: 'off',
  LOG_LEVEL: 'warn',
});

async function server(dataDir: string) {
  const port = await freePort();
  const pgPort = await freePort();
  const env = productionEnv(dataDir, port, pgPort);
  const p = startNode(['--import', 'tsx', MAIN], env, 20_000);
  children.push(p);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(p, base, 150_000);
  const db = createDb(`postgres://postgres:postgres@127.0.0.1:${pgPort}/vaultdesk`, 2);
  dbs.push(db);
  return { p, base, env, pgPort, db };
}

/** A console command run to its end: exit code and output. */
async function command(script: string, args: string[], env: Record<string, string | undefined>) {
  const p = startNode(['--import', 'tsx', `apps/api/src/cli/${script}.ts`, ...args], env, 20_000);
  children.push(p);
  const code = await p.exited;
  return { code, output: p.output() };
}

const png = (fill: number) => {
  const image = new PNG({ width: 40, height: 30 });
  image.data.fill(fill);
  return PNG.sync.write(image);
};

const decrypt = (stored: Buffer, keyHex: string) => {
  const d = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), stored.subarray(0, 12));
  d.setAuthTag(stored.subarray(stored.length - 16));
  return Buffer.concat([d.update(stored.subarray(12, stored.length - 16)), d.final()]);
};

const count = async (db: Db, sql: string, params: unknown[] = []) =>
  Number((await db.$client.query<{ n: string }>(sql, params)).rows[0]!.n);

/** The audit chain up to position `upTo`: how many rows, and one digest of their hashes in order. */
const chain = async (db: Db, upTo: number) =>
  (
    await db.$client.query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, encode(sha256(string_agg(hash, ''::bytea ORDER BY chain_seq)), 'hex') AS digest
         FROM audit_log WHERE chain_seq <= $1`,
      [upTo],
    )
  ).rows[0]!;

let live: Awaited<ReturnType<typeof server>>;
let token = '';
let agentId = '';
/** What each upload stored, by its address: the picture's fill byte. */
const uploaded = new Map<string, number>();

async function upload(base: string, fill: number) {
  const form = new FormData();
  form.append('shopUrl', new Blob([new Uint8Array(png(fill))], { type: 'image/png' }), 'shop.png');
  const res = await fetch(`${base}/v1/admin/update-shopImage?userid=${agentId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { shopImageUrl } = ((await res.json()) as { data: { shopImageUrl: string } }).data;
  uploaded.set(shopImageUrl, fill);
}

beforeAll(async () => {
  rmSync(root, { recursive: true, force: true });
  // An existing folder as --out: the backup is a new folder inside it.
  mkdirSync(backupDir, { recursive: true });
  live = await server(liveDir);
  await insertStaff(live.db, 'backup.admin@example.com', 'Backup Admin', 'Super Admin');
  token = await sessionFor(live.db, 'backup.admin@example.com');
  await live.db.$client.query(`INSERT INTO user_types (name) VALUES ('Shop Agent')`);
  const { rows } = await live.db.$client.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code)
     VALUES ('Backup Agent', 'backupagent', 'backup.agent@example.com', 'BKP1') RETURNING id`,
  );
  agentId = rows[0]!.id;
  const assigned = await fetch(`${live.base}/v1/admin/assign-usertype`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'backup.agent@example.com', usertype: 'Shop Agent' }),
  });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  await upload(live.base, 1);
}, 200_000);

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) await c.stop('SIGTERM');
  for (const db of dbs) await closeDb(db).catch(() => {});
  rmSync(root, { recursive: true, force: true });
}, 60_000);

describe('db:backup of a running server under writes, db:restore into a new folder', () => {
  let backup = '';
  let before = 0;
  let after = 0;
  let restoreOutput = '';

  it('backs up while pictures are uploaded', async () => {
    let writing = true;
    let fill = 2;
    const writes = (async () => {
      while (writing) await upload(live.base, fill++ % 250);
    })();
    await new Promise((r) => setTimeout(r, 300));
    before = await count(live.db, `SELECT count(*) AS n FROM audit_log`);
    // The command finds the server's running embedded database of its DATA_DIR itself.
    const backedUp = await command('db-backup', ['--out', backupDir], live.env);
    after = await count(live.db, `SELECT count(*) AS n FROM audit_log`);
    writing = false;
    await writes;
    expect(backedUp.code, backedUp.output).toBe(0);
    const match =
      /Backup written to (\S+): the database as of \S+ \(PostgreSQL 18\.[^,]*, [\d.]+ MB, WAL \S+ to \S+\), (\d+) stored files \([\d.]+ MB\), db-app\.password\n/.exec(
        backedUp.output,
      );
    expect(match, backedUp.output).not.toBeNull();
    backup = match![1]!;
    expect(path.dirname(backup)).toBe(backupDir);
    expect(backedUp.output).toContain('SECRETS_KEY comes from the environment and is not in the backup');
    expect(backedUp.output).toContain(
      `Restore it with: npm run db:restore -- --from ${backup} --data-dir <a new folder>`,
    );
    // Writes went on while the backup ran.
    expect(after).toBeGreaterThan(before);
    expect(readdirSync(backup).sort()).toEqual(['db-app.password', 'files', 'manifest.json', 'pg']);
  }, 120_000);

  it('refuses to restore over a folder that holds something or from a folder that is no backup, and to back up a database not kept on this machine, writing nothing', async () => {
    const env = productionEnv(liveDir, await freePort(), await freePort());
    const occupied = path.join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'keep.txt'), 'mine');
    // A database that is not this machine's embedded one, reached as a role that may not read where it lives.
    const elsewhere = new URL(inject('pgAdminUrl'));
    elsewhere.username = APP_ROLE;
    elsewhere.password = TEST_APP_PASSWORD;
    elsewhere.pathname = '/postgres';
    const [over, none, noFrom, notEmbedded] = await Promise.all([
      command('db-restore', ['--from', backup, '--data-dir', occupied], env),
      command('db-restore', ['--from', occupied, '--data-dir', restoredDir], env),
      command('db-restore', [], env),
      command('db-backup', ['--out', path.join(root, 'refused')], {
        ...env,
        DATABASE_URL: elsewhere.toString(),
        EMBEDDED_DATABASE: undefined,
      }),
    ]);
    expect(over.code, over.output).toBe(2);
    expect(over.output).toContain(
      `db:restore: ${occupied} is not empty: restore into a new folder (--data-dir <new folder>), then start Vaultdesk with DATA_DIR pointing to it`,
    );
    expect(readdirSync(occupied)).toEqual(['keep.txt']);
    expect(none.code, none.output).toBe(2);
    expect(none.output).toContain(`db:restore: ${occupied} is not a Vaultdesk backup (no manifest.json there)`);
    expect(noFrom.code, noFrom.output).toBe(2);
    expect(noFrom.output).toContain('db:restore: --from <backup folder> is required');
    expect(notEmbedded.code, notEmbedded.output).toBe(1);
    expect(notEmbedded.output).toMatch(
      /db:backup failed: this connection may not read where the database keeps its folder \(.+\): db:backup copies the embedded database, as its superuser; back your own PostgreSQL up with its own pg_basebackup or pg_dump/,
    );
    expect(readdirSync(root).sort()).toEqual(['backups', 'live', 'occupied']);
  }, 120_000);

  it('restores into a new folder, and says what it holds', async () => {
    const restored = await command(
      'db-restore',
      ['--from', backup, '--data-dir', restoredDir],
      productionEnv(liveDir, await freePort(), await freePort()),
    );
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(
      new RegExp(
        `Restored into ${restoredDir}: the database as of \\S+: \\d+ audit rows \\(chain position \\d+\\), 1 staff, 1 customers, \\d+ stored files, each one in files/; \\d+ migrations applied`,
      ),
    );
    expect(restored.output).toContain(`Start Vaultdesk on it with DATA_DIR=${restoredDir}`);
    restoreOutput = restored.output;
  }, 120_000);

  it('audit:verify finds the restored chain intact', async () => {
    const rows = /(\d+) audit rows/.exec(restoreOutput)![1];
    const verified = await command('audit-verify', [], productionEnv(restoredDir, await freePort(), await freePort()));
    expect(verified.code, verified.output).toBe(0);
    expect(verified.output).toContain(`Audit chain intact: ${rows} rows checked`);
  }, 120_000);

  it('a server started on the restored folder answers, shows the last picture, and holds one moment of the live database', async () => {
    const copy = await server(restoredDir);
    expect((await fetch(`${copy.base}/readyz`)).status).toBe(200);

    // One moment: between the counts taken before and after the backup, and the live chain's prefix.
    const rows = await count(copy.db, `SELECT count(*) AS n FROM audit_log`);
    expect(rows).toBeGreaterThanOrEqual(before);
    expect(rows).toBeLessThanOrEqual(after);
    expect(String(rows)).toBe(/(\d+) audit rows/.exec(restoreOutput)![1]);
    const head = await count(copy.db, `SELECT max(chain_seq) AS n FROM audit_log`);
    expect(await chain(copy.db, head)).toEqual(await chain(live.db, head));

    // The agent row names the picture of its last upload row; each upload row has its stored file.
    const uploads = await count(copy.db, `SELECT count(*) AS n FROM audit_log WHERE action = 'agent.upload.shop'`);
    const {
      rows: [last],
    } = await copy.db.$client.query<{ cid: string }>(
      `SELECT after->>'shopImageUrl' AS cid FROM audit_log WHERE action = 'agent.upload.shop' ORDER BY chain_seq DESC LIMIT 1`,
    );
    const {
      rows: [agent],
    } = await copy.db.$client.query<{ cid: string; key: string }>(
      `SELECT shop_cid AS cid, shop_key AS key FROM agent_kyc WHERE user_id = $1`,
      [agentId],
    );
    expect(agent!.cid).toBe(last!.cid);
    const files = await count(copy.db, `SELECT count(*) AS n FROM stored_files`);
    // A picture is stored just before the row that names it commits: at most one more file than upload rows.
    expect(files - uploads).toBeGreaterThanOrEqual(0);
    expect(files - uploads).toBeLessThanOrEqual(1);

    // The picture opens: the restored server serves the bytes the live one stored.
    const shown = await fetch(`${copy.base}/v1/ipfs/${agent!.cid}`, { headers: { authorization: `Bearer ${token}` } });
    expect(shown.status).toBe(200);
    const stored = Buffer.from(await shown.arrayBuffer());
    const picture = PNG.sync.read(decrypt(stored, agent!.key));
    expect([picture.width, picture.height]).toEqual([40, 30]);
    expect(picture.data.equals(PNG.sync.read(png(uploaded.get(agent!.cid)!)).data)).toBe(true);
    const original = await fetch(`${live.base}/v1/ipfs/${agent!.cid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
  }, 200_000);
});
