import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { processAlive, runningEmbedded } from '@vaultdesk/db';
import type { Config } from '../config/config';

/** What a server running the embedded database writes in its DATA_DIR: who it is, to name it to a second one. */
export type ServerRecord = { pid: number; port: number; pgPort: number; startedAt: string };

export const serverRecordFile = (dataDir: string) => path.join(dataDir, 'server.json');

function readRecord(file: string): ServerRecord | null {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerRecord>;
    return typeof r.pid === 'number' && typeof r.port === 'number' ? (r as ServerRecord) : null;
  } catch {
    return null;
  }
}

export class DataDirTakenError extends Error {}

/**
 * One server per DATA_DIR with the embedded database. A server whose record (DATA_DIR/server.json)
 * names a live process, or an embedded PostgreSQL already running on DATA_DIR/pg (its postmaster.pid:
 * process alive, port answering), stops this start with one line naming it. A record or lock file
 * whose process is gone (a crash) is stale and ignored. Otherwise this server writes its record;
 * `release` removes it at the end of the shutdown.
 */
export async function claimDataDir(config: Config): Promise<{ release: () => void }> {
  const file = serverRecordFile(config.dataDir);
  const record = readRecord(file);
  const first = record && record.pid !== process.pid && processAlive(record.pid) ? record : null;
  const postgres = await runningEmbedded(path.join(config.dataDir, 'pg'));
  if (first)
    throw new DataDirTakenError(
      `Cannot start Vaultdesk: DATA_DIR ${config.dataDir} is in use by another Vaultdesk server (pid ${first.pid}, port ${first.port}, its embedded PostgreSQL on port ${postgres?.port ?? first.pgPort}): stop it, or give this server its own DATA_DIR`,
    );
  if (postgres)
    throw new DataDirTakenError(
      `Cannot start Vaultdesk: the embedded PostgreSQL of DATA_DIR ${config.dataDir} is already running (pid ${postgres.pid}, port ${postgres.port}), started by another process (a console command?): wait for it to end or stop it, or give this server its own DATA_DIR`,
    );
  mkdirSync(config.dataDir, { recursive: true });
  const mine: ServerRecord = {
    pid: process.pid,
    port: config.port,
    pgPort: config.pgPort,
    startedAt: new Date().toISOString(),
  };
  writeFileSync(file, `${JSON.stringify(mine)}\n`);
  return {
    release: () => {
      if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
