// Prints one closing line over both runners: "tests: N passed, N failed, N skipped", preceded by
// the name and first error line of every failed test, so the tail of a CI log says what failed.
// The exit code comes from here: Vitest's own exit code is not trusted (embedded PostgreSQL's exit
// hook in the global teardown can turn a failed run's exit into 0).
import { readFileSync } from 'node:fs';

// Usage: node scripts/test-summary.mjs vitest.json playwright-1.json [playwright-2.json ...]
// (one Playwright report per end-to-end shard; a missing one counts as a failure).
const [vitestFile, ...playwrightFiles] = process.argv.slice(2);
const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
const missing = [];
const reports = playwrightFiles.flatMap((file) => {
  try {
    return [JSON.parse(readFileSync(file, 'utf8'))];
  } catch {
    missing.push(file);
    return [];
  }
});
const sum = (key) => reports.reduce((total, r) => total + (r.stats?.[key] ?? 0), 0);

// The runners colour their messages: ESC [ ... m sequences, dropped from the summary.
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOUR, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0) ?? '';

const failures = [];
for (const file of v.testResults ?? []) {
  const name = file.name?.replace(`${process.cwd()}/`, '') ?? '?';
  const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
  for (const t of failedTests) failures.push(`vitest ${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  if (file.status === 'failed' && failedTests.length === 0) failures.push(`vitest ${name}: ${firstLine(file.message)}`);
}
const walk = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const results = (spec.tests ?? []).flatMap((t) => t.results ?? []);
    const error = results.map((r) => r.error?.message ?? r.errors?.[0]?.message).find(Boolean);
    failures.push(`playwright ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
  }
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
};
for (const p of reports) {
  for (const suite of p.suites ?? []) walk(suite, []);
  for (const error of p.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
}
for (const file of missing) failures.push(`playwright: no report at ${file} (the shard did not finish)`);

const passed = v.numPassedTests + sum('expected');
const failed = v.numFailedTests + sum('unexpected') + sum('flaky');
const skipped = v.numPendingTests + v.numTodoTests + sum('skipped');
if (failures.length > 0) {
  console.log('failed:');
  for (const f of failures) console.log(`  ✘ ${f.slice(0, 400)}`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failures.length > 0 || passed === 0 ? 1 : 0);
