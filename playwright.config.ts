import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PG_PORT, E2E_PORT } from './e2e/fixtures/ports';

const PORT = E2E_PORT;
const baseURL = `http://127.0.0.1:${PORT}`;
/** Several runs side by side (one per working copy) each need their own port and data folder. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
/** And their own build of the web app, so one run's build does not empty another's while it serves. */
const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR ? path.resolve(process.env.E2E_WEB_DIST_DIR) : undefined;

export default defineConfig({
  testDir: 'e2e',
  // Each side-by-side run keeps its own traces and screenshots: a run empties its folder when it starts.
  outputDir: process.env.E2E_DATA_DIR ? `${DATA_DIR}-results` : 'test-results',
  testMatch: '**/*.spec.ts',
  // Specs share one server and one database, and sign-in failures count per address: run in order.
  workers: 1,
  // A stray `test.only` fails the run instead of skipping every other spec (eslint refuses it too).
  forbidOnly: true,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    headless: true,
    // Known coordinates, so the audit trail shows where an action came from.
    geolocation: { latitude: 6.5244, longitude: 3.3792 },
    permissions: ['geolocation'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; E2E_CHROMIUM points at another build where that package is missing.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // The agent selfie: a fake camera (a test pattern) that needs no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    // A fresh database per run: TOTP steps and sign-in failures from earlier runs must not leak in.
    // E2E_WEB_PREBUILT: scripts/test.sh has already built the web app into E2E_WEB_DIST_DIR (once for every shard).
    command: `${process.env.E2E_WEB_PREBUILT ? '' : 'npm run build:web && '}rm -rf ${DATA_DIR} ${DATA_DIR}-totp.json ${DATA_DIR}-sessions.json && npx tsx apps/api/src/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      // The embedded database's port follows the server's (e2e/fixtures/ports.ts).
      PG_PORT: String(E2E_PG_PORT),
      DEMO_USERS: '300',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The local chain (8545 + PORT - 8080) with the contracts, for the queue batches and the dashboard's balances.
      CHAIN: 'true',
      // A still chain, as before blocks came on a timer: blocks only on transactions, so the specs' chain is deterministic.
      LOCAL_CHAIN_BLOCK_SECONDS: '0',
      BATCH_SHARE_WAIT_SECONDS: '2',
      // The dashboard's totals are reused for a while in production (stale while refreshing); the
      // tests compare them with the database of the moment, so they are computed on every call here.
      DASHBOARD_CACHE_SECONDS: '0',
      ...(WEB_DIST_DIR ? { WEB_DIST_DIR } : {}),
    },
  },
});
