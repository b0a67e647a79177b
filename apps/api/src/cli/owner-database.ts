import { closeDb, createDb, openDatabase, type Db } from '@vaultdesk/db';
import type { Config } from '../config/config';

/**
 * The console commands' database: the owner's connection (the embedded database, or
 * DATABASE_OWNER_URL, else DATABASE_URL), since a command may have to apply migrations first.
 * `close` ends the pool and stops an embedded database this process started.
 */
export async function openOwnerDatabase(
  config: Config,
  poolSize: number,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    ownerUrl: config.databaseOwnerUrl,
    dataDir: config.dataDir,
    port: config.pgPort,
  });
  const db = createDb(database.ownerUrl, poolSize);
  return {
    db,
    close: async () => {
      await closeDb(db);
      await database.stop();
    },
  };
}
