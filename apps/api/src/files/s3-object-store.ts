import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../config/config';
import { cidOfName, StoredFileMissing, type ObjectStore } from './object-store';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/**
 * Above this a spooled file goes up in parts (S3 takes at most 5 GB in one PUT); each part is
 * read from the spooled file as it is sent, so no part is held in memory either.
 */
export const PART_BYTES = 64 * 1024 * 1024;

const status = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => status(err) === 404 || ['NotFound', 'NoSuchKey'].includes((err as Error).name);

/** Objects in one bucket of an S3-compatible store (AWS S3, MinIO, Ceph, R2...), shared by every instance. */
export function s3ObjectStore(config: S3Config, { partBytes = PART_BYTES }: { partBytes?: number } = {}): ObjectStore {
  // The SDK's NodeVersionSupportWarning (8 lines on stderr at every start on Node.js 20) is about
  // SDK releases after January 2027, not the one package-lock.json pins, which supports the
  // Node.js versions Vaultdesk declares (boot/engines.test.ts). The SDK's own switch, read when
  // the client is made; an operator's explicit setting (`false`) still wins.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload)
    // is not understood by every S3-compatible server; GCM's tag already proves each file whole.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const where = `bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`;

  async function size(name: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }
  const exists = async (name: string) => (await size(name)) !== null;

  async function uploadInParts(name: string, file: string, total: number) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: name, ContentType: 'application/octet-stream' }),
    );
    try {
      const parts: { ETag?: string; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < total; start += partBytes, PartNumber++) {
        const end = Math.min(start + partBytes, total) - 1;
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket,
            Key: name,
            UploadId,
            PartNumber,
            ContentLength: end - start + 1,
            Body: createReadStream(file, { start, end }),
          }),
        );
        parts.push({ ETag, PartNumber });
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: name, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (err) {
      // Unfinished parts are billed until aborted.
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: name, UploadId })).catch(() => undefined);
      throw err;
    }
  }

  return {
    describe: where,
    spoolDir: config.spoolDir,
    exists,
    size,

    async put(name, bytes) {
      if (await exists(name)) return;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
        }),
      );
    },

    async putFile(name, file, total) {
      try {
        if (await exists(name)) return;
        if (total > partBytes) await uploadInParts(name, file, total);
        else {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: name,
              Body: createReadStream(file),
              ContentLength: total,
              ContentType: 'application/octet-stream',
            }),
          );
        }
      } finally {
        await rm(file, { force: true });
      }
    },

    async read(name, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: name, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!(res.Body instanceof Readable)) throw new Error(`the ${where} answered no body for ${name}`);
        return res.Body;
      } catch (err) {
        if (isNotFound(err)) throw new StoredFileMissing(cidOfName(name));
        throw err;
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const code = status(err);
        const why =
          code === 404
            ? 'it does not exist'
            : code === 403 || code === 401
              ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
              : `${(err as Error).message || (err as Error).name}`;
        throw new Error(`the ${where} cannot be used: ${why}`, { cause: err });
      }
    },
  };
}
