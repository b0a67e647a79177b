import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { APP_ROLE, closeDb, createDb, urlAs, type Db } from '@vaultdesk/db';
import { TEST_APP_PASSWORD, withDatabase } from './test-env';

/**
 * A fresh database cloned from the migrated template: each test file gets its own. `db` and `url`
 * are the owner's (the tests' own SQL: fixtures, tampering, triggers off); `appUrl` is the
 * application role's, as the server connects.
 */
export async function createTestDb(): Promise<{ db: Db; url: string; appUrl: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, 5);
  return {
    db,
    url,
    appUrl: urlAs(url, APP_ROLE, TEST_APP_PASSWORD),
    drop: async () => {
      await closeDb(db);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
