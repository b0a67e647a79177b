import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';
import { withAdvisoryLock } from './lock';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * Applies the migrations not applied yet, under the migrations advisory lock: instances that
 * start at once on one database take turns, and each after the first finds nothing left to do
 * (without it, two first starts raced on `CREATE EXTENSION IF NOT EXISTS` and on drizzle's own
 * record table, and one died with a duplicate key). The migrations run in the locked session.
 */
export async function runMigrations(db: Db, log?: (msg: string) => void) {
  await withAdvisoryLock(db, 'migrations', (client) => migrate(drizzle(client), { migrationsFolder }), log);
}
