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
// - The console commands (`consoleCommands` below) are built beside them, one ES module each.
//
// `--release` (npm run release) makes a folder that runs on a machine without the checkout or
// development packages: the bundles in <out>/apps/api/dist, the web build and the migrations at
// their usual places under <out>, and in <out>/node_modules (and apps/api/node_modules) a copy of
// exactly the installed packages the bundles load with their dependency closure (no network, no
// npm install; a package's own binaries, e.g. embedded PostgreSQL's, come with it). <out>/package.json
// runs everything with plain `node`.
//
// Usage: node scripts/build-api.mjs [--outdir <dir>]   (default apps/api/dist)
//        node scripts/build-api.mjs --release [--out <dir>] [--web-dist <dir>]
//          (default release/ and apps/web/dist: build the web app first, as `npm run release` does)
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const argValue = (name) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : undefined;
};

/** The console commands: the npm script that runs one, and its source. One line adds one. */
const consoleCommands = [
  { script: 'admin:create', source: 'apps/api/src/cli/create-admin.ts' },
  { script: 'admin:retire-demo', source: 'apps/api/src/cli/retire-demo.ts' },
  { script: 'audit:verify', source: 'apps/api/src/cli/audit-verify.ts' },
  { script: 'files:to-bucket', source: 'apps/api/src/cli/files-to-bucket.ts' },
  { script: 'db:backup', source: 'apps/api/src/cli/db-backup.ts' },
  { script: 'db:restore', source: 'apps/api/src/cli/db-restore.ts' },
];
/** Files read at run time from beside the sources, copied into a release at the same place. */
const runtimeFolders = ['packages/db/migrations', 'apps/web/dist'];
// --web-dist <dir>: the web build to ship, when it was built elsewhere than apps/web/dist.
const webDist = path.resolve(argValue('--web-dist') ?? path.join(root, 'apps/web/dist'));

const release = args.includes('--release');
const releaseDir = path.resolve(argValue('--out') ?? path.join(root, 'release'));
const outdir = release
  ? path.join(releaseDir, 'apps/api/dist')
  : path.resolve(argValue('--outdir') ?? path.join(root, 'apps/api/dist'));
// Where the bundles sit relative to the sources and node_modules: a release mirrors the checkout's
// layout, so a bundle there finds everything as apps/api/dist in the checkout would.
const layoutDir = release ? path.join(root, 'apps/api/dist') : outdir;
/** One line on stderr and exit 1: the build's own refusals are no crash. */
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const inside = (dir, parent) => {
  const rel = path.relative(parent, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};
if (release) {
  // The folder is emptied first: never the checkout or a part of it, never another folder's content.
  const mine = ['release', '.data'].some((d) => inside(releaseDir, path.join(root, d)));
  if (inside(root, releaseDir) || (inside(releaseDir, root) && !mine))
    fail(`build: --out ${releaseDir} is the checkout or a part of it: name a folder outside it (or release/)`);
  const previous = path.join(releaseDir, 'package.json');
  if (
    existsSync(releaseDir) &&
    readdirSync(releaseDir).length > 0 &&
    !(existsSync(previous) && JSON.parse(readFileSync(previous, 'utf8')).name === 'vaultdesk-release')
  )
    fail(`build: --out ${releaseDir} holds something other than a Vaultdesk release: name a new or empty folder`);
  if (!existsSync(path.join(webDist, 'index.html')))
    fail(`build: ${webDist} has no index.html: run \`npm run build:web\` first (npm run release does)`);
}

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
      const fromBundle = installedFrom(name, layoutDir);
      if (fromSource !== fromBundle)
        mismatches.push(
          `${a.path} (imported by ${path.relative(root, a.importer)}): ${fromSource ?? 'not installed'} from the source, ${fromBundle ?? 'not installed'} from ${path.relative(root, layoutDir)}`,
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
      const rel = path.relative(layoutDir, a.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

rmSync(release ? releaseDir : outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints: {
    main: path.join(root, 'apps/api/src/main.ts'),
    'worker-main': path.join(root, 'apps/api/src/worker-main.ts'),
    ...Object.fromEntries(consoleCommands.map((c) => [path.basename(c.source, '.ts'), path.join(root, c.source)])),
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
  `build: ${path.relative(root, outdir) || '.'}/main.js, worker-main.js and ${consoleCommands.length} console commands (${(bytes / 1024).toFixed(0)} kB with source maps) in ${Date.now() - started} ms`,
);
if (release) assembleRelease(result.metafile);

/** Bytes in a folder (files as stored; links not followed). */
function sizeOf(dir) {
  let sum = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) sum += statSync(path.join(e.parentPath, e.name)).size;
  return sum;
}

/**
 * The packages the bundles load, as installed in the checkout, and everything they depend on:
 * each package resolved from where node would load it (a package's own node_modules first, then
 * up), optional dependencies and required peers when installed. Answers their folders.
 */
function packageClosure(metafile) {
  const wanted = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const i of output.imports)
      if (i.external && !i.path.startsWith('node:') && !builtins.has(i.path)) wanted.add(packageName(i.path));
  const found = new Set();
  const missing = [];
  const visit = (name, fromDir, required, by) => {
    const dir = installedFrom(name, fromDir);
    if (!dir) {
      if (required) missing.push(`${name} (needed by ${by})`);
      return;
    }
    if (found.has(dir)) return;
    found.add(dir);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir, true, pkg.name);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, dir, false, pkg.name);
    // A peer marked optional is for the package's users' tooling (e.g. typescript for types): left out.
    for (const dep of Object.keys(pkg.peerDependencies ?? {}))
      if (!pkg.peerDependenciesMeta?.[dep]?.optional) visit(dep, dir, false, pkg.name);
  };
  for (const name of wanted) visit(name, layoutDir, true, 'the bundles');
  if (missing.length > 0) fail(`build: not installed: ${[...new Set(missing)].join(', ')}`);
  return [...found].sort();
}

