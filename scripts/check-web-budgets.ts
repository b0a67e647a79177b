/**
 * Builds the web app with a Vite manifest and checks each route's first-load JavaScript
 * (gzipped) against apps/web/route-budgets.ts. Exits 1 when a route is over its budget or the
 * table names a module the build does not have.
 *
 *   npx tsx scripts/check-web-budgets.ts [--no-build] [--out DIR] [--json FILE]
 *
 * The build goes to .data/web-budgets (or --out), not to the dist the API serves: the manifest
 * lists source paths and has no business being public. `--no-build --out DIR` measures a build
 * made elsewhere with `vite build --manifest` (how bench/results holds the sizes before a change).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  ANTD_PROVIDERS,
  DEFAULT_BUDGET_KB,
  ROUTE_BUDGETS,
  SIGNED_IN_SHELL,
  type RouteBudget,
} from '../apps/web/route-budgets';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type RouteSize = { route: string; budgetKb: number; gzipKb: number; rawKb: number; files: number; ok: boolean };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const args = process.argv.slice(2);
const outDir = args.includes('--out')
  ? path.resolve(args[args.indexOf('--out') + 1]!)
  : path.join(root, '.data/web-budgets');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;

if (!args.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');

const fileSizes = new Map<string, { raw: number; gzip: number }>();
const sizeOf = (file: string) => {
  let size = fileSizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(outDir, file));
    // Level 9 is what a server precompressing its assets would send.
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    fileSizes.set(file, size);
  }
  return size;
};

/** The chunk of `key` and every chunk it imports statically: what the browser fetches for it. */
const staticGraph = (key: string, into = new Set<string>()) => {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticGraph(dep, into);
  return into;
};

const problems: string[] = [];
// A shared module that is not a chunk of its own is bundled into the entry, which is counted anyway.
const antdKeys = ANTD_PROVIDERS.filter((key) => manifest[key]);
const shellKeys = SIGNED_IN_SHELL.filter((key) => manifest[key]);

const measure = ({
  route,
  pages,
  inShell = true,
  withoutAntd = false,
  budgetKb = DEFAULT_BUDGET_KB,
}: RouteBudget): RouteSize => {
  const files = staticGraph(entryKey);
  for (const key of [...(withoutAntd ? [] : antdKeys), ...(inShell ? shellKeys : []), ...pages]) {
    if (!manifest[key]) problems.push(`${route}: the build has no chunk for ${key} (renamed, or no longer lazy?)`);
    staticGraph(key, files);
  }
  const js = [...files].filter((file) => file.endsWith('.js'));
  const gzip = js.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  const raw = js.reduce((sum, file) => sum + sizeOf(file).raw, 0);
  const gzipKb = Math.round((gzip / 1024) * 10) / 10;
  return {
    route,
    budgetKb,
    gzipKb,
    rawKb: Math.round((raw / 1024) * 10) / 10,
    files: js.length,
    ok: gzipKb <= budgetKb,
  };
};

const named = new Set([...ROUTE_BUDGETS.flatMap((r) => r.pages), ...ANTD_PROVIDERS, ...SIGNED_IN_SHELL]);
// Lazy pages nobody listed yet still get the default budget, measured inside the shell.
const unlisted: RouteBudget[] = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.endsWith('-page.tsx') && !named.has(key))
  .map(([key]) => ({ route: `(unlisted) ${key}`, pages: [key] }));

const results = [...ROUTE_BUDGETS, ...unlisted].map(measure);

const pad = (text: string, width: number) => text.padEnd(width);
const width = Math.max(...results.map((r) => r.route.length)) + 2;
console.log(
  `\n${pad('route', width)}${'gzip KB'.padStart(9)}${'budget'.padStart(8)}${'raw KB'.padStart(9)}${'files'.padStart(7)}`,
);
for (const r of results) {
  console.log(
    `${pad(r.route, width)}${r.gzipKb.toFixed(1).padStart(9)}${String(r.budgetKb).padStart(8)}${r.rawKb.toFixed(1).padStart(9)}${String(r.files).padStart(7)}${r.ok ? '' : '  OVER BUDGET'}`,
  );
}

if (jsonOut) {
  mkdirSync(path.dirname(path.resolve(jsonOut)), { recursive: true });
  writeFileSync(path.resolve(jsonOut), `${JSON.stringify(results, null, 2)}\n`);
}

for (const r of results.filter((x) => !x.ok))
  problems.push(`${r.route}: ${r.gzipKb} KB gzipped is over its ${r.budgetKb} KB budget`);
const unlistedOver = unlisted.filter((u) => results.some((r) => r.route === u.route && !r.ok));
if (unlistedOver.length > 0) {
  console.error(
    `\nPages without a line in apps/web/route-budgets.ts are over the default: make them lighter, or record the excess there:\n${unlistedOver
      .map((u) => {
        const size = results.find((r) => r.route === u.route)!.gzipKb;
        return `  { route: '/<its path>', budgetKb: ${Math.ceil((size + 10) / 5) * 5}, pages: ['${u.pages[0]}'] }, // known excess: ${size} KB, why`;
      })
      .join('\n')}`,
  );
}
if (problems.length > 0) {
  console.error(`\nWeb budgets failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nAll ${results.length} routes are within their first-load budgets.`);
