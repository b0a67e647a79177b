import { sql } from 'drizzle-orm';
import { queueItemMachine, stateInfo, type QueueKind } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { credit } from '../../ledger/ledger';
import { emitEvent } from '../../outbox/outbox';
import { itemById } from '../../queue-records/queue-records';

/** A withdraw item whose list is finished: done, the plan paid out, the amount credited to the customer's wallet through the ledger. */
export async function updateAfterWithdrawal(
  db: Db,
  queueId: string,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  return db.transaction(async (tx) => {
    const {
      rows: [item],
    } = await tx.execute<{
      queue: QueueKind;
      list_status: number | null;
      hash: string | null;
      batch_id: string | null;
      price: string | null;
    }>(sql`
      SELECT qi.queue, pl.status AS list_status, pl.transaction_hash AS hash, pl.batch_id, b.price_per_full_share::text AS price
        FROM queue_items qi LEFT JOIN process_lists pl ON pl.id = qi.process_list_id LEFT JOIN batches b ON b.id = pl.batch_id
       WHERE qi.id = ${queueId}`);
    if (!item || item.queue !== 'withdraw') throw new AppError('NOT_FOUND', 'Withdraw queue item not found');
    if (item.list_status === null || Number(item.list_status) !== 2 || !item.hash) {
      throw conflict('Only a processing item whose process list is finished can be updated after withdrawal');
    }
    const { row, from } = await transition(tx, {
      machine: queueItemMachine,
      table: 'queue_items',
      id: queueId,
      to: 'done',
      permissions,
      set: sql`transaction_hash = ${item.hash}, updated_at = now(), updated_by = ${ctx.actor?.id ?? null}`,
    });
    if (from !== 'processing')
      throw conflict(
        `Queue item was ${stateInfo(queueItemMachine, from).label}: only a processing item can be updated after withdrawal`,
      );
    const amount = String(row.amount)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
    const price = item.price && item.price !== '0' ? item.price : '1000000000000000000';
    const {
      rows: [plan],
    } = await tx.execute<{ id: string; user_id: string; currency: string; plan_type: string }>(sql`
      UPDATE savings_plans p SET
             withdrawal_transaction_hash = CASE WHEN ${item.hash} = ANY(p.withdrawal_transaction_hash) THEN p.withdrawal_transaction_hash ELSE array_append(p.withdrawal_transaction_hash, ${item.hash}::text) END,
             withdrawal_time = coalesce(p.withdrawal_time, now()),
             withdrawal_amount = coalesce(p.withdrawal_amount, 0) + ${amount}::numeric,
             share_balance = greatest(0, p.share_balance - trunc(${amount}::numeric * 1e18 / ${price}::numeric, 18)),
             plan_state = CASE WHEN p.plan_type = 'fixed' THEN 'withdrawn' ELSE p.plan_state END,
             updated_at = now()
       WHERE p.id = ${row.plan_id as string}
      RETURNING p.id, p.user_id, p.currency, p.plan_type`);
    if (item.batch_id) {
      await tx.execute(
        sql`UPDATE batch_plans SET status = 'resolved', resolved_hash = ${item.hash}, resolved_at = now() WHERE batch_id = ${item.batch_id} AND plan_id = ${plan!.id} AND status = 'included'`,
      );
    }
    // The customer's oldest active wallet receives the withdrawal (the profile's primary wallet).
    const {
      rows: [wallet],
    } = await tx.execute<{ id: string; address: string }>(sql`
      SELECT id, address FROM wallets WHERE user_id = ${plan!.user_id} AND is_active ORDER BY created_at, id LIMIT 1 FOR UPDATE`);
    if (!wallet) throw conflict('The customer has no active wallet to receive the withdrawal');
    const { balanceAfter } = await credit(tx, {
      walletId: wallet.id,
      currency: plan!.currency,
      amount,
      kind: 'savings-withdrawal',
      reference: { type: 'queue_item', id: queueId },
      staffId: ctx.actor?.id ?? null,
      mirror: {
        userId: plan!.user_id,
        state: plan!.plan_type === 'fixed' ? 7 : 9,
        type: 'funding',
        description: `Savings withdrawal of ${amount} ${plan!.currency}`,
        txnHash: item.hash,
        toAddress: wallet.address,
      },
    });
    await emitEvent(tx, {
      type: 'withdrawal.processed',
      userId: plan!.user_id,
      payload: {
        customerId: plan!.user_id,
        withdrawalId: queueId,
        source: 'withdrawQueue',
        currency: plan!.currency,
        amount,
        transactionHash: item.hash,
        inApp: false,
        planId: plan!.id,
      },
    });
    await writeAudit(tx, ctx, {
      action: 'queue.withdraw.update-after-withdrawal',
      targetType: 'queue_item',
      targetId: queueId,
      before: { status: 'processing' },
      after: {
        status: 'done',
        transactionHash: item.hash,
        credited: { walletId: wallet.id, currency: plan!.currency, amount, balanceAfter },
      },
    });
    return (await itemById(tx, queueId))!;
  });
}
