import { sql } from 'drizzle-orm';
import { processListMachine } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { emitEvent } from '../../outbox/outbox';
import { processListById } from '../../queue-records/queue-records';

/**
 * "Update Queue and Plans": the saved list (status 1) becomes finished (2) in one
 * transaction, so it runs once. Deposits: every item done, every plan saved with the hash
 * and its shares at the batch's price. Withdrawals: the plans get the hash; each item is then
 * settled by update-queue-after-withdrawal.
 */
export async function updateQueueAndPlans(
  db: Db,
  processListId: string,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  return db.transaction(async (tx) => {
    const { row } = await transition(tx, {
      machine: processListMachine,
      table: 'process_lists',
      id: processListId,
      to: 2,
      permissions,
      set: sql`updated_at = now()`,
    });
    const hash = row.transaction_hash as string | null;
    const batchId = row.batch_id as string | null;
    if (!hash || !batchId) throw conflict('The process list has no saved transaction');
    const {
      rows: [batch],
    } = await tx.execute<{ price: string | null }>(
      sql`SELECT price_per_full_share::text AS price FROM batches WHERE id = ${batchId}`,
    );
    // Shares are whole vault units (18 decimals) at the batch's price per full share.
    const price = batch?.price && batch.price !== '0' ? batch.price : '1000000000000000000';
    let items: number;
    if (row.type === 'deposit') {
      const { rows: done } = await tx.execute<{ id: string; plan_id: string; amount: string }>(sql`
        UPDATE queue_items SET status = 'done', transaction_hash = ${hash}, updated_at = now(), updated_by = ${ctx.actor?.id ?? null}
         WHERE process_list_id = ${processListId} AND status = 'processing'
        RETURNING id, plan_id, amount`);
      items = done.length;
      // One plan.funded per plan the batch carried into the vault (so per customer), in plan order.
      const { rows: funded } = await tx.execute<{
        plan_id: string;
        user_id: string;
        currency: string;
        amount: string;
        item_ids: string[];
      }>(sql`
        SELECT p.id AS plan_id, p.user_id, p.currency, trim_scale(sum(qi.amount))::text AS amount,
               array_agg(qi.id::text ORDER BY qi.created_at, qi.id) AS item_ids
          FROM queue_items qi JOIN savings_plans p ON p.id = qi.plan_id
         WHERE qi.id = ANY(${`{${done.map((d) => d.id).join(',')}}`}::uuid[])
         GROUP BY p.id, p.user_id, p.currency ORDER BY p.id`);
      for (const f of funded) {
        await emitEvent(tx, {
          type: 'plan.funded',
          userId: f.user_id,
          payload: {
            customerId: f.user_id,
            planId: f.plan_id,
            currency: f.currency,
            amount: f.amount,
            queueItemIds: f.item_ids,
            processListId,
            batchId,
            transactionHash: hash,
          },
        });
      }
      await tx.execute(sql`
        WITH per_plan AS (
          SELECT plan_id, sum(amount) AS amount FROM queue_items WHERE process_list_id = ${processListId} AND status = 'done' GROUP BY plan_id)
        UPDATE savings_plans p SET
               deposit_transaction_hash = CASE WHEN ${hash} = ANY(p.deposit_transaction_hash) THEN p.deposit_transaction_hash ELSE array_append(p.deposit_transaction_hash, ${hash}::text) END,
               save_status = 'saved',
               deposit_time = coalesce(p.deposit_time, now()),
               share_balance = p.share_balance + trunc(per_plan.amount * 1e18 / ${price}::numeric, 18),
               updated_at = now()
          FROM per_plan WHERE p.id = per_plan.plan_id`);
      await tx.execute(
        sql`UPDATE batch_plans SET status = 'resolved', resolved_hash = ${hash}, resolved_at = now() WHERE batch_id = ${batchId} AND status = 'included'`,
      );
    } else {
      const { rows: plans } = await tx.execute(sql`
        UPDATE savings_plans p SET
               withdrawal_transaction_hash = CASE WHEN ${hash} = ANY(p.withdrawal_transaction_hash) THEN p.withdrawal_transaction_hash ELSE array_append(p.withdrawal_transaction_hash, ${hash}::text) END,
               updated_at = now()
         WHERE p.id IN (SELECT plan_id FROM queue_items WHERE process_list_id = ${processListId} AND status = 'processing')
        RETURNING p.id`);
      items = plans.length;
    }
    await writeAudit(tx, ctx, {
      action: `batch.${String(row.type)}.update-queue-and-plans`,
      targetType: 'process_list',
      targetId: processListId,
      before: { status: 1 },
      after: { status: 2, transactionHash: hash, items },
    });
    return (await processListById(tx, processListId))!;
  });
}
