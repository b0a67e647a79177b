// Prints one closing line over both runners: "tests: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));
const passed = v.numPassedTests + (p.stats?.expected ?? 0);
const failed = v.numFailedTests + (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
const skipped = v.numPendingTests + v.numTodoTests + (p.stats?.skipped ?? 0);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
