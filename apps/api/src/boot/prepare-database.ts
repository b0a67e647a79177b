import { grantAppRole, runMigrations, withAdvisoryLock, type Db } from '@vaultdesk/db';
import { installJobSchema } from '@vaultdesk/worker';
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
 *
 * `db` is the owner's connection. With `appRole` (the role the API and workers then run as, when
 * it is not the owner), pg-boss's schema is set up by the owner too and the application role is
 * given its rights (packages/db/src/roles.ts) after the migrations.
 */
export async function prepareDatabase(
  db: Db,
  config: Config,
  say: (msg: string) => void,
  files: FileStore = fileStoreFor(db, config),
  appRole?: string,
) {
  await withAdvisoryLock(db, 'startup', () => prepareLocked(db, config, say, files, appRole), say);
}

async function prepareLocked(
  db: Db,
  config: Config,
  say: (msg: string) => void,
  files: FileStore,
  appRole: string | undefined,
) {
  await runMigrations(db, say);
  if (appRole) {
    const { connectionString } = db.$client.options;
    if (!connectionString) throw new Error('the owner connection has no URL to set up the job queues with');
    await installJobSchema(connectionString);
    await grantAppRole(db.$client, appRole);
  }
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
