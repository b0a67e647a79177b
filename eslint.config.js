import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const at = (...parts) => path.join(root, ...parts);
const dirs = (...parts) =>
  readdirSync(at(...parts), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const web = 'apps/web/src';
const api = 'apps/api/src';
const modules = 'apps/api/src/modules';

/**
 * A module's public face, all another module may import: its service (`<b>/<b>.service.ts`, factories
 * and the types they take) and its export queries (`<b>/<b>.exports.ts`, registered with exports).
 * Routes, helpers and everything else in a module are its own. See docs/decisions/architecture-and-layout.md.
 */
const modulePublic = [at(modules, '*', '*.service.ts'), at(modules, '*', '*.exports.ts')];
/** Reach-ins that stand for now, each with its reason (docs/decisions/architecture-and-layout.md) and the slice that removes it. */
const moduleExceptions = /** @type {string[]} */ ([]);

const layoutZones = [
  // Web: a feature imports no other feature; what two share lives in components/, api/ or app/.
  ...dirs(web, 'features').map((feature) => ({
    target: at(web, 'features', feature, '**'),
    from: at(web, 'features', '*', '**'),
    except: [at(web, 'features', feature, '**')],
    message: 'A feature imports no other feature: move what they share to components/, api/ or app/.',
  })),
  // Web: the shared pieces and the features know nothing of the app shell that composes them.
  {
    target: [at(web, 'components'), at(web, 'api'), at(web, 'features')],
    from: [at(web, 'app')],
    message: 'Only the app shell (app/) composes; shared pieces and features do not import it.',
  },
  {
    target: [at(web, 'components'), at(web, 'api')],
    from: [at(web, 'features')],
    message: 'Shared pieces (components/, api/) import no feature.',
  },
  // API: a module imports another module's public face only.
  ...dirs(modules).map((module) => ({
    target: at(modules, module, '**'),
    from: at(modules, '*', '**'),
    except: [at(modules, module, '**'), ...modulePublic, ...moduleExceptions],
    message: "A module imports only another module's service (<b>.service.ts) or export queries (<b>.exports.ts).",
  })),
  // API: the approvals module holds only the policy, the requests and the gate: each area declares its
  // guarded actions in its own <area>.approvals.ts (listed in src/approval-registry.ts), so approvals
  // imports no other module, not even a service.
  ...['approvals'].map((module) => ({
    target: at(modules, module, '**', '!(*.test).ts'),
    from: at(modules, '*', '**'),
    except: [at(modules, module, '**')],
    message: `The ${module} module imports no other module: an area's guarded actions live in its <area>.approvals.ts.`,
  })),
  // API: start-up and demo code call the modules' services; a module's own code imports neither
  // (its tests may use the demo pictures and seeds as fixtures).
  {
    target: at(modules, '**', '!(*.test).ts'),
    from: [at(api, 'boot'), at(api, 'demo')],
    message: "A module imports no start-up (boot/) or demo (demo/) code: those call the modules' services.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/migrations/**',
      'test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      'no-console': 'off',
    },
  },
  {
    // test/lint-fixtures is ignored above; test/lint-rules.test.ts lints it with ignore: false.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'test/lint-fixtures/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layoutZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No function a reader must scroll: a page is split per panel, its logic into hooks (use-*.ts).
    // See docs/decisions/web-app.md, "Functions a reader need not scroll".
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/**/*.test.{ts,tsx}`],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    // A focused test (`it.only`, `test.describe.only`, ...) would silently skip the rest of its file:
    // refused here, and by the runners themselves (vitest.config.ts allowOnly, playwright.config.ts forbidOnly).
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'only',
          message: 'No focused test (.only): it skips every other test of the file. Run one test with -t instead.',
        },
      ],
    },
  },
  {
    // Query keys come from one place per feature (`features/<f>/query-keys.ts`) or, when shared,
    // `api/query-keys.ts`: an invalidation then names the same key as the query it refreshes.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/**/query-keys.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression.value",
          message:
            "Write no literal query key: take it from the feature's query-keys.ts (or api/query-keys.ts when shared).",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(setQueryData|getQueryData|setQueriesData|getQueriesData)$/] > ArrayExpression.arguments:first-child',
          message:
            "Write no literal query key: take it from the feature's query-keys.ts (or api/query-keys.ts when shared).",
        },
      ],
    },
  },
);
