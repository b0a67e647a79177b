/**
 * A worker thread of the demo generator: builds the chunks it is asked for (chunk.ts) and hands
 * back their COPY data, whose memory moves to the main thread rather than being copied. The
 * main thread writes the chunks in order over its one connection, so the rows and the ledger's
 * ids are those of a run without workers.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createChunkMaker } from './chunk';

import type { LowerMap } from './suffixes';

type Init = { seed: number; total: number; nowMs: number; mode: 'direct' | 'trigger'; lower: LowerMap | null };
const init = workerData as Init;
const make = createChunkMaker(init.seed, init.total, init.nowMs, init.lower);
const noPace = () => undefined;

parentPort!.postMessage({ ready: true });
parentPort!.on('message', (c: number) => {
  make(c, init.mode, noPace).then(
    (chunk) => {
      // Each statement's data owns its memory (CopyWriter's buffers are never pooled): copy
      // only the rare small one that shares a pool, transfer the rest.
      const statements = chunk.statements.map((s) => {
        const own = s.data.buffer.byteLength > 4096;
        return {
          text: s.text,
          binary: s.binary,
          data: own ? new Uint8Array(s.data.buffer, s.data.byteOffset, s.data.byteLength) : new Uint8Array(s.data),
        };
      });
      const transfer = [...new Set(statements.map((s) => s.data.buffer as ArrayBuffer))];
      parentPort!.postMessage({ c, statements, counts: chunk.counts }, transfer);
    },
    (e: unknown) => parentPort!.postMessage({ c, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
});
