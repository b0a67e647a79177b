import {
  CHAIN_WATCH_COUNT_CAP,
  type ChainDepositRecord,
  type ChainDepositStatus,
  type ChainWatchCursor,
  type ChainWatchState,
} from '@vaultdesk/contract';
import { CHAINS, type SupportedChainId } from '@vaultdesk/chain';
import type { Db } from '@vaultdesk/db';
import { toIso } from '../../timestamps/iso';
import { totalPages } from '../../lists/page';

/**
 * The Advanced "Chain watcher" panel in one read-only snapshot: every cursor with its lag, the
 * day's deposits per currency, one page of the recorded transfers and the last errors. Every
 * statement is bounded by an index (migrations 0043, 0045): the cursors are one row per chain,
 * the day's totals read the seen_at and credited decided_at indexes from midnight UTC, the page
 * walks (status, seen_at) newest first and its count stops at CHAIN_WATCH_COUNT_CAP.
 */

const CURSORS = `
SELECT c.chain_id, c.last_block, c.head_block, c.head_seen_at, c.last_error, c.last_error_at, c.updated_at,
       greatest(extract(epoch FROM now() - c.head_seen_at), 0)::int AS head_age,
       CASE WHEN c.head_block IS NULL THEN NULL
            WHEN c.head_block <= c.last_block THEN 0
            ELSE greatest(extract(epoch FROM now() - b.seen_at), 0)::int END AS lag_seconds
  FROM chain_watch_cursors c
  LEFT JOIN chain_watch_blocks b ON b.chain_id = c.chain_id AND b.number = c.last_block
 ORDER BY c.chain_id`;

const DAY_TOTALS = `
SELECT 'seen' AS kind, currency, count(*)::int AS n, trim_scale(sum(amount))::text AS amount
  FROM chain_deposits WHERE seen_at >= $1 GROUP BY currency
UNION ALL
SELECT 'credited', currency, count(*)::int, trim_scale(sum(amount))::text
  FROM chain_deposits WHERE status = 'credited' AND decided_at >= $1 GROUP BY currency
 ORDER BY 1, 2`;

/** The current confirmations of a transfer still counting (seen, credited); the stored ones otherwise. */
const COLUMNS = `
  d.id::text AS id, d.chain_id, d.tx_hash, d.log_index, d.block_number, d.currency, d.token, d.from_address,
  d.to_address, trim_scale(d.amount)::text AS amount, d.status, d.reason, d.user_id, u.username::text AS username,
  d.seen_at, d.decided_at,
  CASE WHEN d.status IN ('seen', 'credited') AND c.head_block IS NOT NULL
       THEN greatest(coalesce(d.confirmations, 0), c.head_block - d.block_number + 1)::int
       ELSE d.confirmations END AS confirmations`;
const FROM = `
  FROM chain_deposits d
  LEFT JOIN chain_watch_cursors c ON c.chain_id = d.chain_id
  LEFT JOIN users u ON u.id = d.user_id`;
const PAGE_ALL = `SELECT ${COLUMNS} ${FROM} ORDER BY d.seen_at DESC, d.id DESC LIMIT $1 OFFSET $2`;
const PAGE_BY_STATUS = `SELECT ${COLUMNS} ${FROM} WHERE d.status = $3 ORDER BY d.seen_at DESC, d.id DESC LIMIT $1 OFFSET $2`;
const COUNT_ALL = `SELECT count(*)::int AS n FROM (SELECT 1 FROM chain_deposits LIMIT $1) x`;
const COUNT_BY_STATUS = `SELECT count(*)::int AS n FROM (SELECT 1 FROM chain_deposits WHERE status = $2 LIMIT $1) x`;

type CursorRow = {
  chain_id: number;
  last_block: string;
  head_block: string | null;
  head_seen_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  updated_at: Date;
  head_age: number | null;
  lag_seconds: number | null;
};
type DepositRow = {
  id: string;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: string;
  currency: string;
  token: string;
  from_address: string;
  to_address: string;
  amount: string;
  status: ChainDepositStatus;
  reason: string | null;
  user_id: string | null;
  username: string | null;
  seen_at: Date;
  decided_at: Date | null;
  confirmations: number | null;
};

export const chainName = (chainId: number) => CHAINS[chainId as SupportedChainId]?.name ?? `Chain ${chainId}`;

const toCursor = (r: CursorRow): ChainWatchCursor => {
  const head = r.head_block === null ? null : Number(r.head_block);
  const last = Number(r.last_block);
  return {
    chainId: r.chain_id,
    chainName: chainName(r.chain_id),
    headBlock: head,
    headSeenAt: toIso(r.head_seen_at),
    headAgeSeconds: r.head_seen_at ? r.head_age : null,
    lastBlock: last,
    lagBlocks: head === null ? null : Math.max(0, head - last),
    lagSeconds: r.lag_seconds,
    lastError: r.last_error,
    lastErrorAt: toIso(r.last_error_at),
    updatedAt: toIso(r.updated_at),
  };
};

const toRecord = (r: DepositRow): ChainDepositRecord => ({
  _id: r.id,
  chainId: r.chain_id,
  txHash: r.tx_hash,
  logIndex: r.log_index,
  blockNumber: Number(r.block_number),
  currency: r.currency,
  token: r.token,
  fromAddress: r.from_address,
  toAddress: r.to_address,
  amount: r.amount,
  status: r.status,
  reason: r.reason,
  confirmations: r.confirmations,
  userId: r.user_id,
  username: r.username,
  seenAt: toIso(r.seen_at),
  decidedAt: toIso(r.decided_at),
});

export async function watcherState(
  db: Db,
  q: { page: number; pageSize: number; status: 'all' | ChainDepositStatus },
): Promise<ChainWatchState> {
  const day = new Date().toISOString().slice(0, 10);
  const client = await db.$client.connect();
  try {
    // One snapshot: the counts, the page and the cursors agree with one another.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const cursors = (await client.query<CursorRow>(CURSORS)).rows;
    const totals = (
      await client.query<{ kind: 'seen' | 'credited'; currency: string; n: number; amount: string }>(DAY_TOTALS, [
        `${day}T00:00:00Z`,
      ])
    ).rows;
    const offset = (q.page - 1) * q.pageSize;
    const byStatus = q.status !== 'all';
    const page = (
      await client.query<DepositRow>(
        byStatus ? PAGE_BY_STATUS : PAGE_ALL,
        byStatus ? [q.pageSize, offset, q.status] : [q.pageSize, offset],
      )
    ).rows;
    const [count] = (
      await client.query<{ n: number }>(
        byStatus ? COUNT_BY_STATUS : COUNT_ALL,
        byStatus ? [CHAIN_WATCH_COUNT_CAP, q.status] : [CHAIN_WATCH_COUNT_CAP],
      )
    ).rows;
    await client.query('COMMIT');
    const chains = cursors.map(toCursor);
    const dayTotals = (kind: 'seen' | 'credited') =>
      totals.filter((t) => t.kind === kind).map((t) => ({ currency: t.currency, count: t.n, amount: t.amount }));
    return {
      chains,
      today: { day, seen: dayTotals('seen'), credited: dayTotals('credited') },
      deposits: {
        records: page.map(toRecord),
        currentPage: q.page,
        totalRecords: count!.n,
        totalPage: totalPages(count!.n, q.pageSize),
        pageSize: q.pageSize,
      },
      errors: chains
        .filter((c) => c.lastError && c.lastErrorAt)
        .map((c) => ({ chainId: c.chainId, message: c.lastError!, at: c.lastErrorAt! }))
        .sort((a, b) => b.at.localeCompare(a.at)),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
