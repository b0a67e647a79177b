/** Fixed settings of the test runs (not secrets: they only protect throw-away databases). */
export const TEST_SECRETS_KEY = 'a9ae5e2915dd5b464a947d07c56bbfe7795507b7730278c4b56c6e4625409231';
export const TEMPLATE_DB = 'vaultdesk_template';
/** The application role's password in the tests' cluster (the role is APP_ROLE, made by the global setup). */
export const TEST_APP_PASSWORD = 'vaultdesk-app-test';

export const testEnv = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  SECRETS_KEY: TEST_SECRETS_KEY,
  DATA_DIR: '.data/test',
  APP_URL: 'http://localhost:8080',
  LOG_LEVEL: 'silent',
  // A worker run alone takes any free port for its health and metrics (several per test, and test files at once).
  WORKER_PORT: '0',
  ...extra,
});

export const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};
