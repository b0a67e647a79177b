import { defineConfig } from 'vitest/config';

/**
 * Pure unit tests (no database, no server, no process): the web app's logic and the contract's
 * schemas. They run in one project without isolation, so a worker imports React, Ant Design and
 * zod once for all of them instead of once per file (measured: half the CPU time and wall time of
 * these 29 files; docs/decisions/testing.md). Each restores what it changes (TZ, stubbed fetch).
 */
const UNIT = ['apps/web/src/**/*.test.{ts,tsx}', 'packages/contract/src/**/*.test.ts'];

export default defineConfig({
  test: {
    // A stray `it.only` fails the run instead of skipping the rest of its file (eslint refuses it too).
    allowOnly: false,
    pool: 'forks',
    maxWorkers: 2,
    // A test may wait up to 30 s for an authenticator code its account has not used yet
    // (apps/api/test/helpers.ts freshCode: three codes per 30-second window and account), then
    // sign in: 30 s was the wait alone, and a sign-in test that met a full window timed out.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            'apps/api/src/**/*.test.ts',
            'apps/worker/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'test/*.test.ts',
          ],
          exclude: ['**/node_modules/**', ...UNIT],
          // One PostgreSQL for the run and a migrated template (test/global-setup.ts).
          globalSetup: ['test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
    ],
  },
});
