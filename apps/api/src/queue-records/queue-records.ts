import { sql } from 'drizzle-orm';
import type { ProcessList, QueueItem, QueueKind, QueueItemStatus } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { toIso } from '../timestamps/iso';

/*
 * Queue items and process lists as the API answers them: read by the queues (their lists and
 * moves) and by the batches (a list saved, an item updated after a withdrawal).
 */

export type ItemRow = {
  id: string;
  queue: QueueKind;
  amount: string;
  status: QueueItemStatus;
  plan_id: string;
  plan_type: string;
  plan_name: string;
  deposit_transaction_hash: string[];
  user_id: string;
  full_name: string;
  username: string;
  process_list_id: string | null;
  list_status: number | null;
  creator_email: string | null;
  transaction_hash: string | null;
  updated_at: string | Date;
  created_at: string | Date;
};

const ITEM_SELECT = sql`
  SELECT qi.id, qi.queue, trim_scale(qi.amount)::text AS amount, qi.status, qi.plan_id, p.plan_type, p.plan_name, p.deposit_transaction_hash,
         u.id AS user_id, u.full_name, u.username::text AS username, qi.process_list_id, pl.status AS list_status, st.email::text AS creator_email,
         qi.transaction_hash, qi.updated_at, qi.created_at`;
const ITEM_JOINS = sql`
  JOIN savings_plans p ON p.id = qi.plan_id
  JOIN users u ON u.id = qi.user_id
  LEFT JOIN process_lists pl ON pl.id = qi.process_list_id
  LEFT JOIN staff st ON st.id = pl.created_by`;

const planTypeCode = (t: string) => (t === 'flexible' ? 0 : 1);

export const toItem = (r: ItemRow): QueueItem => ({
  _id: r.id,
  queue: r.queue,
  amount: r.amount,
  status: r.status,
  planId: r.plan_id,
  planType: planTypeCode(r.plan_type),
  planName: r.plan_name,
  depositTransactionHash: r.deposit_transaction_hash,
  userId: { _id: r.user_id, fullName: r.full_name, username: r.username },
  processList: r.process_list_id
    ? { _id: r.process_list_id, status: Number(r.list_status), creator: { email: r.creator_email } }
    : null,
  transactionHash: r.transaction_hash,
  updatedAt: toIso(r.updated_at)!,
  createdAt: toIso(r.created_at)!,
});

export async function itemById(q: Db | Tx, id: string) {
  const { rows } = await q.execute<ItemRow>(sql`${ITEM_SELECT} FROM queue_items qi ${ITEM_JOINS} WHERE qi.id = ${id}`);
  return rows[0] ? toItem(rows[0]) : null;
}

type ListRow = {
  id: string;
  type: QueueKind;
  status: number;
  transaction_hash: string | null;
  created_at: string;
  creator_email: string | null;
  batch_id: string | null;
  batch_hash: string | null;
  batch_created_at: string | null;
  sent_hash: string | null;
  sent_at: string | null;
  sent_by: string | null;
  sent_by_email: string | null;
};

export async function listsWithItems(q: Db | Tx, where: ReturnType<typeof sql>): Promise<ProcessList[]> {
  const { rows } = await q.execute<ListRow>(sql`
    SELECT pl.id, pl.type, pl.status, pl.transaction_hash, pl.created_at, st.email::text AS creator_email,
           b.id AS batch_id, b.transaction_hash AS batch_hash, b.created_at AS batch_created_at,
           pl.sent_hash, pl.sent_at, pl.sent_by, ss.email::text AS sent_by_email
      FROM process_lists pl LEFT JOIN staff st ON st.id = pl.created_by LEFT JOIN batches b ON b.id = pl.batch_id
      LEFT JOIN staff ss ON ss.id = pl.sent_by
     WHERE ${where}
     ORDER BY (pl.status = 2), pl.created_at DESC, pl.id
     LIMIT 12`);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const { rows: items } = await q.execute<ItemRow>(sql`${ITEM_SELECT} FROM queue_items qi ${ITEM_JOINS}
    WHERE qi.process_list_id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) ORDER BY qi.created_at, qi.id`);
  const { rows: totals } = await q.execute<{ id: string; total: string }>(sql`
    SELECT process_list_id AS id, trim_scale(sum(amount))::text AS total FROM queue_items
     WHERE process_list_id IN (${sql.join(
       ids.map((i) => sql`${i}`),
       sql`, `,
     )}) GROUP BY process_list_id`);
  const totalOf = new Map(totals.map((t) => [t.id, t.total]));
  return rows.map((r) => ({
    _id: r.id,
    type: r.type,
    status: Number(r.status),
    items: items
      .filter((i) => i.process_list_id === r.id)
      .map((i) => {
        const it = toItem(i);
        return {
          _id: it._id,
          amount: it.amount,
          status: it.status,
          planId: it.planId,
          planType: it.planType,
          planName: it.planName,
          userId: it.userId,
        };
      }),
    totalAmount: totalOf.get(r.id) ?? '0',
    transactionHash: r.transaction_hash,
    createdAt: toIso(r.created_at)!,
    creator: { email: r.creator_email },
    batch: r.batch_id
      ? { _id: r.batch_id, transactionHash: r.batch_hash, createdAt: toIso(r.batch_created_at)! }
      : null,
    sentHash: r.sent_hash,
    sentAt: toIso(r.sent_at),
    sentBy: r.sent_by ? { email: r.sent_by_email } : null,
  }));
}

export async function processListById(q: Db | Tx, id: string) {
  const [list] = await listsWithItems(q, sql`pl.id = ${id}`);
  return list ?? null;
}
