import { createChainClient, LOCAL_CHAIN_ID } from '@vaultdesk/chain';
import type { Db } from '@vaultdesk/db';
import { creditConfirmed } from './credit-deposits';
import { ensureCursor, findFork, pruneBlocks, recordError, scanRange, undoFrom } from './scan-blocks';
import type { ChainWatchDeps } from './watch-settings';

/*
 * The chain watcher's public face (docs/decisions/chain-watcher.md): one pass (scan to the head,
 * undo what a reorganisation replaced, credit what has its confirmations) and the loop that runs
 * passes in the worker. Tables: chain_watch_cursors, chain_watch_blocks, chain_deposits,
 * outbox_events (packages/db/src/schema/chain-watch.ts).
 */
export { chainWatchSettings, type ChainWatchDeps, type ChainWatchSettings, type WatchLog } from './watch-settings';

/** What one pass did. `skipped`: another watcher holds the chain's lock (it does the pass). */
export type PassResult = {
  skipped: boolean;
  head: number | null;
  /** The cursor after the pass: the last block read and recorded. */
  lastBlock: number | null;
  seen: number;
  ignored: number;
  credited: number;
  dropped: number;
  /** The fork point of a reorganisation met in this pass, or null. */
  reorgFrom: number | null;
};

/**
 * One watcher per chain at a time, whichever process: a session advisory lock on a connection
 * of its own, given up at the end of the pass (and by PostgreSQL when the process dies). A second
 * watcher finds it taken and skips its pass; credits are guarded by their claims all the same.
 */
async function withChainLock<T>(db: Db, chainId: number, work: () => Promise<T>): Promise<T | null> {
  const conn = await db.$client.connect();
  let broken = false;
  try {
    const {
      rows: [got],
    } = await conn.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [
      `chain-watch:${chainId}`,
    ]);
    if (!got?.ok) return null;
    try {
      return await work();
    } finally {
      await conn.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`chain-watch:${chainId}`]).catch(() => {
        broken = true;
      });
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: closed rather than pooled.
    conn.release(broken);
  }
}

/**
 * One pass of the watcher: reads the head, undoes a reorganisation found under the recorded
 * blocks, scans from the cursor to the head in ranges of `blockRange` blocks, then credits what
 * has its confirmations. An error is written on the cursor row (last_error) and thrown.
 */
export async function processChainOnce(deps: ChainWatchDeps): Promise<PassResult> {
  const { db, settings: s, log } = deps;
  const client = deps.client ?? createChainClient(s.rpcUrls);
  const result: PassResult = {
    skipped: false,
    head: null,
    lastBlock: null,
    seen: 0,
    ignored: 0,
    credited: 0,
    dropped: 0,
    reorgFrom: null,
  };
  const pass = async () => {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    result.head = head;
    let { lastBlock } = await ensureCursor(db, s, head);
    const undo = async (fork: number, why: string) => {
      const out = await undoFrom(db, s, fork);
      result.reorgFrom = fork;
      result.dropped += out.dropped;
      log(
        `[chain-watcher] chain ${s.chainId}: ${why} from block ${fork}: ${out.dropped} transfers not credited dropped`,
        undefined,
        {
          level: 'warn',
        },
      );
      if (out.creditedInReplaced.length && s.chainId !== LOCAL_CHAIN_ID) {
        const alert = `reorganisation from block ${fork}, deeper than the ${s.confirmations} confirmations: ${out.creditedInReplaced.length} credited deposits were in replaced blocks (${out.creditedInReplaced.map((c) => `deposit ${c.id}, ${c.txHash} log ${c.logIndex}`).join('; ')}); nothing was debited: check them against the chain`;
        log(`[chain-watcher] chain ${s.chainId}: ${alert}`, new Error(alert));
        await recordError(db, s.chainId, alert);
      }
      lastBlock = Math.min(lastBlock, fork - 1);
    };
    const fork = await findFork(db, client, s);
    if (fork.behind) return;
    if (fork.fork !== null)
      await undo(
        fork.fork,
        fork.reset ? 'the local chain was restarted (its blocks are new): rescanning' : 'reorganisation',
      );
    if (lastBlock > head && s.chainId === LOCAL_CHAIN_ID)
      await undo(s.startBlock ?? 0, 'the local chain is behind the cursor (restarted)');
    while (lastBlock < head) {
      const from = lastBlock + 1;
      const to = Math.min(from + s.blockRange - 1, head);
      const got = await scanRange(db, client, s, { from, to, head });
      result.seen += got.seen;
      result.ignored += got.ignored;
      lastBlock = to;
    }
    result.lastBlock = lastBlock;
    const credits = await creditConfirmed(db, client, s, head);
    result.credited += credits.credited;
    result.ignored += credits.ignored;
    if (credits.replacedFrom !== null) {
      await undo(credits.replacedFrom, 'a credited-to-be block was replaced: reorganisation');
      result.lastBlock = lastBlock;
    }
    await pruneBlocks(db, s, lastBlock);
    if (result.seen || result.credited || result.dropped || result.ignored)
      log(
        `[chain-watcher] chain ${s.chainId}: head ${head}, block ${lastBlock} read; ${result.seen} seen, ${result.credited} credited, ${result.ignored} ignored, ${result.dropped} dropped`,
      );
  };
  try {
    const done = await withChainLock(db, s.chainId, async () => {
      await pass();
      return true;
    });
    if (!done) result.skipped = true;
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await recordError(db, s.chainId, message).catch(() => undefined);
    throw err;
  }
}

export type ChainWatcher = {
  /** Ends the loop after the pass under way (if any). */
  stop: () => Promise<void>;
  /** Passes finished (with or without an error). */
  passes: () => number;
};

/**
 * The watcher's loop: a pass, then `pollMs` of rest, until stopped (pg-boss schedules are a
 * minute apart at best, too slow for a deposit). A pass's error is logged and recorded on the
 * cursor row; the next pass tries again.
 */
export function runChainWatcher(deps: ChainWatchDeps): ChainWatcher {
  const { settings: s, log } = deps;
  const client = deps.client ?? createChainClient(s.rpcUrls);
  let stopped = false;
  let passes = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = processChainOnce({ ...deps, client })
      .then(
        () => undefined,
        (err: unknown) => log(`[chain-watcher] chain ${s.chainId}: the pass failed: ${(err as Error).message}`, err),
      )
      .finally(() => {
        passes++;
        if (!stopped) timer = setTimeout(tick, s.pollMs);
      });
  };
  log(
    `[chain-watcher] watching chain ${s.chainId} (BUSD ${s.tokens.BUSD}, VLT ${s.tokens.VLT}): ${s.confirmations} confirmations, ${s.blockRange} blocks a range, a pass every ${s.pollMs} ms`,
  );
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
    passes: () => passes,
  };
}
