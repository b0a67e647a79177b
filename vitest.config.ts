import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/api/src/**/*.test.ts',
      'apps/worker/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'packages/*/src/**/*.test.ts',
      'test/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    // A stray `it.only` fails the run instead of skipping the rest of its file (eslint refuses it too).
    allowOnly: false,
    pool: 'forks',
    maxWorkers: 2,
    // A test may wait up to 30 s for an authenticator code its account has not used yet
    // (apps/api/test/helpers.ts freshCode: three codes per 30-second window and account), then
    // sign in: 30 s was the wait alone, and a sign-in test that met a full window timed out.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
