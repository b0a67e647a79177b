import { sql } from 'drizzle-orm';
import { decodeFunctionData, erc20Abi, formatUnits, getAbiItem, type Block, type Hash } from 'viem';
import { LOCAL_CHAIN_ID, TOKEN_DECIMALS, type ChainClient } from '@vaultdesk/chain';
import type { Db, Tx } from '@vaultdesk/db';
import type { ChainWatchSettings, WatchLog } from './watch-settings';

/**
 * Reading the chain into `chain_deposits`: the cursor, the blocks' hashes, the transfers of each
 * block range, and what a reorganisation undoes (docs/decisions/chain-watcher.md).
 */

const TRANSFER = getAbiItem({ abi: erc20Abi, name: 'Transfer' });

/** How far below the head blocks are read whole (hashes kept; reverted transfers looked for). */
export const recentDepth = (s: Pick<ChainWatchSettings, 'confirmations'>) => Math.max(s.confirmations + 8, 12);
/** Block hashes kept below the cursor: enough to find a fork point well past the confirmation depth. */
export const keptDepth = (s: Pick<ChainWatchSettings, 'confirmations'>) => Math.max(2 * s.confirmations, 64);

export type Cursor = { lastBlock: number };

/** The chain's cursor, made at the first pass: the block before `startBlock` (default: 0 on the local chain, the head elsewhere). */
export async function ensureCursor(db: Db, s: ChainWatchSettings, head: number): Promise<Cursor> {
  const start = s.startBlock ?? (s.chainId === LOCAL_CHAIN_ID ? 0 : head);
  const {
    rows: [c],
  } = await db.execute<{ last_block: string }>(sql`
    WITH made AS (
      INSERT INTO chain_watch_cursors (chain_id, last_block, head_block, head_seen_at) VALUES (${s.chainId}, ${start - 1}, ${head}, now())
      ON CONFLICT (chain_id) DO UPDATE SET head_block = EXCLUDED.head_block, head_seen_at = now()
      RETURNING last_block)
    SELECT last_block FROM made`);
  return { lastBlock: Number(c!.last_block) };
}

/** The error of a pass on the cursor row (kept until the next error replaces it: the panel shows when). */
export async function recordError(db: Db, chainId: number, message: string) {
  await db.execute(sql`
    UPDATE chain_watch_cursors SET last_error = ${message.slice(0, 2000)}, last_error_at = now(), updated_at = now()
     WHERE chain_id = ${chainId}`);
}

const blockAt = async (client: ChainClient, n: number, withTxs = false) =>
  client.getBlock({ blockNumber: BigInt(n), includeTransactions: withTxs }).catch((err: unknown) => {
    if ((err as { name?: string }).name === 'BlockNotFoundError') return null;
    throw err;
  });

export type ForkCheck = { fork: number | null; reset: boolean; behind: boolean };

/**
 * Compares the newest recorded block with the chain: the same hash, nothing to do; another hash,
 * the stored blocks are walked down to the newest one the chain still has, and the fork point is
 * the block after it. A node that does not have the block yet (a fallback endpoint behind the
 * others) is no reorganisation: `behind`, the pass waits. A local node that has none of the
 * recorded blocks was restarted (it keeps its chain in memory): `reset`, rescan from the start.
 */
export async function findFork(db: Db, client: ChainClient, s: ChainWatchSettings): Promise<ForkCheck> {
  const { rows: stored } = await db.execute<{ number: string; hash: string }>(sql`
    SELECT number, hash FROM chain_watch_blocks WHERE chain_id = ${s.chainId} ORDER BY number DESC LIMIT ${keptDepth(s) + 16}`);
  if (!stored.length) return { fork: null, reset: false, behind: false };
  const local = s.chainId === LOCAL_CHAIN_ID;
  let matched: number | null = null;
  for (const [i, b] of stored.entries()) {
    const block = await blockAt(client, Number(b.number));
    if (!block) {
      if (i === 0 && !local) return { fork: null, reset: false, behind: true };
      continue;
    }
    if (block.hash === b.hash) {
      matched = Number(b.number);
      break;
    }
  }
  if (matched === Number(stored[0]!.number)) return { fork: null, reset: false, behind: false };
  if (matched !== null) return { fork: matched + 1, reset: false, behind: false };
  if (local) return { fork: s.startBlock ?? 0, reset: true, behind: false };
  // Deeper than every hash kept: the oldest kept block is the best fork point known.
  return { fork: Number(stored.at(-1)!.number), reset: false, behind: false };
}

