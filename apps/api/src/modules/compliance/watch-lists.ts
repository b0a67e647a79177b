import type { DoubleFundings, DoubleFundingStatus, Watchlist } from '@vaultdesk/contract';
import { named, type Db } from '@vaultdesk/db';
import { isoText } from '../../timestamps/iso';
import { pageOffset, pagePayload } from '../../lists/page';

/**
 * The fraud list's and the double-funding lists' pages: the total from the counters the triggers
 * of migration 0012 keep (never a count of the table), the page's ids from an index-only walk,
 * then their rows; one prepared statement, so one round trip and no planning per call. One row
 * with null columns when the page is empty, so the total still comes back.
 */
const WATCHLIST_PAGE = named(`
  SELECT coalesce(t.n, 0) AS total, x.*
    FROM (SELECT (SELECT n FROM compliance_list_counts WHERE list_key = 'watchlist') AS n) t
    LEFT JOIN LATERAL (
      SELECT w.id, w.user_id, u.full_name, u.username, w.reason, ${isoText('w.created_at')} AS created_at, w.created_at AS sort_key
        FROM (SELECT id FROM watchlist ORDER BY created_at DESC, id LIMIT $1 OFFSET $2) page
        JOIN watchlist w ON w.id = page.id JOIN users u ON u.id = w.user_id
    ) x ON true
   ORDER BY x.sort_key DESC, x.id`);
const DOUBLE_FUNDING_PAGE = named(`
  SELECT coalesce(t.n, 0) AS total, x.*
    FROM (SELECT (SELECT n FROM compliance_list_counts WHERE list_key = 'double_fundings:' || $1::text) AS n) t
    LEFT JOIN LATERAL (
      SELECT f.id, u.email, f.status, f.funding_status, trim_scale(f.amount_received)::text AS amount_received,
             trim_scale(f.total_amount_deposited)::text AS total_amount_deposited, f.deposit_address, f.receiving_address,
             s.email AS creator_email, ${isoText('f.created_at')} AS created_at, ${isoText('f.updated_at')} AS updated_at, f.created_at AS sort_key
        FROM (SELECT id FROM double_fundings WHERE status = $1::text ORDER BY created_at DESC, id LIMIT $2 OFFSET $3) page
        JOIN double_fundings f ON f.id = page.id JOIN users u ON u.id = f.user_id LEFT JOIN staff s ON s.id = f.process_list_creator
    ) x ON true
   ORDER BY x.sort_key DESC, x.id`);

export async function watchlist(db: Db, page: number, pageSize: number): Promise<Watchlist> {
  const found = (
    await db.$client.query<{
      total: string;
      id: string | null;
      user_id: string;
      full_name: string;
      username: string;
      reason: string;
      created_at: string;
    }>({ ...WATCHLIST_PAGE, values: [pageSize, pageOffset({ page, pageSize })] })
  ).rows;
  const total = Number(found[0]?.total ?? 0);
  const records = found
    .filter((r) => r.id !== null)
    .map((r) => ({
      _id: r.id!,
      user: { _id: r.user_id, fullName: r.full_name, username: r.username },
      reason: r.reason,
      createdAt: r.created_at,
    }));
  return pagePayload({ page, pageSize }, records, total);
}

export async function doubleFundings(
  db: Db,
  status: DoubleFundingStatus,
  page: number,
  pageSize: number,
): Promise<DoubleFundings> {
  const found = (
    await db.$client.query<{
      total: string;
      id: string | null;
      email: string;
      status: string;
      funding_status: string;
      amount_received: string;
      total_amount_deposited: string;
      deposit_address: string;
      receiving_address: string;
      creator_email: string | null;
      created_at: string;
      updated_at: string;
    }>({ ...DOUBLE_FUNDING_PAGE, values: [status, pageSize, pageOffset({ page, pageSize })] })
  ).rows;
  const total = Number(found[0]?.total ?? 0);
  const records = found
    .filter((r) => r.id !== null)
    .map((r) => ({
      _id: r.id!,
      userEmail: r.email,
      status: r.status,
      fundingStatus: r.funding_status,
      amountReceived: r.amount_received,
      totalAmountDeposited: r.total_amount_deposited,
      depositAddress: r.deposit_address,
      receivingAddress: r.receiving_address,
      processList: { creator: { email: r.creator_email } },
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  return pagePayload({ page, pageSize }, records, total, { records: 'result' });
}
