import { closeDb, createDb, openDatabase, type Db } from '@vaultdesk/db';
import type { Config } from '../config/config';

/**
 * The console commands' database: the owner's connection (the embedded database, or
 * DATABASE_OWNER_URL, else DATABASE_URL), since a command may have to apply migrations first.
 * The embedded database already running for DATA_DIR (a server's) is used as it is; otherwise the
 * command starts it, and when it cannot, prints one line saying what to do and exits 2.
 * `close` ends the pool and stops an embedded database this process started.
 */
export async function openOwnerDatabase(
  config: Config,
  poolSize: number,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const database = await openCommandDatabase(config);
  const db = createDb(database.ownerUrl, poolSize);
  return {
    db,
    close: async () => {
      await closeDb(db);
      await database.stop();
    },
  };
}

/** openDatabase for a console command: the running embedded database if there is one; one line and exit 2 when none can be had. */
export async function openCommandDatabase(config: Config) {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      ownerUrl: config.databaseOwnerUrl,
      dataDir: config.dataDir,
      port: config.pgPort,
      useRunning: true,
    });
  } catch (err) {
    process.stderr.write(`[vaultdesk] ${err instanceof Error ? err.message : String(err)}\n`);
    return process.exit(2);
  }
}
