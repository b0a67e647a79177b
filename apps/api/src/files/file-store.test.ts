import { spawn } from 'node:child_process';
import { createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_REGEX } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { createTestDb } from '../../../../test/test-db';
import { testEnv } from '../../../../test/test-env';
import { startS3Server, type S3Server } from '../../../../test/s3-server';
import { loadConfig } from '../config/config';
import { cidOf, createFileStore, objectStoreFor, readAll, type FileStore } from './file-store';
import { copyFolderObjects, missingFromStore } from './copy-objects';
import { localObjectStore } from './local-object-store';
import { objectName, StoredFileMissing, type ObjectStore } from './object-store';
import { s3ObjectStore } from './s3-object-store';

let db: Db;
let drop: () => Promise<void>;
let s3: S3Server;
let dataDir: string;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), 'vaultdesk-files-'));
});
afterAll(async () => {
  await s3?.stop();
  await drop?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const s3Config = () => loadConfig(testEnv({ ...s3.env, DATA_DIR: dataDir }));

/** The bytes an object store holds under a name, read around the store's own code (the folder's file, the bucket's object). */
type Backend = { name: string; objects: () => ObjectStore; rawBytes: (name: string) => Promise<Buffer> };
const backends: Backend[] = [
  {
    name: 'local folder',
    objects: () => localObjectStore(path.join(dataDir, 'files')),
    rawBytes: (name) => readFile(path.join(dataDir, 'files', name)),
  },
  {
    name: 'S3 bucket (s3rver)',
    // Parts of 5 MB (S3's smallest), so a test-sized stream goes up in several parts.
    objects: () => {
      const files = s3Config().files;
      if (files.kind !== 's3') throw new Error('FILE_STORE=s3 expected');
      return s3ObjectStore(files, { partBytes: 5 * 1024 * 1024 });
    },
    rawBytes: async (name) => {
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } finally {
        client.destroy();
      }
    },
  },
];

const decrypt = (stored: Buffer, keyHex: string) => {
  const d = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), stored.subarray(0, 12));
  d.setAuthTag(stored.subarray(stored.length - 16));
  return Buffer.concat([d.update(stored.subarray(12, stored.length - 16)), d.final()]);
};

