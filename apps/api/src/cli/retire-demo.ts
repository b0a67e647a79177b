import { runMigrations } from '@vaultdesk/db';
import { loadConfig } from '../config/config';
import { openOwnerDatabase } from './owner-database';
import { retireDemoCredentials } from '../demo/demo-credentials';

/**
 * `npm run admin:retire-demo`: disables every account that still holds a published demo
 * credential (the README's password or one of its TOTP secrets), so a database first started in
 * development can serve in production. Run it from a trusted console with the production
 * environment (the same SECRETS_KEY, which the TOTP secrets are sealed with). Each account is
 * one audit row, done by the console. Running it again finds nothing and changes nothing.
 */
const fail = (message: string): never => {
  process.stderr.write(`[vaultdesk] ${message}\n`);
  return process.exit(1);
};
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return fail((err as Error).message);
  }
})();
const { db, close } = await openOwnerDatabase(config, 2);
try {
  await runMigrations(db);
  const retired = await retireDemoCredentials(db, config.secretsKey);
  if (!retired.length) console.log('[vaultdesk] No account holds a demo password or TOTP secret: nothing to do.');
  for (const r of retired)
    console.log(
      `[vaultdesk] disabled ${r.email} (held the demo ${[r.password ? 'password' : '', r.totp ? 'TOTP secret' : ''].filter(Boolean).join(' and ')}; sessions ended)`,
    );
} catch (err) {
  process.stderr.write(`[vaultdesk] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await close();
}
