// Prints one closing line over both runners: "tests: N passed, N failed, N skipped", preceded by
// the name and first error line of every failed test, so the tail of a CI log says what failed.
// The exit code comes from here: Vitest's own exit code is not trusted (embedded PostgreSQL's exit
// hook in the global teardown can turn a failed run's exit into 0).
import { readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));

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
for (const suite of p.suites ?? []) walk(suite, []);
for (const error of p.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);

const passed = v.numPassedTests + (p.stats?.expected ?? 0);
const failed = v.numFailedTests + (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
const skipped = v.numPendingTests + v.numTodoTests + (p.stats?.skipped ?? 0);
if (failures.length > 0) {
  console.log('failed:');
  for (const f of failures) console.log(`  ✘ ${f.slice(0, 400)}`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failures.length > 0 || passed === 0 ? 1 : 0);
