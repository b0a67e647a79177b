import { createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_REGEX, IMAGE_GATEWAYS, IMAGE_TEXTS } from '@vaultdesk/contract';
import { cidOf, createFileStore, readAll, type FileStore } from '../../files/file-store';
import { localObjectStore } from '../../files/local-object-store';
import { demoImage } from '../../demo/demo-image';
import { normaliseImage, ONLY_JPG_PNG, sniffImage } from '../../images/images';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let store: FileStore;
const dir = () => path.join(t.config.dataDir, 'files');
beforeAll(async () => {
  t = await createTestApp();
  store = createFileStore(t.db, localObjectStore(dir()));
});
afterAll(async () => {
  await t?.close();
});

const decrypt = (stored: Buffer, keyHex: string) => {
  const d = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), stored.subarray(0, 12));
  d.setAuthTag(stored.subarray(stored.length - 16));
  return Buffer.concat([d.update(stored.subarray(12, stored.length - 16)), d.final()]);
};

describe('file store', () => {
  it('stores encrypted bytes under the CID of what is stored, and gives the key back', async () => {
    const plain = Buffer.from('a passport scan stands in here');
    const { cid, key, size } = await store.put(plain, { contentType: 'text/plain', permission: 'audit.read' });
    expect(cid).toMatch(CID_REGEX);
    const stored = await readAll(await store.readEncrypted(cid));
    expect(stored.includes(plain)).toBe(false);
    expect(size).toBe(stored.length);
    expect(cid).toBe(cidOf(createHash('sha256').update(stored).digest()));
    expect(decrypt(stored, key)).toEqual(plain);
    expect(await readAll(await store.openDecrypted(cid, key))).toEqual(plain);
    const [row] = (
      await t.db.$client.query('SELECT size, content_type, read_permission FROM stored_files WHERE cid = $1', [cid])
    ).rows;
    expect(row).toEqual({ size, content_type: 'text/plain', read_permission: 'audit.read' });
  });

  it('gives the same content a new key and so a new address each time', async () => {
    const a = await store.put(Buffer.from('same'), { contentType: 'text/plain', permission: 'audit.read' });
    const b = await store.put(Buffer.from('same'), { contentType: 'text/plain', permission: 'audit.read' });
    expect(a.cid).not.toBe(b.cid);
    expect(a.key).not.toBe(b.key);
  });

  it('streams a large file in and out without changing a byte', async () => {
    const chunks = Array.from({ length: 40 }, () => randomBytes(64 * 1024));
    const plain = Buffer.concat(chunks);
    const { cid, key, size } = await store.putStream(Readable.from(chunks), {
      contentType: 'text/csv',
      permission: 'audit.read',
    });
    expect(size).toBe(plain.length + 28);
    const stored = await readAll(await store.readEncrypted(cid));
    expect(cid).toBe(cidOf(createHash('sha256').update(stored).digest()));
    expect((await readAll(await store.openDecrypted(cid, key))).equals(plain)).toBe(true);
  });

  it('refuses to hand out a tampered file', async () => {
    const { cid, key } = await store.put(Buffer.from('ledger export'), {
      contentType: 'text/csv',
      permission: 'audit.read',
    });
    const file = path.join(dir(), cid.slice(-2), cid);
    const bytes = await readFile(file);
    bytes[14] = bytes[14]! ^ 0xff;
    await writeFile(file, bytes);
    await expect(readAll(await store.openDecrypted(cid, key))).rejects.toThrow();
  });
});

describe('GET /v1/ipfs/:cid (the app gateway)', () => {
  it('serves the encrypted bytes to staff whose role holds the file permission only', async () => {
    const { cid, key } = await store.put(Buffer.from('selfie'), {
      contentType: 'image/jpeg',
      permission: 'audit.read',
    });
    const superadmin = await sessionFor(t.db, demo('superadmin').email);
    const support = await sessionFor(t.db, demo('support').email);
    const ok = await t.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}`, headers: bearer(superadmin) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/octet-stream');
    expect(decrypt(ok.rawPayload, key).toString()).toBe('selfie');
    const refused = await t.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}`, headers: bearer(support) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role may not open this file');
    expect((await t.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown address and 400 for a malformed one', async () => {
    const token = await sessionFor(t.db, demo('superadmin').email);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/v1/ipfs/${cidOf(randomBytes(32))}`,
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/ipfs/QmNotACid', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });

  it('lists five gateways with its own first', () => {
    expect(IMAGE_GATEWAYS).toHaveLength(5);
    expect(IMAGE_GATEWAYS[0].baseUrl).toBe('/v1');
    expect(IMAGE_TEXTS).toEqual({ missing: 'NO IMAGE', loading: 'LOADING...', failed: 'Unable to load Image' });
  });
});

describe('uploaded images', () => {
  const limits = { maxBytes: 5 * 1024 * 1024, tooLargeMessage: 'Image must smaller than 5MB!' };

  it('re-encodes a JPEG, dropping anything appended after the picture', async () => {
    const original = demoImage(7, 'selfie');
    const withPayload = Buffer.concat([original, Buffer.from('<script>alert(1)</script>')]);
    const out = normaliseImage(withPayload, limits);
    expect(out.contentType).toBe('image/jpeg');
    expect(sniffImage(out.bytes)).toBe('image/jpeg');
    expect([out.width, out.height]).toEqual([200, 200]);
    expect(out.bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect(jpeg.decode(out.bytes).width).toBe(200);
  });

  it('re-encodes a PNG', () => {
    const png = new PNG({ width: 3, height: 2 });
    png.data.fill(200);
    const out = normaliseImage(PNG.sync.write(png), limits);
    expect(out.contentType).toBe('image/png');
    expect(PNG.sync.read(out.bytes).width).toBe(3);
  });

  it('refuses other content whatever it is called, too large files and broken pictures, with the field named', () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    expect(() => normaliseImage(gif, { ...limits, field: 'cardUrl' })).toThrow(
      expect.objectContaining({ status: 400, message: ONLY_JPG_PNG, fields: { cardUrl: [ONLY_JPG_PNG] } }),
    );
    expect(() =>
      normaliseImage(demoImage(1, 'shop'), { maxBytes: 1000, tooLargeMessage: 'Image must smaller than 2MB!' }),
    ).toThrow(expect.objectContaining({ status: 400, message: 'Image must smaller than 2MB!' }));
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);
    expect(() => normaliseImage(broken, limits)).toThrow(
      expect.objectContaining({ status: 400, message: 'The image could not be read' }),
    );
  });

  it('makes deterministic demo pictures of each kind', () => {
    expect(demoImage(3, 'idcard').equals(demoImage(3, 'idcard'))).toBe(true);
    expect(demoImage(3, 'idcard').equals(demoImage(4, 'idcard'))).toBe(false);
    for (const kind of ['selfie', 'idcard', 'shop'] as const) expect(sniffImage(demoImage(1, kind))).toBe('image/jpeg');
  });
});
