import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The keys s3rver accepts (its built-in account); they sign requests to a throw-away local server only. */
const S3RVER_KEY = 'S3RVER';

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The settings an instance needs to use this server's bucket. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/**
 * A local S3-compatible server (s3rver, in this process) on a free port, storing to a temporary
 * folder, with one empty bucket; `stop` closes it and removes the folder.
 */
export async function startS3Server(bucket = 'vaultdesk-files'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'vaultdesk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
