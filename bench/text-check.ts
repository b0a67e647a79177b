/**
 * The readable-text check (packages/contract/src/text.ts) on a large body: a 175,000-character
 * newsletter body (limit 200,000) with emoji, joiners and tabs is accepted, and the same body with one bidi
 * override refused, each within a second (its patterns must not backtrack on long input).
 * Moved here from the contract's unit test, which checks only the answers (a timed assertion
 * there failed on a busy machine and proved nothing on a quiet one).
 *
 *   npx tsx bench/text-check.ts [--rounds 20] [--out bench/results/<date>-text-check.md]
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { readableText } from '../packages/contract/src/text';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    out: { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const TARGET_MS = 1000;

const big = readableText('Content', { max: 200_000, lines: 'several' });
const html = '<p>Hello \u{1F469}\u200D\u{1F4BB}\tworld</p>\n'.repeat(7000);
const refused = `${html}\u202E`;

const load = os.loadavg().map((n) => n.toFixed(2));
const times: number[] = [];
for (let i = 0; i < rounds; i++) {
  const started = performance.now();
  if (!big.safeParse(html).success) throw new Error('the body was refused');
  if (big.safeParse(refused).success) throw new Error('the body with a bidi override was accepted');
  times.push(performance.now() - started);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
const max = sorted[sorted.length - 1]!;
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Readable-text check, ${html.length.toLocaleString('en')} characters accepted and refused: ${date}`,
  '',
  `Run ${new Date().toISOString()} with \`bench/text-check.ts\`; ${rounds} rounds (one accepted and one refused parse each), the first one included (cold).`,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; load average at the start ${load.join(', ')}.`,
  '',
  `**Median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms** against the target of ${TARGET_MS} ms: **${max < TARGET_MS ? 'PASS' : 'FAIL'}**.`,
  '',
];
const outFile = args.out ?? `bench/results/${date}-text-check.md`;
writeFileSync(outFile, lines.join('\n'));
process.stdout.write(`${lines.join('\n')}\nwritten to ${outFile}\n`);
