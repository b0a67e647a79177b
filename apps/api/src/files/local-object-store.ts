import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { cidOfName, StoredFileMissing, type ObjectStore } from './object-store';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files in one folder (`DATA_DIR/files`): the single-machine default. */
export function localObjectStore(dir: string): ObjectStore {
  const fileOf = (name: string) => path.join(dir, name);
  const spoolDir = path.join(dir, 'tmp');

  const exists = async (name: string) =>
    (await stat(fileOf(name)).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err)))) !== null;

  /** Moves a finished file in; rename is atomic, so a reader never sees half an object. */
  async function place(name: string, tmp: string) {
    if (await exists(name)) {
      await rm(tmp, { force: true });
      return;
    }
    await mkdir(path.dirname(fileOf(name)), { recursive: true });
    await rename(tmp, fileOf(name));
  }

  return {
    describe: `folder ${dir}`,
    spoolDir,
    exists,

    async put(name, bytes) {
      if (await exists(name)) return;
      const tmp = path.join(spoolDir, `${randomUUID()}.part`);
      await mkdir(spoolDir, { recursive: true });
      await writeFile(tmp, bytes);
      await place(name, tmp);
    },

    async putFile(name, file) {
      await place(name, file);
    },

    async size(name) {
      const s = await stat(fileOf(name)).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err)));
      return s ? s.size : null;
    },

    async read(name, range) {
      // Opened before the stream is handed out, so a missing file is an error the caller can answer.
      const handle = await open(fileOf(name), 'r').catch((err: unknown) =>
        Promise.reject(isMissing(err) ? new StoredFileMissing(cidOfName(name)) : err),
      );
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
    },

    async check() {
      await mkdir(spoolDir, { recursive: true });
      await access(dir, constants.W_OK).catch(() => Promise.reject(new Error(`the folder ${dir} is not writable`)));
    },
  };
}
