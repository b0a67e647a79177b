import { createDecipheriv } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { runExport } from '@vaultdesk/worker';
import { bearer, createTestDb, demo, sessionFor } from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';
import { parseCsv } from '../../../../test/csv';
import { startS3Server, type S3Server } from '../../../../test/s3-server';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config/config';
import type { App } from '../http/app-types';
import { exportStoreFor } from '../modules/exports/exports.service';
import { objectStoreFor } from './file-store';
import { objectName } from './object-store';

/**
 * Several instances behind one load balancer: each has its own DATA_DIR (its own machine), all
 * share the database and, with FILE_STORE=s3, one bucket. A file written through one instance
 * (an upload, a worker's export) is read through another.
 */
type Instance = { app: App; config: Config; dataDir: string };

let db: Db;
let drop: () => Promise<void>;
let s3: S3Server;
const instances: Instance[] = [];
let token: string;

async function instance(env: Record<string, string>, logStream?: NodeJS.WritableStream): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vaultdesk-instance-'));
  const config = loadConfig(testEnv({ ...env, DATA_DIR: dataDir }));
  const app = await buildApp({ config, db, jobs: { send: async () => null }, logger: !!logStream, logStream });
  const made = { app, config, dataDir };
  instances.push(made);
  return made;
}

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await db.$client.query(text, params)).rows as T[];

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  s3 = await startS3Server();
  token = await sessionFor(db, demo('support').email);
  await q(`INSERT INTO user_types (name) VALUES ('Shop Agent')`);
});
afterAll(async () => {
  for (const i of instances) {
    await i.app.close();
    await rm(i.dataDir, { recursive: true, force: true });
  }
  await drop?.();
  await s3?.stop();
});

/** A multipart body as a browser sends it. */
async function multipart(parts: Record<string, { bytes: Buffer; name: string; type: string }>) {
  const fd = new FormData();
  for (const [key, value] of Object.entries(parts))
    fd.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

function pngFile() {
  const png = new PNG({ width: 40, height: 30 });
  png.data.fill(120);
  return { bytes: PNG.sync.write(png), name: 'shop.png', type: 'image/png' };
}

let agents = 0;
/** A customer made a shop agent through `via`. */
async function shopAgent(via: Instance) {
  agents += 1;
  const [u] = await q<{ id: string; email: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id, email::text AS email`,
    [`Shared Agent ${agents}`, `sharedagent${agents}`, `sharedagent${agents}@example.com`, `SHR${agents}`],
  );
  const assigned = await via.app.inject({
    method: 'POST',
    url: '/v1/admin/assign-usertype',
    headers: bearer(token),
    payload: { email: u!.email, usertype: 'Shop Agent' },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return u!.id;
}

/** Uploads a shop picture through `via`; answers its address and key. */
async function uploadShopPicture(via: Instance, userId: string) {
  const { payload, contentType } = await multipart({ shopUrl: pngFile() });
  const res = await via.app.inject({
    method: 'PUT',
    url: `/v1/admin/update-shopImage?userid=${userId}`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { shopImageUrl: string; shopImageEncryptKey: string };
  return { cid: data.shopImageUrl, key: data.shopImageEncryptKey };
}

const decrypt = (stored: Buffer, keyHex: string) => {
  const d = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), stored.subarray(0, 12));
  d.setAuthTag(stored.subarray(stored.length - 16));
  return Buffer.concat([d.update(stored.subarray(12, stored.length - 16)), d.final()]);
};

/** Object files an instance keeps in its own DATA_DIR/files (the spool folder aside). */
const localObjects = async (i: Instance) => {
  const dir = path.join(i.dataDir, 'files');
  if (!existsSync(dir)) return [];
  const folders = (await readdir(dir)).filter((f) => f !== 'tmp');
  return (await Promise.all(folders.map((f) => readdir(path.join(dir, f))))).flat();
};

describe('two instances, each with its own DATA_DIR, one database and one S3 bucket', () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    a = await instance(s3.env);
    b = await instance(s3.env);
  });

  it('a picture uploaded through one instance is shown through the other, and sits in the bucket, not on the instance', async () => {
    const userId = await shopAgent(a);
    const { cid, key } = await uploadShopPicture(a, userId);
    const shown = await b.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}`, headers: bearer(token) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-type']).toBe('application/octet-stream');
    const picture = PNG.sync.read(decrypt(shown.rawPayload, key));
    expect([picture.width, picture.height]).toEqual([40, 30]);
    // The list read through the second instance names the same file.
    const list = await b.app.inject({
      method: 'GET',
      url: '/v1/admin/sortuser-by-usertype?userType=Shop%20Agent',
      headers: bearer(token),
    });
    expect(list.json().data.getUserTypes.find((r: { _id: string }) => r._id === userId).agentKyc.shopImageUrl).toBe(
      cid,
    );
    expect(await objectStoreFor(a.config).exists(objectName(cid))).toBe(true);
    expect(await localObjects(a)).toEqual([]);
    expect(await localObjects(b)).toEqual([]);
  });

  it('an export written by the worker job of one instance is downloaded through the other', async () => {
    await q(`INSERT INTO users (full_name, username, email, referral_code)
             SELECT 'Shared Export ' || i, 'sharedexport' || i, 'sharedexport' || i || '@example.test', 'SHX' || i FROM generate_series(1, 30) i`);
    await q(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) SELECT id, 'fixed', 'Plan', 10 FROM users WHERE username LIKE 'sharedexport%'`,
    );
    await q(`INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, description, created_at)
             SELECT p.user_id, p.id, (g * 1.5)::numeric, 'BUSD', 5, 'Deposit ' || g, timestamptz '2026-03-01T00:00:00Z' + g * interval '41 minutes'
               FROM savings_plans p JOIN users u ON u.id = p.user_id, generate_series(1, 10) g WHERE u.username LIKE 'sharedexport%'`);
    const asked = await a.app.inject({
      method: 'GET',
      url: '/v1/admin/transactions?type=savings&start=2026-03-01&end=2026-03-31&download=true',
      headers: bearer(token),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { exportId, link } = asked.json().data as { exportId: string; link: string };

    // The worker's job, with the store that instance A's worker is given (main.ts, worker-main.ts).
    expect(await runExport(db, exportStoreFor(db, a.config), exportId)).toBe(true);
    const [row] = await q<{ status: string; file_cid: string }>(`SELECT status, file_cid FROM exports WHERE id = $1`, [
      exportId,
    ]);
    expect(row!.status).toBe('done');
    expect(await objectStoreFor(a.config).exists(objectName(row!.file_cid))).toBe(true);
    expect(await localObjects(a)).toEqual([]);

    const res = await b.app.inject({ method: 'GET', url: link, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = parseCsv(res.body);
    expect(header?.[0]).toBe('id');
    expect(lines).toHaveLength(300);
    const [audit] = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'export.download' AND target_id = $1`,
      [exportId],
    );
    expect(audit).toEqual({ n: 1 });
  });

  it('both report the bucket ready', async () => {
    for (const i of [a, b]) {
      const ready = await i.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    }
  });
});

