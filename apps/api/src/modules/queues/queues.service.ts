import { sql } from 'drizzle-orm';
import {
  processListMachine,
  queueItemMachine,
  queueItemWaits,
  stateInfo,
  type ProcessList,
  type QueueItemStatus,
  type QueueKind,
  type QueueStatusCounts,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { emitEvent } from '../../outbox/outbox';
import { createQueueLists, pageSql } from '../../lists/queue-lists';
import { followDepositHold } from '../../queue-records/deposit-hold';
import { itemById, listsWithItems, processListById, toItem, type ItemRow } from '../../queue-records/queue-records';
import { pageOffset, toPage } from '../../lists/page';

/**
 * A list whose batch the wallet sent (its hash recorded, not yet saved) is what that transaction
 * carried: its items stay as they are until the batch is saved.
 */
export const batchSent = (hash: string) =>
  conflict(`The process list's batch was sent (${hash}): save that batch before its items change`);

const itemNotFound = () => new AppError('NOT_FOUND', 'Queue item not found');
const listNotFound = () => new AppError('NOT_FOUND', 'Process list not found');

/** Locks a process list and checks it is still open (status 0) and of the item's queue. */
async function lockOpenList(tx: Tx, processListId: string, queue: QueueKind) {
  const {
    rows: [list],
  } = await tx.execute<{ id: string; type: QueueKind; status: number; sent_hash: string | null }>(sql`
    SELECT id, type, status, sent_hash FROM process_lists WHERE id = ${processListId} FOR UPDATE`);
  if (!list) throw listNotFound();
  if (Number(list.status) !== 0)
    throw conflict(
      `Process list is ${stateInfo(processListMachine, Number(list.status) as 0).label}: items can only be added or removed while it is yet to be saved`,
    );
  if (list.sent_hash) throw batchSent(list.sent_hash);
  if (list.type !== queue) throw conflict(`A ${queue} queue item cannot join a ${list.type} process list`);
  return list;
}

/**
 * A withdraw queue item cancelled: the customer's withdrawal will not happen. Nothing was taken
 * from the plan yet (the amount leaves it only when the batch settles), so nothing is refunded.
 */
async function emitWithdrawCancelled(tx: Tx, queueItemId: string) {
  const {
    rows: [item],
  } = await tx.execute<{ user_id: string; currency: string; amount: string }>(sql`
    SELECT p.user_id, p.currency, trim_scale(qi.amount)::text AS amount
      FROM queue_items qi JOIN savings_plans p ON p.id = qi.plan_id WHERE qi.id = ${queueItemId}`);
  if (!item) return;
  await emitEvent(tx, {
    type: 'withdrawal.cancelled',
    userId: item.user_id,
    payload: {
      customerId: item.user_id,
      withdrawalId: queueItemId,
      source: 'withdrawQueue',
      currency: item.currency,
      amount: item.amount,
      refunded: false,
    },
  });
}

async function queueOf(tx: Tx, id: string) {
  const {
    rows: [row],
  } = await tx.execute<{
    queue: QueueKind;
    status: QueueItemStatus;
    process_list_id: string | null;
    list_status: number | null;
  }>(sql`
    SELECT qi.queue, qi.status, qi.process_list_id, pl.status AS list_status FROM queue_items qi LEFT JOIN process_lists pl ON pl.id = qi.process_list_id WHERE qi.id = ${id}`);
  if (!row) throw itemNotFound();
  return row;
}

/** A page of a queue in one status, oldest first (see lists/queue-lists.ts). */
const PAGE = pageSql(
  'items',
  `
    r.id, r.queue, trim_scale(r.amount)::text AS amount, r.status, r.plan_id, p.plan_type, p.plan_name, p.deposit_transaction_hash,
    u.id AS user_id, u.full_name, u.username::text AS username, r.process_list_id, l.status AS list_status, st.email::text AS creator_email,
    r.transaction_hash, r.updated_at, r.created_at`,
  `
  LEFT JOIN savings_plans p ON p.id = r.plan_id
  LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN process_lists l ON l.id = r.process_list_id
  LEFT JOIN staff st ON st.id = l.created_by`,
);

export function createQueuesService(db: Db, log: (msg: string, err?: unknown) => void = () => {}) {
  const lists = createQueueLists(db, log);
  return {
    lists,

    async list(queue: QueueKind, query: { page: number; status: QueueItemStatus; pageSize: number }) {
      const { total, rows } = await lists.page<ItemRow>(PAGE, queue, query.status, pageOffset(query), query.pageSize);
      return toPage(rows.map(toItem), total, query.page, query.pageSize);
    },

    async counts(queue: 'deposit' | 'withdraw' | 'withdrawout'): Promise<QueueStatusCounts> {
      const { rows } = await db.execute<{ status: string; n: string }>(
        sql`SELECT status, n FROM queue_counts WHERE queue = ${queue}`,
      );
      const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      if (queue === 'withdrawout') {
        return {
          pending: n('0'),
          processing: n('5'),
          completed: n('1'),
          canceled: n('3'),
          retry: n('6'),
          hold: n('7'),
          review: n('8'),
        };
      }
      return {
        pending: n('pending'),
        processing: n('processing'),
        completed: n('done'),
        canceled: n('cancelled'),
        retry: n('failed'),
        hold: 0,
        review: 0,
      };
    },

    /**
     * An admin's status change (spec: pending, processing, cancelled, done). An item in a list
     * already saved on chain belongs to that batch: only the batch settles it. Leaving
     * "processing" takes the item out of its open list.
     */
    async setStatus(
      queue: QueueKind,
      queueItemId: string,
      status: QueueItemStatus,
      permissions: readonly string[],
      ctx: RequestContext,
    ) {
      return db.transaction(async (tx) => {
        const current = await queueOf(tx, queueItemId);
        if (current.queue !== queue) throw itemNotFound();
        // The item's list first, then the item (the order add, remove and save-batch lock in): a
        // save of the list waits for this change, or this change sees the list saved; an item that
        // joined or left a list meanwhile is a 409, never a change behind a saved batch's back.
        if (current.process_list_id) {
          const {
            rows: [list],
          } = await tx.execute<{ status: number; sent_hash: string | null }>(
            sql`SELECT status, sent_hash FROM process_lists WHERE id = ${current.process_list_id} FOR UPDATE`,
          );
          if (Number(list?.status) !== 0)
            throw conflict('This item is in a batch already saved on chain: it is settled with the batch');
          if (list?.sent_hash) throw batchSent(list.sent_hash);
        }
        const {
          rows: [locked],
        } = await tx.execute<{ process_list_id: string | null }>(
          sql`SELECT process_list_id FROM queue_items WHERE id = ${queueItemId} FOR UPDATE`,
        );
        if ((locked?.process_list_id ?? null) !== current.process_list_id)
          throw conflict('Queue item changed while it was being updated: reload and try again');
        const leaving = status !== 'processing';
        const { from } = await transition(tx, {
          machine: queueItemMachine,
          table: 'queue_items',
          id: queueItemId,
          to: status,
          permissions,
          set: sql`updated_at = now(), updated_by = ${ctx.actor?.id ?? null}${leaving ? sql`, process_list_id = NULL` : sql``}`,
        });
        if (queue === 'withdraw' && status === 'cancelled' && from !== 'cancelled')
          await emitWithdrawCancelled(tx, queueItemId);
        const deposit =
          queue === 'deposit' ? await followDepositHold(tx, queueItemId, status, ctx.actor?.id ?? null) : null;
        await writeAudit(tx, ctx, {
          action: `queue.${queue}.status`,
          targetType: 'queue_item',
          targetId: queueItemId,
          before: { status: from, processListId: current.process_list_id },
          after: { status, processListId: leaving ? null : current.process_list_id, ...(deposit ? { deposit } : {}) },
        });
        return (await itemById(tx, queueItemId))!;
      });
    },

    async cancel(queue: QueueKind, queueItemId: string, permissions: readonly string[], ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const current = await queueOf(tx, queueItemId);
        if (current.queue !== queue) throw itemNotFound();
        const { from } = await transition(tx, {
          machine: queueItemMachine,
          table: 'queue_items',
          id: queueItemId,
          to: 'cancelled',
          permissions,
          set: sql`updated_at = now(), updated_by = ${ctx.actor?.id ?? null}`,
        });
        if (queue === 'withdraw' && from !== 'cancelled') await emitWithdrawCancelled(tx, queueItemId);
        const deposit =
          queue === 'deposit' ? await followDepositHold(tx, queueItemId, 'cancelled', ctx.actor?.id ?? null) : null;
        await writeAudit(tx, ctx, {
          action: `queue.${queue}.cancel`,
          targetType: 'queue_item',
          targetId: queueItemId,
          before: { status: from },
          after: { status: 'cancelled', ...(deposit ? { deposit } : {}) },
        });
        return (await itemById(tx, queueItemId))!;
      });
    },

    async processLists(type?: QueueKind) {
      return listsWithItems(db, type ? sql`pl.type = ${type}` : sql`true`);
    },

    /**
     * Process List: the queue's open list, made if there is none. Two staff pressing Process List
     * at once get the same list (one insert wins the unique index on unfinished lists; the other
     * then reads it), and each adds the items they selected. A list already saved on chain
     * (status 1) takes no items: that is a 409 until Update Queue and Plans finishes it.
     */
    async createList(type: QueueKind, ctx: RequestContext): Promise<{ list: ProcessList; created: boolean }> {
      return db.transaction(async (tx) => {
        const open = async () => {
          const {
            rows: [active],
          } = await tx.execute<{ id: string; status: number; sent_hash: string | null }>(sql`
            SELECT id, status, sent_hash FROM process_lists WHERE type = ${type} AND status <> 2 LIMIT 1`);
          if (!active) return null;
          if (Number(active.status) !== 0) {
            throw conflict(
              `The ${type} process list is ${stateInfo(processListMachine, Number(active.status) as 0).label} (status ${active.status}): update queue and plans first`,
            );
          }
          if (active.sent_hash) throw batchSent(active.sent_hash);
          return { list: (await processListById(tx, active.id))!, created: false };
        };
        const existing = await open();
        if (existing) return existing;
        const { rows } = await tx.execute<{ id: string }>(sql`
          INSERT INTO process_lists (type, created_by) VALUES (${type}, ${ctx.actor?.id ?? null})
          ON CONFLICT DO NOTHING RETURNING id`);
        if (!rows[0]) {
          // Another staff member's list won the unique index meanwhile (committed: this statement sees it).
          const raced = await open();
          if (raced) return raced;
          throw conflict(`A ${type} process list is still open: finish it first`);
        }
        await writeAudit(tx, ctx, {
          action: 'process-list.create',
          targetType: 'process_list',
          targetId: rows[0].id,
          after: { type, status: 0 },
        });
        return { list: (await processListById(tx, rows[0].id))!, created: true };
      });
    },

    /** Adding a pending item to the open list marks it processing (spec §4). */
    async addItem(queueItemId: string, processListId: string, permissions: readonly string[], ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const current = await queueOf(tx, queueItemId);
        await lockOpenList(tx, processListId, current.queue);
        if (!queueItemWaits(current.status))
          throw conflict(
            `Queue item is ${stateInfo(queueItemMachine, current.status).label}: only a pending item can join a process list`,
          );
        await transition(tx, {
          machine: queueItemMachine,
          table: 'queue_items',
          id: queueItemId,
          to: 'processing',
          permissions,
          set: sql`process_list_id = ${processListId}, updated_at = now(), updated_by = ${ctx.actor?.id ?? null}`,
        });
        await writeAudit(tx, ctx, {
          action: 'process-list.add-item',
          targetType: 'process_list',
          targetId: processListId,
          before: { queueItemId, status: 'pending' },
          after: { queueItemId, status: 'processing' },
        });
        return (await processListById(tx, processListId))!;
      });
    },

    async removeItem(queueItemId: string, processListId: string, permissions: readonly string[], ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const current = await queueOf(tx, queueItemId);
        await lockOpenList(tx, processListId, current.queue);
        if (current.process_list_id !== processListId) throw conflict('This item is not in that process list');
        await transition(tx, {
          machine: queueItemMachine,
          table: 'queue_items',
          id: queueItemId,
          to: 'pending',
          permissions,
          set: sql`process_list_id = NULL, updated_at = now(), updated_by = ${ctx.actor?.id ?? null}`,
        });
        await writeAudit(tx, ctx, {
          action: 'process-list.remove-item',
          targetType: 'process_list',
          targetId: processListId,
          before: { queueItemId, status: 'processing' },
          after: { queueItemId, status: 'pending' },
        });
        return (await processListById(tx, processListId))!;
      });
    },
  };
}
