import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CID_REGEX, type Permission } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../config/config';
import { localObjectStore } from './local-object-store';
import { objectName, StoredFileMissing, type ObjectStore } from './object-store';
import { s3ObjectStore } from './s3-object-store';

/** Stored bytes: iv (12) || AES-256-GCM ciphertext || tag (16). */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type StoredFile = { cid: string; key: string; size: number };
export type FileMeta = { contentType: string; permission: Permission; createdBy?: string | null };
export type FileRecord = { cid: string; size: number; contentType: string; permission: string };

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const base32 = (bytes: Uint8Array) => {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

/**
 * An IPFS CID v1 for the stored (encrypted) bytes: raw codec, sha2-256 multihash, base32
 * ("bafkrei..."), so the same bytes pinned on any IPFS node have the same address.
 */
export const cidOf = (sha256: Buffer) => `b${base32(Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), sha256]))}`;

/**
 * The one encrypted, content-addressed store for every file the product keeps (KYC images,
 * agent uploads, CSV exports). Each file gets a fresh key; the key is handed back to the caller
 * to keep on its own record, so the store alone (a leaked disk or bucket, a public gateway)
 * reveals nothing. The objects live in `objects`: the local folder, or one S3-compatible bucket
 * that every instance shares (the records, with the keys, are in the shared database).
 */
export function createFileStore(db: Db, objects: ObjectStore) {
  async function record(cid: string, size: number, meta: FileMeta) {
    await db.$client.query(
      `INSERT INTO stored_files (cid, size, content_type, read_permission, created_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (cid) DO NOTHING`,
      [cid, size, meta.contentType, meta.permission, meta.createdBy ?? null],
    );
  }

  const read = (cid: string, range?: { start: number; end: number }) => objects.read(objectName(cid), range);

  return {
    objects,

    /** Encrypts and stores a small file held in memory. */
    async put(bytes: Uint8Array, meta: FileMeta): Promise<StoredFile> {
      const key = randomBytes(32);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const stored = Buffer.concat([iv, cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
      const cid = cidOf(createHash('sha256').update(stored).digest());
      await objects.put(objectName(cid), stored);
      await record(cid, stored.length, meta);
      return { cid, key: key.toString('hex'), size: stored.length };
    },

    /**
     * Encrypts and stores a stream without holding it in memory (CSV exports): the ciphertext is
     * spooled to a local file while its address is computed, then moved (folder) or uploaded
     * (bucket) under that address.
     */
    async putStream(source: Readable, meta: FileMeta): Promise<StoredFile> {
      const key = randomBytes(32);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const hash = createHash('sha256').update(iv);
      let size = IV_BYTES;
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
        flush(done) {
          const tag = cipher.getAuthTag();
          hash.update(tag);
          size += tag.length;
          done(null, tag);
        },
      });
      const tmp = path.join(objects.spoolDir, `${randomUUID()}.part`);
      await mkdir(objects.spoolDir, { recursive: true });
      const out = createWriteStream(tmp);
      out.write(iv);
      try {
        await pipeline(source, cipher, hashing, out);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      const cid = cidOf(hash.digest());
      await objects.putFile(objectName(cid), tmp, size);
      await record(cid, size, meta);
      return { cid, key: key.toString('hex'), size };
    },

    async find(cid: string): Promise<FileRecord | null> {
      if (!CID_REGEX.test(cid)) return null;
      const { rows } = await db.$client.query<{
        cid: string;
        size: number;
        content_type: string;
        read_permission: string;
      }>('SELECT cid, size, content_type, read_permission FROM stored_files WHERE cid = $1', [cid]);
      const r = rows[0];
      return r
        ? { cid: r.cid, size: Number(r.size), contentType: r.content_type, permission: r.read_permission }
        : null;
    },

    /** The stored (encrypted) bytes, as a gateway serves them; a missing object throws `StoredFileMissing`. */
    readEncrypted(cid: string): Promise<Readable> {
      return read(cid);
    },

    /** The plain bytes, decrypted on the way out; a tampered file fails at the end (GCM tag). */
    async openDecrypted(cid: string, keyHex: string): Promise<Readable> {
      const size = await objects.size(objectName(cid));
      if (size === null) throw new StoredFileMissing(cid);
      if (size < IV_BYTES + TAG_BYTES) throw new Error(`stored file ${cid} is truncated`);
      const [iv, tag] = await Promise.all([
        read(cid, { start: 0, end: IV_BYTES - 1 }).then(readAll),
        read(cid, { start: size - TAG_BYTES, end: size - 1 }).then(readAll),
      ]);
      const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
      decipher.setAuthTag(tag);
      if (size === IV_BYTES + TAG_BYTES) {
        decipher.end();
        return decipher;
      }
      const source = await read(cid, { start: IV_BYTES, end: size - TAG_BYTES - 1 });
      source.on('error', (error) => decipher.destroy(error));
      return source.pipe(decipher);
    },
  };
}

/** The object store the configuration names: the local folder (default) or the shared bucket. */
export function objectStoreFor(config: Pick<Config, 'files'>): ObjectStore {
  return config.files.kind === 's3' ? s3ObjectStore(config.files) : localObjectStore(config.files.dir);
}

/** The file store of this instance, as configured. */
export const fileStoreFor = (db: Db, config: Pick<Config, 'files'>) => createFileStore(db, objectStoreFor(config));

export type FileStore = ReturnType<typeof createFileStore>;

/** Reads a whole (small) stream into memory. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
