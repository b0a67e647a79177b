import { sql } from 'drizzle-orm';
import type { SavingsPlanDetail } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import type { BatchVerifier } from '../../chain/batch-chain';
import { claimTransaction, refuseClaimed, type ClaimChain } from '../../chain/transaction-claims';
import { toIso } from '../../timestamps/iso';
import { PLAN_COLUMNS, batchOf, findPlan, planNotFound, toBatch, toPlan, type PlanRow } from './plan-rows';

const alreadyResolved = () => conflict("This plan's part in the batch is already resolved");

/** A transaction already counted elsewhere: another batch's, another list's sent batch, or another part's resolve. */
async function refuseUsedElsewhere(q: Db | Tx, body: { batchId: string; hash: string; planId: string }) {
  const {
    rows: [batch],
  } = await q.execute<{ id: string }>(
    sql`SELECT id FROM batches WHERE lower(transaction_hash) = ${body.hash} AND id <> ${body.batchId} LIMIT 1`,
  );
  if (batch)
    throw conflict(`hash: this transaction is the saved batch ${batch.id}; it cannot resolve a part of another batch`);
  const {
    rows: [sent],
  } = await q.execute<{ id: string }>(sql`SELECT id FROM process_lists WHERE lower(sent_hash) = ${body.hash} LIMIT 1`);
  if (sent)
    throw conflict(
      `hash: this transaction is the batch sent for process list ${sent.id}; it cannot resolve a plan's part`,
    );
  const {
    rows: [other],
  } = await q.execute<{ batch_id: string; plan_id: string }>(sql`
    SELECT bp.batch_id, bp.plan_id FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id
     WHERE lower(bp.resolved_hash) = ${body.hash} AND lower(coalesce(b.transaction_hash, '')) <> ${body.hash}
       AND NOT (bp.batch_id = ${body.batchId} AND bp.plan_id = ${body.planId}) LIMIT 1`);
  if (other)
    throw conflict(
      `hash: this transaction resolved plan ${other.plan_id}'s part in batch ${other.batch_id} already; one transaction resolves one part`,
    );
}

/**
 * Marks the plan's part in a batch resolved with the transaction that carried it and brings
 * the plan in step, in one transaction. The guarded update on the part (status still
 * 'included') is what makes a double click or two staff at once resolve it only once.
 *
 * The hash marks money as moved, so it is checked on chain first, as save-batch checks its
 * own: the transaction exists, succeeded, called the configured vault's deposit (withdraw for
 * a withdraw batch) from a custodial wallet, and carries the part. "Carries the part": either
 * it is the batch's own transaction, and then it moved the batch's amount, or it is a
 * transaction of the part alone (sent again for this plan), and then it moved exactly the
 * part's amount (a withdrawal up to 0.000001 over, as save-batch allows). A transaction that
 * is another batch's, another list's sent batch, or resolved another part already is refused
 * (409): one transfer is never counted twice. A transaction of the part alone is claimed for it
 * (chain/transaction-claims.ts): one backing any other money event (a batch, a payout, another
 * resolve) is a 409 naming that use. Any refusal changes nothing.
 */
