import type { Readable } from 'node:stream';
import { AppError } from '../http/errors';

/**
 * Where the file store keeps its (already encrypted) objects: the local folder or an
 * S3-compatible bucket. Objects are content-addressed, so an object once written never changes:
 * a second write of the same name is skipped, and no implementation needs overwrite or delete.
 */
export type ObjectStore = {
  /** For logs and start-up errors: `folder /srv/data/files`, `bucket vaultdesk-files at https://...`. */
  readonly describe: string;
  /** Where a streamed file is written while its address is computed (then handed to `putFile`). */
  readonly spoolDir: string;
  /** Stores `bytes` under `name` unless an object of that name is there already. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** Stores the spooled file `file` (of `size` bytes) under `name` and removes the spooled file. */
  putFile(name: string, file: string, size: number): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** The object's size in bytes, or null when there is none. */
  size(name: string): Promise<number | null>;
  /** The object's bytes (from `start` to `end`, both included, when given); a missing object throws `StoredFileMissing`. */
  read(name: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Throws, saying why, when the store cannot be used (no bucket, no access, a folder not writable). */
  check(): Promise<void>;
};

/**
 * A file the database records but the store does not hold (a bucket emptied by hand, an
 * instance pointed at the wrong bucket or its own folder): the same answer from every store.
 */
export class StoredFileMissing extends AppError {
  override readonly operatorAlert = true;
  constructor(readonly cid: string) {
    super('NOT_FOUND', `The stored file ${cid} is missing from the file store`);
  }
}

/** The object name of a CID: spread over 1,024 folders by its last two characters, the same in a folder and a bucket. */
export const objectName = (cid: string) => `${cid.slice(-2)}/${cid}`;
export const cidOfName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