describe.each(backends)('the file store contract: $name', (backend) => {
  let objects: ObjectStore;
  let store: FileStore;
  beforeAll(() => {
    objects = backend.objects();
    store = createFileStore(db, objects);
  });

  it('is usable (check passes)', async () => {
    await expect(objects.check()).resolves.toBeUndefined();
  });

  it('puts, finds and reads an object, whole or a range of it', async () => {
    const name = objectName(cidOf(randomBytes(32)));
    expect(await objects.exists(name)).toBe(false);
    expect(await objects.size(name)).toBeNull();
    const bytes = randomBytes(1000);
    await objects.put(name, bytes);
    expect(await objects.exists(name)).toBe(true);
    expect(await objects.size(name)).toBe(1000);
    expect((await readAll(await objects.read(name))).equals(bytes)).toBe(true);
    expect((await readAll(await objects.read(name, { start: 10, end: 19 }))).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('writes a name once: content-addressed, a second write of the same address is skipped', async () => {
    const name = objectName(cidOf(randomBytes(32)));
    const first = Buffer.from('the first bytes under this address');
    await objects.put(name, first);
    await objects.put(name, Buffer.from('anything else is never written over it'));
    expect((await backend.rawBytes(name)).equals(first)).toBe(true);
  });

  it('answers a missing object with the same error everywhere: 404 naming the file', async () => {
    const cid = cidOf(randomBytes(32));
    const message = `The stored file ${cid} is missing from the file store`;
    const attempts = [
      () => objects.read(objectName(cid)),
      () => store.readEncrypted(cid),
      () => store.openDecrypted(cid, randomBytes(32).toString('hex')),
    ];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(StoredFileMissing);
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message });
    }
  });

  it('keeps files encrypted at rest under the CID of the stored bytes, one record per address', async () => {
    const plain = Buffer.from('a passport scan stands in here, name and number in plain words');
    const { cid, key, size } = await store.put(plain, { contentType: 'image/jpeg', permission: 'kyc.read' });
    expect(cid).toMatch(CID_REGEX);
    const atRest = await backend.rawBytes(objectName(cid));
    expect(atRest.length).toBe(size);
    expect(atRest.includes(plain)).toBe(false);
    expect(atRest.includes(Buffer.from('passport'))).toBe(false);
    expect(cid).toBe(cidOf(createHash('sha256').update(atRest).digest()));
    expect(decrypt(atRest, key)).toEqual(plain);
    expect((await readAll(await store.readEncrypted(cid))).equals(atRest)).toBe(true);
    expect(await readAll(await store.openDecrypted(cid, key))).toEqual(plain);
    expect(await store.find(cid)).toEqual({ cid, size, contentType: 'image/jpeg', permission: 'kyc.read' });
    const { rows } = await db.$client.query('SELECT count(*)::int AS n FROM stored_files WHERE cid = $1', [cid]);
    expect(rows[0].n).toBe(1);
  });

  it('streams a large file in (spooled, never held whole) and out without changing a byte', async () => {
    // 12 MB: more than two of the bucket's 5 MB parts.
    const chunks = Array.from({ length: 192 }, () => randomBytes(64 * 1024));
    const plain = Buffer.concat(chunks);
    const { cid, key, size } = await store.putStream(Readable.from(chunks), {
      contentType: 'text/csv',
      permission: 'exports.audit',
    });
    expect(size).toBe(plain.length + 28);
    const atRest = await backend.rawBytes(objectName(cid));
    expect(atRest.length).toBe(size);
    expect(cid).toBe(cidOf(createHash('sha256').update(atRest).digest()));
    expect(atRest.subarray(12, 12 + 4096).equals(plain.subarray(0, 4096))).toBe(false);
    expect((await readAll(await store.openDecrypted(cid, key))).equals(plain)).toBe(true);
    // Nothing is left in the spool: the folder was made for this file (file-store.ts) and holds nothing now.
    expect(await readdir(objects.spoolDir)).toEqual([]);
  });

  it('stores and decrypts an empty file', async () => {
    const { cid, key, size } = await store.putStream(Readable.from([]), {
      contentType: 'text/csv',
      permission: 'exports.audit',
    });
    expect(size).toBe(28);
    expect(await readAll(await store.openDecrypted(cid, key))).toEqual(Buffer.alloc(0));
  });
});

describe('choosing the store by configuration', () => {
  it('is the local folder DATA_DIR/files by default, the bucket with FILE_STORE=s3', () => {
    expect(objectStoreFor(loadConfig(testEnv({ DATA_DIR: dataDir }))).describe).toBe(
      `folder ${path.join(dataDir, 'files')}`,
    );
    expect(objectStoreFor(s3Config()).describe).toBe(`bucket vaultdesk-files at ${s3.endpoint}`);
  });

  it('says in one line why a bucket cannot be used', async () => {
    const missing = objectStoreFor(loadConfig(testEnv({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: dataDir })));
    await expect(missing.check()).rejects.toThrow(
      `the bucket no-such-bucket at ${s3.endpoint} cannot be used: it does not exist`,
    );
    // s3rver checks the key id but not a v4 signature: an unknown key id stands for wrong credentials.
    const wrongKey = objectStoreFor(
      loadConfig(testEnv({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY', DATA_DIR: dataDir })),
    );
    await expect(wrongKey.check()).rejects.toThrow(
      /cannot be used: access denied \(check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY\)/,
    );
  });

  it('the server and the worker stop at start with one line when the bucket cannot be used', async () => {
    const freePort = () =>
      new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const { port } = s.address() as { port: number };
          s.close(() => resolve(port));
        });
      });
    const root = path.resolve(import.meta.dirname, '../../../..');
    const run = async (entry: string) => {
      const child = spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...testEnv({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: dataDir }),
          PORT: String(await freePort()),
          PG_PORT: String(await freePort()),
          CHAIN: 'false',
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      return { code, stderr };
    };
    const why = `the bucket no-such-bucket at ${s3.endpoint} cannot be used: it does not exist`;
    expect(await run('apps/api/src/main.ts')).toEqual({ code: 1, stderr: `[vaultdesk] File store: ${why}\n` });
    expect(await run('apps/api/src/worker-main.ts')).toEqual({ code: 1, stderr: `[worker] File store: ${why}\n` });
    // Two TypeScript starts: slow on a loaded machine.
  }, 120_000);

  it('refuses an incomplete or contradictory S3 configuration, naming the variable', () => {
    const base = testEnv({ DATA_DIR: dataDir });
    expect(() => loadConfig({ ...base, FILE_STORE: 's3' })).toThrow(
      'Invalid configuration: S3_BUCKET is required when FILE_STORE=s3',
    );
    expect(() => loadConfig({ ...base, FILE_STORE: 'disk' })).toThrow(/Invalid configuration: FILE_STORE: /);
    expect(() => loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither to use the default AWS credentials)',
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'files' })).toThrow(
      'Invalid configuration: S3_BUCKET set but FILE_STORE is not s3 (set FILE_STORE=s3 to use the bucket)',
    );
    expect(loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'files' }).files).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      spoolDir: path.join(dataDir, 'tmp', 'file-spool'),
    });
  });
});