export async function resolvePlanPart(
  db: Db,
  verify: BatchVerifier,
  chain: ClaimChain,
  body: { batchId: string; hash: string; planId: string },
  ctx: RequestContext,
) {
  const {
    rows: [part],
  } = await db.execute<{
    status: string;
    amount: string;
    action: 'deposit' | 'withdraw';
    batch_hash: string | null;
    batch_amount: string;
  }>(sql`
    SELECT bp.status, trim_scale(bp.amount)::text AS amount, b.action, lower(b.transaction_hash) AS batch_hash,
           trim_scale(coalesce(b.amount, (SELECT sum(o.amount) FROM batch_plans o WHERE o.batch_id = b.id)))::text AS batch_amount
      FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id
     WHERE bp.batch_id = ${body.batchId} AND bp.plan_id = ${body.planId}`);
  if (!part) throw new AppError('NOT_FOUND', 'This plan was not in that batch');
  if (part.status !== 'included') throw alreadyResolved();
  const own = part.batch_hash === body.hash;
  if (!own) await refuseUsedElsewhere(db, body);
  if (!own) await refuseClaimed(db, chain, body.hash);
  const { rows: senders } = await db.execute<{ address: string }>(
    sql`SELECT lower(address) AS address FROM custodial_wallets`,
  );
  await verify({
    hash: body.hash as `0x${string}`,
    action: part.action,
    amount: own ? part.batch_amount : part.amount,
    senders: senders.map((s) => s.address),
    field: 'hash',
    holds: own ? "the batch's amount is" : "the plan's part in the batch is",
  });
  return db.transaction(async (tx) => {
    // Two resolves naming the same transaction for different parts take turns, and the second sees the first.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`resolve-hash:${body.hash}`}))`);
    if (!own) await refuseUsedElsewhere(tx, body);
    const {
      rows: [part],
    } = await tx.execute<{ action: 'deposit' | 'withdraw'; created_at: Date | string; amount: string }>(sql`
      UPDATE batch_plans bp SET status = 'resolved', resolved_hash = ${body.hash}, resolved_by = ${ctx.actor?.id ?? null}, resolved_at = now()
        FROM batches b
       WHERE b.id = bp.batch_id AND bp.batch_id = ${body.batchId} AND bp.plan_id = ${body.planId} AND bp.status = 'included'
      RETURNING b.action, b.created_at, bp.amount`);
    if (!part) {
      const {
        rows: [existing],
      } = await tx.execute<{ status: string }>(sql`
        SELECT status FROM batch_plans WHERE batch_id = ${body.batchId} AND plan_id = ${body.planId}`);
      if (!existing) throw new AppError('NOT_FOUND', 'This plan was not in that batch');
      throw alreadyResolved();
    }
    if (!own) {
      await claimTransaction(tx, chain, {
        hash: body.hash,
        kind: `resolve.${part.action}`,
        recordId: `${body.batchId}/${body.planId}`,
        staffId: ctx.actor?.id ?? null,
      });
    }
    const before = await findPlan(tx, body.planId, undefined, true);
    if (!before) throw planNotFound();
    const {
      rows: [after],
    } =
      part.action === 'deposit'
        ? await tx.execute<PlanRow>(sql`
          UPDATE savings_plans p SET
                 deposit_transaction_hash = CASE WHEN ${body.hash} = ANY(p.deposit_transaction_hash) THEN p.deposit_transaction_hash
                                                 ELSE array_append(p.deposit_transaction_hash, ${body.hash}::text) END,
                 save_status = 'saved',
                 deposit_time = coalesce(p.deposit_time, ${toIso(part.created_at)}::timestamptz),
                 updated_at = now()
            FROM users u WHERE u.id = p.user_id AND p.id = ${body.planId}
          RETURNING ${PLAN_COLUMNS}`)
        : await tx.execute<PlanRow>(sql`
          UPDATE savings_plans p SET
                 withdrawal_transaction_hash = CASE WHEN ${body.hash} = ANY(p.withdrawal_transaction_hash) THEN p.withdrawal_transaction_hash
                                                    ELSE array_append(p.withdrawal_transaction_hash, ${body.hash}::text) END,
                 withdrawal_time = coalesce(p.withdrawal_time, ${toIso(part.created_at)}::timestamptz),
                 withdrawal_amount = coalesce(p.withdrawal_amount, ${part.amount}::numeric),
                 -- A fixed plan leaves the vault whole at maturity; a flexible withdrawal may be partial, so its state stays.
                 plan_state = CASE WHEN p.plan_type = 'fixed' THEN 'withdrawn' ELSE p.plan_state END,
                 updated_at = now()
            FROM users u WHERE u.id = p.user_id AND p.id = ${body.planId}
          RETURNING ${PLAN_COLUMNS}`);
    const [batch] = await batchOf(tx, body.planId, body.batchId);
    const plan = toPlan(after!);
    const snapshot = (p: SavingsPlanDetail) => ({
      saveStatus: p.saveStatus,
      planState: p.planState,
      depositTransactionHash: p.depositTransactionHash,
      withdrawalTransactionHash: p.withdrawalTransactionHash,
      withdrawalTime: p.withdrawalTime,
      withdrawalAmount: p.withdrawalAmount,
    });
    await writeAudit(tx, ctx, {
      action: 'plan.resolve',
      targetType: 'savings_plan',
      targetId: body.planId,
      before: { batchId: body.batchId, action: part.action, partStatus: 'included', ...snapshot(toPlan(before)) },
      after: {
        batchId: body.batchId,
        action: part.action,
        partStatus: 'resolved',
        hash: body.hash,
        ...snapshot(plan),
      },
    });
    return { plan, batch: toBatch(batch!) };
  });
}
