import { runMigrations, withAdvisoryLock, type Db } from '@vaultdesk/db';
import { generateDemoData, hasCustomerData } from '@vaultdesk/db/demo';
import type { Config } from '../config/config';
import { fileStoreFor, type FileStore } from '../files/file-store';
import { syncSystemRoles } from '../modules/admins/system-roles';
import { seedDemoStaff } from '../demo/demo-staff';
import { attachKycDemoImages } from '../demo/kyc-demo-images';
import { attachAgentDemoImages } from '../demo/agents-demo-images';

/**
 * What every instance does to its database before it serves: the migrations, the built-in roles
 * and, outside production, the demo staff, demo customers (into an empty database) and their
 * pictures.
 *
 * All of it under the start-up advisory lock, so any number of instances can start at once on a
 * new database: the first prepares it while the others wait, and each of them then finds the
 * migrations applied, the roles in step and the demo data there (each step looks before it
 * writes). Without the lock the first starts raced in the migrations (`CREATE EXTENSION IF NOT
 * EXISTS`, duplicate key) and both seeded an empty database.
 */
export async function prepareDatabase(
  db: Db,
  config: Config,
  say: (msg: string) => void,
  files: FileStore = fileStoreFor(db, config),
) {
  await withAdvisoryLock(db, 'startup', () => prepareLocked(db, config, say, files), say);
}

async function prepareLocked(db: Db, config: Config, say: (msg: string) => void, files: FileStore) {
  await runMigrations(db, say);
  await syncSystemRoles(db);
  if (!config.seedDemo) return;
  await seedDemoStaff(db, config);
  if (!(await hasCustomerData(db))) {
    say(`generating demo data (${config.demoUsers} users)...`);
    const counts = await generateDemoData(db, { users: config.demoUsers, log: say });
    say(`demo data ready: ${JSON.stringify(counts)}`);
  }
  await attachKycDemoImages(db, files, say);
  await attachAgentDemoImages(db, files, say);
}
