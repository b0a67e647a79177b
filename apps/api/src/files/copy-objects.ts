import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CID_REGEX } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { cidOf } from './file-store';
import { objectName, type ObjectStore } from './object-store';

export type CopyReport = { copied: number; present: number; refused: { name: string; why: string }[] };

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest();
};

/**
 * Copies every object of a local store folder (`DATA_DIR/files`) into `to` (the bucket) that it
 * does not hold yet, under the same name. Each file is checked against its address first: a
 * file whose bytes do not hash to its name (damaged on disk) is refused, not copied. The folder
 * is left as it is; running again copies only what is still missing.
 */
export async function copyFolderObjects(
  dir: string,
  to: ObjectStore,
  log: (msg: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, refused: [] };
  await mkdir(to.spoolDir, { recursive: true });
  // Two-character folders only: `tmp` holds unfinished writes.
  const folders = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && d.name.length === 2)
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    for (const file of (await readdir(path.join(dir, folder))).sort()) {
      const name = `${folder}/${file}`;
      const source = path.join(dir, name);
      if (!CID_REGEX.test(file) || objectName(file) !== name) {
        report.refused.push({ name, why: 'not a stored file address' });
        continue;
      }
      if (cidOf(await sha256Of(source)) !== file) {
        report.refused.push({ name, why: 'its bytes do not match its address (damaged)' });
        continue;
      }
      if (await to.exists(name)) {
        report.present += 1;
        continue;
      }
      // putFile takes the file it is given away: it gets a copy, the folder keeps its own.
      const spooled = path.join(to.spoolDir, `${randomUUID()}.part`);
      await copyFile(source, spooled);
      await to.putFile(name, spooled, (await stat(spooled)).size);
      report.copied += 1;
      if (report.copied % 1000 === 0) log(`${report.copied} copied...`);
    }
  }
  return report;
}

/** The recorded files (`stored_files`) that `store` does not hold, in pages of 1,000 addresses. */
export async function missingFromStore(db: Db, store: ObjectStore): Promise<string[]> {
  const missing: string[] = [];
  let after = '';
  for (;;) {
    const { rows } = await db.$client.query<{ cid: string }>(
      'SELECT cid FROM stored_files WHERE cid > $1 ORDER BY cid LIMIT 1000',
      [after],
    );
    if (!rows.length) return missing;
    for (const { cid } of rows) if (!(await store.exists(objectName(cid)))) missing.push(cid);
    after = rows[rows.length - 1]!.cid;
  }
}
