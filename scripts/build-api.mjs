// Compiles the API server and the worker to JavaScript (issue 21, finding 7): one ES module each,
// apps/api/dist/main.js and apps/api/dist/worker-main.js, run with plain `node` in production.
//
// - The @vaultdesk/* workspace packages (TypeScript sources) are bundled in; every other package
//   stays external and is loaded from node_modules at run time, as under tsx.
// - The output sits in apps/api/ so a package resolves from it as it does from apps/api/src (apps/api
//   has its own node_modules: pngjs 7 there, 5 at the root). The build checks this for every
//   external import and fails when the bundle would load another copy than the source does.
// - A file found next to a source file (migrations, the web build, the chain package's Hardhat
//   config) is still found there: `import.meta.url` in a bundled source file becomes that source
//   file's URL, computed relative to the bundle, so the checkout can move as a whole.
//
// Usage: node scripts/build-api.mjs [--outdir <dir>]   (default apps/api/dist)
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--outdir');
const outdir = path.resolve(
  outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : path.join(root, 'apps/api/dist'),
);

const builtins = new Set(builtinModules);
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
/** The folder node would load `name` from, looking up from `dir` (null: not found). */
const installedFrom = (name, dir) => {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(d) === d) return null;
  }
};

const mismatches = [];
const vaultdeskPlugin = {
  name: 'vaultdesk',
  setup(b) {
    // Bare imports: the workspace packages are bundled, the rest is external (checked above).
    b.onResolve({ filter: /^[^./]/ }, (a) => {
      if (a.path.startsWith('@vaultdesk/')) return undefined;
      if (a.path.startsWith('node:') || builtins.has(a.path)) return { path: a.path, external: true };
      const name = packageName(a.path);
      const fromSource = installedFrom(name, a.resolveDir);
      const fromBundle = installedFrom(name, outdir);
      if (fromSource !== fromBundle)
        mismatches.push(
          `${a.path} (imported by ${path.relative(root, a.importer)}): ${fromSource ?? 'not installed'} from the source, ${fromBundle ?? 'not installed'} from ${path.relative(root, outdir)}`,
        );
      return { path: a.path, external: true };
    });
    // Paths relative to a source file stay relative to that source file.
    b.onLoad({ filter: /\.ts$/ }, (a) => {
      if (a.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(a.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(source)) {
        return {
          errors: [
            {
              text: `${path.relative(root, a.path)}: use fileURLToPath(import.meta.url) (the build rewrites only import.meta.url)`,
            },
          ],
        };
      }
      if (!source.includes('import.meta.url')) return undefined;
      const rel = path.relative(outdir, a.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints: {
    main: path.join(root, 'apps/api/src/main.ts'),
    'worker-main': path.join(root, 'apps/api/src/worker-main.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // No code splitting: a shared chunk would sit in a subfolder, and the rewritten import.meta.url
  // above is relative to the output folder itself.
  sourcemap: 'linked',
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
  metafile: true,
  plugins: [vaultdeskPlugin],
});
if (mismatches.length > 0) {
  console.error(
    `build: these packages would load another copy from the bundle than from the source:\n  ${[...new Set(mismatches)].join('\n  ')}`,
  );
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `build: ${path.relative(root, outdir) || '.'}/main.js and worker-main.js (${(bytes / 1024).toFixed(0)} kB with source maps) in ${Date.now() - started} ms`,
);