export type ReorgOutcome = { dropped: number; creditedInReplaced: { id: number; txHash: string; logIndex: number }[] };

/**
 * Undoes what the watcher read from `fork` on: transfers not credited there become `dropped`
 * (reason reorganised), the blocks' hashes go, the cursor moves back to `fork - 1` so the next
 * scan reads the new blocks. A credited transfer in a replaced block is never debited: it is
 * returned for the alert (a reorganisation deeper than the confirmations).
 */
export async function undoFrom(db: Db, s: ChainWatchSettings, fork: number): Promise<ReorgOutcome> {
  return db.transaction(async (tx) => {
    const { rows: dropped } = await tx.execute(sql`
      UPDATE chain_deposits SET status = 'dropped', reason = 'reorganised', decided_at = now()
       WHERE chain_id = ${s.chainId} AND block_number >= ${fork} AND status IN ('seen', 'ignored')
      RETURNING id`);
    const { rows: credited } = await tx.execute<{ id: string; tx_hash: string; log_index: number }>(sql`
      SELECT id, tx_hash, log_index FROM chain_deposits
       WHERE chain_id = ${s.chainId} AND block_number >= ${fork} AND status = 'credited' ORDER BY id`);
    await tx.execute(sql`DELETE FROM chain_watch_blocks WHERE chain_id = ${s.chainId} AND number >= ${fork}`);
    await tx.execute(sql`
      UPDATE chain_watch_cursors SET last_block = LEAST(last_block, ${fork - 1}), updated_at = now() WHERE chain_id = ${s.chainId}`);
    return {
      dropped: dropped.length,
      creditedInReplaced: credited.map((c) => ({ id: Number(c.id), txHash: c.tx_hash, logIndex: c.log_index })),
    };
  });
}

type Recipient = { address: string; wallet_id: string; user_id: string; is_active: boolean; blacklisted: boolean };

/**
 * The customers holding any of `addresses` (lowercase), in one query on wallets(lower(address)),
 * with whether the customer is blacklisted: a blacklisted_devices row that is set and names the
 * customer or the device they registered with.
 */
export async function recipientsOf(q: Db | Tx, addresses: string[]): Promise<Map<string, Recipient>> {
  if (!addresses.length) return new Map();
  const { rows } = await q.execute<Recipient>(sql`
    SELECT DISTINCT ON (lower(w.address)) lower(w.address) AS address, w.id AS wallet_id, w.user_id, w.is_active,
           (EXISTS (SELECT 1 FROM blacklisted_devices b WHERE b.blacklisted AND b.user_id = w.user_id)
            OR EXISTS (SELECT 1 FROM blacklisted_devices b WHERE b.blacklisted
                          AND b.device_id = u.registration_device_details ->> 'serial')) AS blacklisted
      FROM wallets w JOIN users u ON u.id = w.user_id
     WHERE lower(w.address) = ANY(string_to_array(${addresses.join(',')}, ','))
     ORDER BY lower(w.address), w.is_active DESC, w.created_at, w.id`);
  return new Map(rows.map((r) => [r.address, r]));
}

type Seen = {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  token: string;
  currency: 'BUSD' | 'VLT';
  from: string;
  to: string;
  wei: bigint;
};

