/**
 * CPU of the demo generator's chunk building, alone (no PostgreSQL): builds the chunks of N users
 * in one thread, as a chunk worker does, and prints the time.
 *   npx tsx bench/chunk-cpu.ts [--users 20000] [--total 100000] [--seed S] [--now ISO] [--root <checkout>]
 * (--root: another checkout's generator, e.g. the commit before a change, for a side-by-side run)
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import type * as Chunk from '../packages/db/src/demo/chunk';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '20000' },
    total: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '20211001' },
    root: { type: 'string', default: new URL('..', import.meta.url).pathname },
    now: { type: 'string', default: '2026-11-25T12:00:00Z' },
  },
});
const { CHUNK, createChunkMaker } = (await import(
  `${values.root!.replace(/\/$/, '')}/packages/db/src/demo/chunk.ts`
)) as typeof Chunk;
const users = Number(values.users);
const make = createChunkMaker(Number(values.seed), Number(values.total), Date.parse(values.now!), null);
const noPace = () => undefined;
const t0 = performance.now();
const c0 = process.cpuUsage();
let bytes = 0;
// A digest of every COPY's data: the same rows make the same digest (a change that must not change them).
const digest = createHash('sha256');
for (let c = 0; c < Math.ceil(users / CHUNK); c++) {
  const r = await make(c, 'direct', noPace);
  for (const s of r.statements) {
    bytes += s.data.length;
    digest.update(s.text).update(s.data);
  }
}
const s = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(c0);
process.stdout.write(
  `${users} users: ${s.toFixed(2)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB, sha256 ${digest.digest('hex').slice(0, 16)}\n`,
);
