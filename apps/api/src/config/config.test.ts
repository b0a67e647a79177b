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

  // What a production start needs beside NODE_ENV: its key, its database and its public address.
  const production = {
    NODE_ENV: 'production',
    SECRETS_KEY: TEST_SECRETS_KEY,
    DATABASE_URL: 'postgres://vaultdesk@db.internal:5432/vaultdesk',
    APP_URL: 'https://vaultdesk.example.com',
  };

  it('requires SECRETS_KEY in production and seeds no demo data there by default', () => {
    expect(() => loadConfig({ ...production, SECRETS_KEY: '' })).toThrow(/SECRETS_KEY is required in production/);
    const config = loadConfig(production);
    expect(config.seedDemo).toBe(false);
    expect(config.secretsKey).toHaveLength(32);
  });

  // Issue 31, finding 7: production started without DATABASE_URL (an embedded postgres:postgres),
  // without APP_URL (links to localhost), and SEED_DEMO=true was a stack trace.
  it('refuses a production start without DATABASE_URL, unless the embedded database is asked for', () => {
    expect(() => loadConfig({ ...production, DATABASE_URL: '' })).toThrow(
      /^Invalid configuration: DATABASE_URL is required in production \(set EMBEDDED_DATABASE=true to run the embedded PostgreSQL in DATA_DIR on purpose\)$/,
    );
    const embedded = loadConfig({ ...production, DATABASE_URL: '', EMBEDDED_DATABASE: 'true' });
    expect(embedded.databaseUrl).toBeUndefined();
    // Both at once name two databases, in any environment.
    expect(() => loadConfig({ ...production, EMBEDDED_DATABASE: 'true' })).toThrow(
      /EMBEDDED_DATABASE=true and DATABASE_URL name two databases: set one of them/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY, EMBEDDED_DATABASE: 'false' })).toThrow(
      /EMBEDDED_DATABASE=false needs DATABASE_URL/,
    );
    // Outside production the embedded database stays the default.
    expect(loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY }).databaseUrl).toBeUndefined();
  });

  it('refuses a production start without APP_URL, and with SEED_DEMO=true', () => {
    expect(() => loadConfig({ ...production, APP_URL: '' })).toThrow(
      /^Invalid configuration: APP_URL is required in production \(the public address of e-mailed links and of the security headers\)$/,
    );
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(
      /^Invalid configuration: SEED_DEMO=true is refused in production \(demo accounts have published passwords\): unset it$/,
    );
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    // Every refusal at once, in one line.
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toContain('\n');
    expect(message.split('; ').map((p) => p.replace(/^Invalid configuration: /, '').split(' ')[0])).toEqual([
      'SECRETS_KEY',
      'DATABASE_URL',
      'APP_URL',
      'SEED_DEMO=true',
    ]);
    // Outside production none of them is needed.
    expect(loadConfig({ NODE_ENV: 'development', SECRETS_KEY: TEST_SECRETS_KEY }).appUrl).toBe('http://localhost:8080');
  });

  // Issue 31, finding 10: TRUST_PROXY=true believed X-Forwarded-For from any caller and could not name the proxy.
  it('reads TRUST_PROXY as the proxies: addresses, ranges and names; true is refused', () => {
    const base = { NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY };
    expect(loadConfig(base).trustProxy).toEqual([]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ ...base, TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    for (const value of ['true', '1'])
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
        `Invalid configuration: TRUST_PROXY=${value} would believe X-Forwarded-For from any caller: name the proxies' addresses or ranges instead (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16, or loopback)`,
      );
    for (const value of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '10.0.0/8', '::1/129', '10.0.0.1/8/8'])
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY: not an address, a CIDR range or one of loopback, linklocal, uniquelocal: ".*" \(a comma-separated list of the proxies\)$/,
      );
  });

  it('refuses to create demo staff in production, even when asked', async () => {
    const { db, drop } = await createTestDb();
    try {
      await db.$client.query('DELETE FROM staff');
      // The configuration refuses SEED_DEMO=true in production; the seeding refuses again on its own.
      const config = { ...loadConfig(production), seedDemo: true };
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