function assembleRelease(metafile) {
  // The source maps name the sources as seen from the release's own layout, not from this checkout.
  for (const file of Object.keys(metafile.outputs).filter((f) => f.endsWith('.map'))) {
    const mapFile = path.resolve(file);
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    map.sources = map.sources.map((s) => path.relative(layoutDir, path.resolve(outdir, s)).split(path.sep).join('/'));
    writeFileSync(mapFile, JSON.stringify(map));
  }
  const packages = packageClosure(metafile);
  // Only what node runs: no TypeScript sources or declarations, no source maps (they point into
  // those sources; node does without them), no read-me files.
  const kept = (src) => !/\.(?:[cm]?ts|tsx|map)$/.test(src) && !/(?:^|\/)(?!LICEN[CS]E)[^/]*\.md$/i.test(src);
  for (const dir of packages) {
    const nested = path.join(dir, 'node_modules');
    cpSync(dir, path.join(releaseDir, path.relative(root, dir)), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => src !== nested && kept(src),
    });
  }
  for (const folder of runtimeFolders)
    cpSync(folder === 'apps/web/dist' ? webDist : path.join(root, folder), path.join(releaseDir, folder), {
      recursive: true,
    });
  const version = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8')).version;
  const node = (file) => `node --enable-source-maps apps/api/dist/${file}`;
  const manifest = {
    name: 'vaultdesk-release',
    version,
    private: true,
    type: 'module',
    engines: JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines,
    scripts: {
      start: node('main.js'),
      worker: node('worker-main.js'),
      ...Object.fromEntries(consoleCommands.map((c) => [c.script, node(`${path.basename(c.source, '.ts')}.js`)])),
    },
  };
  mkdirSync(releaseDir, { recursive: true });
  writeFileSync(path.join(releaseDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const modules = ['node_modules', 'apps/api/node_modules']
    .map((d) => path.join(releaseDir, d))
    .filter((d) => existsSync(d))
    .reduce((sum, d) => sum + sizeOf(d), 0);
  console.log(
    `release: ${path.relative(process.cwd(), releaseDir) || '.'} (${mb(sizeOf(releaseDir))}; ${packages.length} packages, ${mb(modules)}): run it with \`npm start\`, \`npm run worker\`, ${consoleCommands.map((c) => `\`npm run ${c.script}\``).join(', ')}`,
  );
}
