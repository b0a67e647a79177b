import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  APP_ROLE,
  closeDb,
  createDb,
  ensureAppRole,
  grantAppRole,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedHandle,
} from '@vaultdesk/db';
import { installJobSchema } from '@vaultdesk/worker';
import { loadConfig } from '../apps/api/src/config/config';
import { freePort } from '../apps/api/src/config/ports';
import { syncSystemRoles } from '../apps/api/src/modules/admins/system-roles';
import { seedDemoStaff } from '../apps/api/src/demo/demo-staff';
import { repoRoot } from './processes';
import { TEMPLATE_DB, TEST_APP_PASSWORD, testEnv, withDatabase } from './test-env';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
    /** Where the boot tests' shared API build goes (test/processes.ts buildApiOnce), made by the first that asks. */
    apiBuildDir: string;
  }
}

let embedded: EmbeddedHandle | undefined;
let pgDir: string | undefined;
let apiBuildDir: string | undefined;

/**
 * One real PostgreSQL for the run (embedded unless DATABASE_URL is given) and a migrated
 * template database with the system roles and demo staff; each test file clones it. The
 * application role (APP_ROLE) is made in the cluster and given its rights in the template, with
 * pg-boss's schema set up by the owner, as a start on the embedded database does: the apps under
 * test connect as it (test/test-db.ts `appUrl`), the tests' own SQL as the owner.
 */
export async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // A folder and a free port of this run's own, so two runs on one machine (two engineers', or
    // a developer's and CI's) do not collide; the folder goes with the run.
    pgDir = `.data/test-pg/run-${process.pid}`;
    rmSync(pgDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort(), database: 'postgres' });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await ensureAppRole(admin, APP_ROLE, TEST_APP_PASSWORD);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const db = createDb(templateUrl, 2);
  await runMigrations(db);
  await installJobSchema(templateUrl);
  await grantAppRole(db.$client, APP_ROLE);
  await syncSystemRoles(db);
  await seedDemoStaff(db, loadConfig(testEnv()));
  await closeDb(db);

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', TEMPLATE_DB);
  // Inside the repository, as the build resolves its packages from there; gone with the run.
  apiBuildDir = path.join(repoRoot, `apps/api/.data/test-build-${process.pid}`);
  project.provide('apiBuildDir', apiBuildDir);
}

export async function teardown() {
  await embedded?.stop();
  if (pgDir) rmSync(pgDir, { recursive: true, force: true });
  if (apiBuildDir) {
    rmSync(apiBuildDir, { recursive: true, force: true });
    rmSync(`${apiBuildDir}.lock`, { recursive: true, force: true });
  }
}