describe('moving a local folder into the bucket (npm run files:to-bucket)', () => {
  it('copies what the bucket lacks, checked against each address, and the files open from the bucket', async () => {
    const folder = path.join(dataDir, 'to-move');
    const local = createFileStore(db, localObjectStore(folder));
    const picture = await local.put(Buffer.from('a selfie kept on one machine'), {
      contentType: 'image/jpeg',
      permission: 'kyc.read',
    });
    const csv = await local.putStream(Readable.from([Buffer.from('id,amount\n1,2\n')]), {
      contentType: 'text/csv',
      permission: 'exports.audit',
    });
    // A damaged file and a stray one are refused, not copied.
    const damaged = await local.put(Buffer.from('bytes that will rot'), {
      contentType: 'text/plain',
      permission: 'audit.read',
    });
    const damagedFile = path.join(folder, objectName(damaged.cid));
    const rotten = await readFile(damagedFile);
    rotten[20] = rotten[20]! ^ 0xff;
    await writeFile(damagedFile, rotten);
    await mkdir(path.join(folder, 'zz'), { recursive: true });
    await writeFile(path.join(folder, 'zz', 'notes.txt'), 'not a stored file');

    const bucketConfig = s3Config().files;
    if (bucketConfig.kind !== 's3') throw new Error('FILE_STORE=s3 expected');
    const bucket = s3ObjectStore(bucketConfig);
    const first = await copyFolderObjects(folder, bucket);
    expect(first.copied).toBe(2);
    expect(first.present).toBe(0);
    expect(first.refused).toEqual(
      [
        { name: objectName(damaged.cid), why: 'its bytes do not match its address (damaged)' },
        { name: 'zz/notes.txt', why: 'not a stored file address' },
      ].sort((x, y) => x.name.localeCompare(y.name)),
    );

    const shared = createFileStore(db, bucket);
    expect((await readAll(await shared.openDecrypted(picture.cid, picture.key))).toString()).toBe(
      'a selfie kept on one machine',
    );
    expect((await readAll(await shared.openDecrypted(csv.cid, csv.key))).toString()).toBe('id,amount\n1,2\n');
    // The folder is left whole; a second run copies nothing.
    expect(await localObjectStore(folder).exists(objectName(picture.cid))).toBe(true);
    expect(await copyFolderObjects(folder, bucket)).toMatchObject({ copied: 0, present: 2 });
    const missing = await missingFromStore(db, bucket);
    expect(missing).toContain(damaged.cid);
    expect(missing).not.toContain(picture.cid);
    expect(missing).not.toContain(csv.cid);
  });
});
