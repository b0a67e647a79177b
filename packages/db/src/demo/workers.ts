import { Worker } from 'node:worker_threads';
import type { ChunkResult } from './chunk';
import type { CopyStatement } from './sql';
import type { LowerMap } from './suffixes';

type SourceOptions = {
  seed: number;
  total: number;
  nowMs: number;
  mode: 'direct' | 'trigger';
  /** The server's lower case when the chunks carry the search suffixes (suffixes.ts), else null. */
  lower: LowerMap | null;
  chunks: number;
  workers: number;
  log: (msg: string) => void;
  /** Builds chunks on the main thread (no workers, or they could not start). */
  makeLocal: () => (c: number) => Promise<ChunkResult>;
};

type Reply = {
  c: number;
  statements?: { text: string; data: Uint8Array; binary?: boolean }[];
  counts?: ChunkResult['counts'];
  error?: string;
};

/** How many chunks each worker may build ahead of the writer (memory: a chunk is ~2 MB of COPY data). */
const AHEAD = 3;

/**
 * The chunks, in order. With workers: chunk c is built by worker c mod n, each worker kept a few
 * chunks ahead of the writer, so building (JavaScript) and writing (PostgreSQL) overlap on
 * separate cores. A chunk depends only on (seed, users, now, c), so the rows are those of a run
 * on the main thread.
 */
export async function chunkSource(
  opts: SourceOptions,
): Promise<{ next(): Promise<ChunkResult>; close(): void; workers: number }> {
  const pool = opts.workers > 0 ? await startWorkers(opts) : null;
  if (!pool) {
    const make = opts.makeLocal();
    let c = 0;
    return { next: () => make(c++), close: () => {}, workers: 0 };
  }
  const { workers } = pool;
  const pending = new Map<
    number,
    { resolve: (r: ChunkResult) => void; reject: (e: unknown) => void; promise: Promise<ChunkResult> }
  >();
  let requested = 0;
  let taken = 0;
  let failure: unknown = null;
  const request = () => {
    while (requested < opts.chunks && requested < taken + AHEAD * workers.length) {
      const c = requested++;
      let resolve!: (r: ChunkResult) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<ChunkResult>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      promise.catch(() => {});
      pending.set(c, { resolve, reject, promise });
      workers[c % workers.length]!.postMessage(c);
    }
  };
  const failAll = (e: unknown) => {
    failure ??= e;
    for (const p of pending.values()) p.reject(failure);
  };
  for (const w of workers) {
    w.on('message', (m: Reply) => {
      if (typeof m.c !== 'number') return;
      const p = pending.get(m.c);
      if (!p) return;
      if (m.error !== undefined) return failAll(new Error(`demo data: worker failed on chunk ${m.c}: ${m.error}`));
      const statements: CopyStatement[] = m.statements!.map((s) => ({
        text: s.text,
        binary: s.binary,
        data: Buffer.from(s.data.buffer, s.data.byteOffset, s.data.byteLength),
      }));
      p.resolve({ statements, counts: m.counts! });
    });
    w.on('error', failAll);
    w.on('exit', (code) => {
      if (code !== 0 && taken < opts.chunks) failAll(new Error(`demo data: a worker exited with code ${code}`));
    });
  }
  request();
  return {
    next: async () => {
      if (failure) throw failure;
      const c = taken++;
      request();
      const p = pending.get(c);
      if (!p) throw new Error(`demo data: chunk ${c} was never requested`);
      try {
        return await p.promise;
      } finally {
        pending.delete(c);
      }
    },
    close: () => {
      for (const w of workers) void w.terminate();
    },
    workers: workers.length,
  };
}

/** Starts the workers and waits until each has loaded its code; null (and a log line) if any cannot. */
async function startWorkers(opts: SourceOptions): Promise<{ workers: Worker[] } | null> {
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < opts.workers; i++) {
      const w = newChunkWorker({
        seed: opts.seed,
        total: opts.total,
        nowMs: opts.nowMs,
        mode: opts.mode,
        lower: opts.lower,
      });
      workers.push(w);
    }
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            // Ready once its code has loaded and it has built its name lists (chunk-worker.ts says so).
            w.once('message', () => resolve());
            w.once('error', reject);
            w.once('exit', (code) => reject(new Error(`exited with code ${code}`)));
          }),
      ),
    );
    return { workers };
  } catch (e) {
    for (const w of workers) void w.terminate();
    opts.log(
      `demo data: building chunks on the main thread (worker threads unavailable: ${e instanceof Error ? e.message : String(e)})`,
    );
    return null;
  }
}

/**
 * Run from the TypeScript sources (tsx), a worker thread does not inherit tsx's loader: it
 * registers it first, then loads the worker module. Built to JavaScript, the worker module is
 * loaded directly.
 */
function newChunkWorker(workerData: unknown): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './chunk-worker.ts' : './chunk-worker.js', import.meta.url);
  if (!fromSources) return new Worker(entry, { workerData });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { eval: true, workerData });
}