/** Why a transfer credits nothing, or null when it waits for its confirmations. */
function verdict(t: Seen, r: Recipient | undefined, failed: boolean): string | null {
  if (failed) return 'reverted';
  if (!r) return 'unknown-address';
  if (!r.is_active) return 'wallet-inactive';
  if (r.blacklisted) return 'blacklisted';
  if (t.wei === 0n) return 'zero-amount';
  return null;
}

const INSERT_CHUNK = 1000;

export type RangeOutcome = { seen: number; ignored: number };

/**
 * Reads blocks `from`..`to` (at most `blockRange`) and records them in one transaction: each
 * token transfer to a customer (seen, or ignored with its reason), the hashes of the blocks near
 * the head, and the cursor moved to `to` (guarded on where it stood, so a second watcher's range
 * is refused rather than recorded twice; a range recorded again adds nothing: the rows' unique key).
 * Blocks near the head are read whole: a transfer call to a token contract that reverted emits no
 * log, so it is found there (its receipt says reverted) and recorded ignored with log index -1.
 */
export async function scanRange(
  db: Db,
  client: ChainClient,
  s: ChainWatchSettings,
  range: { from: number; to: number; head: number },
): Promise<RangeOutcome> {
  const { from, to, head } = range;
  const tokens = new Map<string, 'BUSD' | 'VLT'>([
    [s.tokens.BUSD.toLowerCase(), 'BUSD'],
    [s.tokens.VLT.toLowerCase(), 'VLT'],
  ]);
  const logs = await client.getLogs({
    address: [s.tokens.BUSD, s.tokens.VLT],
    event: TRANSFER,
    fromBlock: BigInt(from),
    toBlock: BigInt(to),
  });
  const recentFrom = Math.max(from, head - recentDepth(s) + 1);
  const numbers = new Set<number>([to]);
  for (let n = recentFrom; n <= to; n++) numbers.add(n);
  const blocks = new Map<number, Block<bigint, boolean>>();
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const b = await blockAt(client, n, n >= recentFrom);
    if (!b) throw new Error(`block ${n} is not on the node yet (head ${head}): the range is read again next pass`);
    blocks.set(n, b);
  }
  const seen: Seen[] = [];
  for (const l of logs) {
    if (l.removed || l.blockNumber === null || l.transactionHash === null || l.logIndex === null) continue;
    const n = Number(l.blockNumber);
    const b = blocks.get(n);
    if (b && b.hash !== l.blockHash)
      throw new Error(`block ${n} changed while its range was read (a reorganisation): read again next pass`);
    const token = l.address.toLowerCase();
    seen.push({
      txHash: l.transactionHash.toLowerCase(),
      logIndex: l.logIndex,
      blockNumber: n,
      blockHash: l.blockHash!,
      token,
      currency: tokens.get(token)!,
      from: l.args.from!.toLowerCase(),
      to: l.args.to!.toLowerCase(),
      wei: l.args.value!,
    });
  }
  // Transfer calls to the tokens in the blocks read whole: those that reverted left no log.
  const calls: Seen[] = [];
  for (const b of blocks.values()) {
    for (const t of b.transactions) {
      if (typeof t === 'string' || !t.to || !tokens.has(t.to.toLowerCase())) continue;
      let call: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>;
      try {
        call = decodeFunctionData({ abi: erc20Abi, data: t.input });
      } catch {
        continue;
      }
      const args = call.args as readonly unknown[];
      const target =
        call.functionName === 'transfer'
          ? { from: t.from, to: args[0] as string, wei: args[1] as bigint }
          : call.functionName === 'transferFrom'
            ? { from: args[0] as string, to: args[1] as string, wei: args[2] as bigint }
            : null;
      if (!target) continue;
      calls.push({
        txHash: t.hash.toLowerCase(),
        logIndex: -1,
        blockNumber: Number(b.number),
        blockHash: b.hash!,
        token: t.to.toLowerCase(),
        currency: tokens.get(t.to.toLowerCase())!,
        from: target.from.toLowerCase(),
        to: target.to.toLowerCase(),
        wei: target.wei,
      });
    }
  }
  const customers = await recipientsOf(db, [...new Set([...seen, ...calls].map((t) => t.to))]);
  const logged = new Set(seen.map((t) => t.txHash));
  const reverted: Seen[] = [];
  for (const c of calls) {
    if (logged.has(c.txHash) || (!customers.has(c.to) && !s.recordUnknown)) continue;
    const receipt = await client.getTransactionReceipt({ hash: c.txHash as Hash });
    if (receipt.status === 'reverted') reverted.push(c);
  }
  const rows = [
    ...seen.map((t) => ({ t, reason: verdict(t, customers.get(t.to), false) })),
    ...reverted.map((t) => ({ t, reason: verdict(t, customers.get(t.to), true) })),
  ].filter((r) => r.reason !== 'unknown-address' || s.recordUnknown);
  return db.transaction(async (tx) => {
    const { rows: moved } = await tx.execute(sql`
      UPDATE chain_watch_cursors SET last_block = ${to}, updated_at = now()
       WHERE chain_id = ${s.chainId} AND last_block = ${from - 1} RETURNING chain_id`);
    if (!moved.length)
      throw new Error(
        `the cursor of chain ${s.chainId} moved meanwhile (another watcher): range ${from}-${to} not recorded`,
      );
    const inserted = { seen: 0, ignored: 0 };
    // PostgreSQL takes at most 65,535 parameters a statement: 15 a row, INSERT_CHUNK rows at a time.
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const values = rows.slice(i, i + INSERT_CHUNK).map(({ t, reason }) => {
        const r = customers.get(t.to);
        return sql`(${s.chainId}, ${t.txHash}, ${t.logIndex}, ${t.blockNumber}, ${t.blockHash}, ${t.token}, ${t.currency},
          ${t.from}, ${t.to}, ${t.wei.toString()}::numeric, ${formatUnits(t.wei, TOKEN_DECIMALS)}::numeric,
          ${r?.wallet_id ?? null}::uuid, ${r?.user_id ?? null}::uuid, ${reason ? 'ignored' : 'seen'}, ${reason},
          ${reason ? sql`now()` : sql`NULL`}::timestamptz)`;
      });
      const { rows: made } = await tx.execute<{ status: string }>(sql`
        INSERT INTO chain_deposits (chain_id, tx_hash, log_index, block_number, block_hash, token, currency, from_address, to_address,
                                    amount_wei, amount, wallet_id, user_id, status, reason, decided_at)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (chain_id, tx_hash, log_index, block_hash) DO NOTHING
        RETURNING status`);
      inserted.seen += made.filter((m) => m.status === 'seen').length;
      inserted.ignored += made.filter((m) => m.status === 'ignored').length;
    }
    await keepBlocks(tx, s.chainId, [...blocks.values()]);
    return inserted;
  });
}

async function keepBlocks(tx: Tx, chainId: number, blocks: Block<bigint, boolean>[]) {
  if (!blocks.length) return;
  await tx.execute(sql`
    INSERT INTO chain_watch_blocks (chain_id, number, hash, parent_hash)
    VALUES ${sql.join(
      blocks.map((b) => sql`(${chainId}, ${Number(b.number)}, ${b.hash}, ${b.parentHash})`),
      sql`, `,
    )}
    ON CONFLICT (chain_id, number) DO NOTHING`);
}

/** Forgets block hashes more than keptDepth below the cursor. */
export async function pruneBlocks(db: Db, s: ChainWatchSettings, cursor: number) {
  await db.execute(
    sql`DELETE FROM chain_watch_blocks WHERE chain_id = ${s.chainId} AND number < ${cursor - keptDepth(s)}`,
  );
}

export const watchLogLine = (log: WatchLog, msg: string) => log(`[chain-watcher] ${msg}`);
