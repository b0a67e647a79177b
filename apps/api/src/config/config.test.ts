import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/test-db';
import { TEST_SECRETS_KEY } from '../../../../test/test-env';
import { seedDemoStaff } from '../demo/demo-staff';
import { defaultPoolSize, loadConfig } from './config';

describe('configuration', () => {
  it('is read once and refuses bad values, naming each one', () => {
    expect(() => loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(/NODE_ENV: .*PORT: /);
    expect(() => loadConfig({ NODE_ENV: 'test', SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY must be 32 bytes/);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY, DATABASE_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(8080);
  });

  it('sizes the PostgreSQL pool from the cores unless PG_POOL_SIZE says otherwise', () => {
    const base = { NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY };
    expect(defaultPoolSize(2)).toBe(5);
    expect(loadConfig(base).pgPoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ ...base, PG_POOL_SIZE: '12' }).pgPoolSize).toBe(12);
    expect(() => loadConfig({ ...base, PG_POOL_SIZE: '0' })).toThrow(/PG_POOL_SIZE/);
    expect(() => loadConfig({ ...base, PG_POOL_SIZE: 'many' })).toThrow(/PG_POOL_SIZE/);
  });

  it('reads the metrics token (none by default) and refuses a short one or one with spaces', () => {
    const base = { NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY };
    expect(loadConfig(base).metrics).toEqual({ token: undefined, cacheSeconds: 5 });
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a'.repeat(16), METRICS_CACHE_SECONDS: '0' }).metrics).toEqual({
      token: 'a'.repeat(16),
      cacheSeconds: 0,
    });
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'sixteen chars or more' })).toThrow(
      /METRICS_TOKEN: must not contain spaces/,
    );
    expect(() => loadConfig({ ...base, METRICS_CACHE_SECONDS: '-1' })).toThrow(/METRICS_CACHE_SECONDS/);
  });

  it('requires SECRETS_KEY in production and seeds no demo data there by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY is required in production/);
    const config = loadConfig({ NODE_ENV: 'production', SECRETS_KEY: TEST_SECRETS_KEY });
    expect(config.seedDemo).toBe(false);
    expect(config.secretsKey).toHaveLength(32);
  });

  it('refuses to create demo staff in production, even when asked', async () => {
    const { db, drop } = await createTestDb();
    try {
      await db.$client.query('DELETE FROM staff');
      const config = loadConfig({ NODE_ENV: 'production', SECRETS_KEY: TEST_SECRETS_KEY, SEED_DEMO: 'true' });
      await expect(seedDemoStaff(db, config)).rejects.toThrow(/never created in production/);
      expect((await db.$client.query('SELECT count(*)::int AS n FROM staff')).rows[0].n).toBe(0);
    } finally {
      await drop();
    }
  });

  it('creates the missing demo staff outside production, and leaves existing ones as they are', async () => {
    const { db, drop } = await createTestDb();
    try {
      await db.$client.query(`DELETE FROM staff WHERE email = 'support@vaultdesk.test'`);
      const before = (await db.$client.query(`SELECT email, password_hash FROM staff ORDER BY email`)).rows;
      await seedDemoStaff(db, loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY }));
      const after = (await db.$client.query(`SELECT email, password_hash FROM staff ORDER BY email`)).rows;
      expect(after.map((r) => r.email)).toEqual([...before.map((r) => r.email), 'support@vaultdesk.test'].sort());
      for (const row of before) expect(after.find((r) => r.email === row.email)!.password_hash).toBe(row.password_hash);
    } finally {
      await drop();
    }
  });
});
