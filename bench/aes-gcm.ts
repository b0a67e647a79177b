/**
 * AES-GCM decryption in TypeScript (packages/contract/src/aes-gcm.ts), used where the browser has
 * no Web Crypto (a plain-http origin): a picture-sized file (200 KB) decrypted within a second.
 * Moved here from the unit test, which checks only that the bytes come back (a timed assertion
 * there failed on a busy machine and proved nothing on a quiet one).
 *
 *   npx tsx bench/aes-gcm.ts [--rounds 20] [--kb 200] [--out bench/results/<date>-aes-gcm.md]
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { aesGcmDecryptSync } from '../packages/contract/src/aes-gcm';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    kb: { type: 'string', default: '200' },
    out: { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const size = Number(args.kb) * 1000;
const TARGET_MS = 1000;

const key = randomBytes(32);
const iv = randomBytes(12);
const plain = randomBytes(size);
const cipher = createCipheriv('aes-256-gcm', key, iv);
const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);

const load = os.loadavg().map((n) => n.toFixed(2));
const times: number[] = [];
for (let i = 0; i < rounds; i++) {
  const started = performance.now();
  const out = aesGcmDecryptSync(key, iv, sealed);
  times.push(performance.now() - started);
  if (!Buffer.from(out).equals(plain)) throw new Error('decrypted bytes differ');
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
const max = sorted[sorted.length - 1]!;
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# AES-GCM in TypeScript, ${size / 1000} KB: ${date}`,
  '',
  `Run ${new Date().toISOString()} with \`bench/aes-gcm.ts\`; ${rounds} rounds, the first one included (cold).`,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; load average at the start ${load.join(', ')}.`,
  '',
  `**Median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms** against the target of ${TARGET_MS} ms: **${max < TARGET_MS ? 'PASS' : 'FAIL'}**.`,
  '',
];
const outFile = args.out ?? `bench/results/${date}-aes-gcm.md`;
writeFileSync(outFile, lines.join('\n'));
process.stdout.write(`${lines.join('\n')}\nwritten to ${outFile}\n`);
