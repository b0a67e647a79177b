import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layout lint fails when broken: each rule of eslint.config.js is run, through ESLint's own API
 * and the project's config, on a small piece of code that breaks it and on one that keeps it. The
 * pieces are linted as if they sat at the path given (nothing is written into the source tree);
 * the cycle, which ESLint reads from disk, is in test/lint-fixtures.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The cycle check follows every import of the tree; it has its own case below, so the others skip it.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

const rulesBroken = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return [...new Set(result!.messages.map((m) => m.ruleId))];
};

const web = 'apps/web/src';
const modules = 'apps/api/src/modules';

describe('web: a feature imports no other feature', () => {
  it('refuses a feature importing another feature', async () => {
    expect(
      await rulesBroken(
        `${web}/features/withdraw-out/scratch.ts`,
        "export { useQueueStatus } from '../queues/api/get-queue-status';\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a feature import its own files and the shared pieces', async () => {
    const code = [
      "export { useChainConfig } from '../../api/chain-config';",
      "export { Card } from '../../components/light-card';",
      "export { useWithdrawOutCounts } from './api/get-queue-status';",
    ].join('\n');
    expect(await rulesBroken(`${web}/features/withdraw-out/scratch.ts`, `${code}\n`)).toEqual([]);
  });

  it('refuses a shared piece importing a feature or the app shell', async () => {
    expect(
      await rulesBroken(
        `${web}/components/scratch.ts`,
        "export { useQueueStatus } from '../features/queues/api/get-queue-status';\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(`${web}/features/queues/scratch.ts`, "export { router } from '../../app/router';\n"),
    ).toEqual(['import-x/no-restricted-paths']);
  });
});

describe("api: a module imports only another module's service or export queries", () => {
  it("refuses another module's routes and internals", async () => {
    expect(
      await rulesBroken(`${modules}/finder/scratch.ts`, "export { notesRoutes } from '../notes/notes.routes';\n"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(`${modules}/passkeys/scratch.ts`, "export { claimAttempt } from '../auth/login-attempts';\n"),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it("lets a module import another's service and export queries, its own files, and the listed exception", async () => {
    const code = [
      "export { createNotesService } from '../notes/notes.service';",
      "export { USERS_EXPORTS } from '../users/users.exports';",
      "export { createFinderService } from './finder.service';",
      "export { createQueueLists } from '../queues/queue-lists';",
    ].join('\n');
    expect(await rulesBroken(`${modules}/finder/scratch.ts`, `${code}\n`)).toEqual([]);
  });
});

describe('api: the approvals module imports no other module', () => {
  it("refuses approvals importing another module's service", async () => {
    for (const code of [
      "export { createSettingsService } from '../settings/settings.service';",
      "export { nudgeMailWorker } from '../mail/mail.service';",
    ]) {
      expect(await rulesBroken(`${modules}/approvals/scratch.ts`, `${code}\n`), code).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it("lets an area's <area>.approvals.ts use the approvals service, and the registry list the areas", async () => {
    const area = [
      "export { over, type AreaApprovals } from '../approvals/approvals.service';",
      "export { createSettingsService } from './settings.service';",
    ].join('\n');
    expect(await rulesBroken(`${modules}/settings/settings.approvals.ts`, `${area}\n`)).toEqual([]);
    expect(
      await rulesBroken(
        'apps/api/src/approval-registry.ts',
        "export { SETTINGS_APPROVALS } from './modules/settings/settings.approvals';\n",
      ),
    ).toEqual([]);
  });
});

describe('api: a module imports no start-up or demo code', () => {
  it('refuses a module importing demo or boot code', async () => {
    expect(
      await rulesBroken(`${modules}/auth/scratch.ts`, "export { seedDemoStaff } from '../../demo/demo-staff';\n"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(`${modules}/batches/scratch.ts`, "export { bootLocalChain } from '../../boot/local-chain';\n"),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it("lets the demo code call a module's service, and a module's tests use the demo pictures", async () => {
    expect(
      await rulesBroken(
        'apps/api/src/demo/scratch.ts',
        "export { createNotesService } from '../modules/notes/notes.service';\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(`${modules}/files/scratch.test.ts`, "export { demoImage } from '../../demo/demo-image';\n"),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  it('refuses a cycle', async () => {
    const [result] = await new ESLint({ cwd: root, ignore: false }).lintFiles(['test/lint-fixtures/cycle/first.ts']);
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });
});

describe('react hooks', () => {
  it('refuses a hook called conditionally', async () => {
    const code = [
      "import { useState } from 'react';",
      'export const useMaybe = (on: boolean) => {',
      '  if (on) useState(0);',
      '};',
    ].join('\n');
    expect(await rulesBroken(`${web}/features/queues/scratch.ts`, `${code}\n`)).toEqual(['react-hooks/rules-of-hooks']);
  });

  it('refuses an effect missing a dependency', async () => {
    const code = [
      "import { useEffect } from 'react';",
      'export const useLog = (value: number) => {',
      '  useEffect(() => console.log(value), []);',
      '};',
    ].join('\n');
    expect(await rulesBroken(`${web}/features/queues/scratch.ts`, `${code}\n`)).toEqual([
      'react-hooks/exhaustive-deps',
    ]);
  });
});

describe('query keys from one place', () => {
  it('refuses a literal query key outside a query-keys.ts', async () => {
    const query = "export const options = { queryKey: ['greetings', 1], queryFn: () => 1 };\n";
    expect(await rulesBroken(`${web}/features/greetings/api/scratch.ts`, query)).toEqual(['no-restricted-syntax']);
    const invalidate = [
      "import type { QueryClient } from '@tanstack/react-query';",
      "export const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['greetings'] });",
      "export const seed = (queryClient: QueryClient) => queryClient.setQueryData(['admin', 'me'], null);",
    ].join('\n');
    expect(await rulesBroken(`${web}/components/scratch.ts`, `${invalidate}\n`)).toEqual(['no-restricted-syntax']);
  });

  it("lets a feature's query-keys.ts write its keys and the feature use them", async () => {
    expect(
      await rulesBroken(
        `${web}/features/greetings/query-keys.ts`,
        "export const keys = { all: ['greetings'] as const };\n",
      ),
    ).toEqual([]);
    const code = [
      "import { greetingsKeys } from '../query-keys';",
      'export const options = { queryKey: greetingsKeys.page(1), queryFn: () => 1 };',
    ].join('\n');
    expect(await rulesBroken(`${web}/features/greetings/api/scratch.ts`, `${code}\n`)).toEqual([]);
  });
});

describe('no focused tests', () => {
  it('refuses .only in a Vitest file, a web test and an end-to-end spec', async () => {
    const vitest = "import { it } from 'vitest';\nit.only('one', () => {});\n";
    expect(await rulesBroken(`${modules}/greetings/scratch.test.ts`, vitest)).toEqual(['no-restricted-properties']);
    expect(await rulesBroken(`${web}/features/greetings/scratch.test.tsx`, vitest)).toEqual([
      'no-restricted-properties',
    ]);
    const spec = "import { test } from '@playwright/test';\ntest.describe.only('one', () => {});\n";
    expect(await rulesBroken('e2e/scratch.spec.ts', spec)).toEqual(['no-restricted-properties']);
  });

  it('lets the same tests run unfocused', async () => {
    const vitest = "import { it } from 'vitest';\nit('one', () => {});\n";
    expect(await rulesBroken(`${modules}/greetings/scratch.test.ts`, vitest)).toEqual([]);
    const spec = "import { test } from '@playwright/test';\ntest.describe('one', () => {});\n";
    expect(await rulesBroken('e2e/scratch.spec.ts', spec)).toEqual([]);
  });
});