describe('the same two instances on their local folders (the default): the finding', () => {
  it('the other instance does not have the file, and says so in one clear answer', async () => {
    const a = await instance({});
    const log: string[] = [];
    const b = await instance(
      { LOG_LEVEL: 'error' },
      new Writable({
        write(chunk, _enc, done) {
          log.push(String(chunk));
          done();
        },
      }),
    );
    const userId = await shopAgent(a);
    const { cid } = await uploadShopPicture(a, userId);
    expect((await a.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const other = await b.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}`, headers: bearer(token) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      message: `The stored file ${cid} is missing from the file store`,
      code: 'NOT_FOUND',
    });
    // The operators see it too: logged as an error.
    expect(
      log.some(
        (line) =>
          line.includes(`"msg":"The stored file ${cid} is missing from the file store"`) && line.includes('"level":50'),
      ),
    ).toBe(true);

    // An export written by A's worker: B answers the same 404, and no download is put on the audit trail.
    const asked = await a.app.inject({
      method: 'GET',
      url: '/v1/admin/transactions?type=savings&start=2026-03-01&end=2026-03-31&download=true',
      headers: bearer(token),
    });
    const { exportId, link } = asked.json().data as { exportId: string; link: string };
    expect(await runExport(db, exportStoreFor(db, a.config), exportId)).toBe(true);
    const [row] = await q<{ file_cid: string }>(`SELECT file_cid FROM exports WHERE id = $1`, [exportId]);
    const download = await b.app.inject({ method: 'GET', url: link, headers: bearer(token) });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({
      message: `The stored file ${row!.file_cid} is missing from the file store`,
      code: 'NOT_FOUND',
    });
    expect(
      await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'export.download' AND target_id = $1`, [
        exportId,
      ]),
    ).toEqual([{ n: 0 }]);
    expect((await a.app.inject({ method: 'GET', url: link, headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('a bucket that stops answering', () => {
  it('takes the instance out of readiness, naming the file store', async () => {
    const gone = await startS3Server('vaultdesk-gone');
    const i = await instance(gone.env);
    expect((await i.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await gone.stop();
    const ready = await i.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'file store unavailable' });
  });
});
