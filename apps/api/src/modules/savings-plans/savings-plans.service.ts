import { sql } from 'drizzle-orm';
import {
  REWARD_RECORD_LIMIT,
  type PlanBatch,
  type PlanType,
  type RewardRecord,
  type SavingsPlanDetail,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import type { BatchVerifier } from '../../chain/batch-chain';
import { claimTransaction, refuseClaimed, type ClaimChain } from '../../chain/transaction-claims';
import { toDate, toIso } from '../../timestamps/iso';

type PlanRow = {
  id: string;
  plan_name: string;
  protocol_name: string;
  plan_type: PlanType;
  currency: string;
  share_balance: string;
  lock_period: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  deposit_time: Date | string | null;
  withdrawal_time: Date | string | null;
  deposit_amount: string;
  withdrawal_amount: string | null;
  deposit_transaction_hash: string[];
  withdrawal_transaction_hash: string[];
  plan_state: string;
  save_status: string;
  locked: boolean;
  user_id: string;
  username: string;
  email: string;
};
type BatchRow = {
  id: string;
  action: 'deposit' | 'withdraw';
  transaction_hash: string | null;
  created_at: Date | string;
  batch_status: string;
  status: 'included' | 'resolved';
  amount: string;
  resolved_hash: string | null;
  resolved_at: Date | string | null;
};

const PLAN_COLUMNS =
  sql.raw(`p.id, p.plan_name, p.protocol_name, p.plan_type, p.currency, p.share_balance, p.lock_period, p.created_at,
  p.updated_at, p.deposit_time, p.withdrawal_time, p.deposit_amount, p.withdrawal_amount, p.deposit_transaction_hash,
  p.withdrawal_transaction_hash, p.plan_state, p.save_status, p.locked, p.user_id, u.username, u.email`);

/** Drizzle's raw `execute` hands timestamps over as PostgreSQL text ("2026-01-02 10:00:00.5+00"). */

const toPlan = (r: PlanRow): SavingsPlanDetail => ({
  _id: r.id,
  planName: r.plan_name,
  protocolName: r.protocol_name,
  planType: r.plan_type,
  currency: r.currency,
  shareBalance: r.share_balance,
  // The specification's lockPeriod is unix time (seconds).
  lockPeriod: r.lock_period ? Math.floor(toDate(r.lock_period).getTime() / 1000) : null,
  createdAt: toIso(r.created_at)!,
  updatedAt: toIso(r.updated_at)!,
  depositTime: toIso(r.deposit_time),
  withdrawalTime: toIso(r.withdrawal_time),
  depositAmount: r.deposit_amount,
  withdrawalAmount: r.withdrawal_amount,
  depositTransactionHash: r.deposit_transaction_hash,
  withdrawalTransactionHash: r.withdrawal_transaction_hash,
  planState: r.plan_state,
  saveStatus: r.save_status,
  locked: r.locked,
  userId: r.user_id,
  username: r.username,
  email: r.email,
});

const toBatch = (r: BatchRow): PlanBatch => ({
  _id: r.id,
  action: r.action,
  transactionHash: r.transaction_hash,
  createdAt: toIso(r.created_at)!,
  batchStatus: r.batch_status,
  status: r.status,
  amount: r.amount,
  resolvedHash: r.resolved_hash,
  resolvedAt: toIso(r.resolved_at),
});

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

const planNotFound = () => new AppError('NOT_FOUND', 'No savings plan of this type with this id');

async function findPlan(q: Db | Tx, planId: string, planType?: PlanType, forUpdate = false) {
  const { rows } = await q.execute<PlanRow>(sql`
    SELECT ${PLAN_COLUMNS} FROM savings_plans p JOIN users u ON u.id = p.user_id
     WHERE p.id = ${planId} ${planType ? sql`AND p.plan_type = ${planType}` : sql``}
     ${forUpdate ? sql`FOR UPDATE OF p` : sql``}`);
  return rows[0];
}

const batchOf = async (q: Db | Tx, planId: string, batchId?: string) =>
  (
    await q.execute<BatchRow>(sql`
    SELECT b.id, b.action, b.transaction_hash, b.created_at, b.status AS batch_status,
           bp.status, bp.amount, bp.resolved_hash, bp.resolved_at
      FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id
     WHERE bp.plan_id = ${planId} ${batchId ? sql`AND bp.batch_id = ${batchId}` : sql``}
     ORDER BY b.created_at DESC, b.id
     LIMIT 200`)
  ).rows;

/** `chain`: the configured chain (read at each call), on which a Resolve's own transaction is claimed. */
export function createSavingsPlansService(db: Db, verify: BatchVerifier, chain: ClaimChain = { chainId: null }) {
  return {
    async detail(planId: string, planType: PlanType) {
      const row = await findPlan(db, planId, planType);
      if (!row) throw planNotFound();
      return toPlan(row);
    },

    async batches(planId: string, planType: PlanType) {
      // A plan of the other type answers 404 like the detail, rather than an empty list that reads as "never batched".
      const { rows } = await db.execute<{ one: number }>(
        sql`SELECT 1 AS one FROM savings_plans WHERE id = ${planId} AND plan_type = ${planType}`,
      );
      if (!rows[0]) throw planNotFound();
      return { batches: (await batchOf(db, planId)).map(toBatch) };
    },

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
    async resolve(body: { batchId: string; hash: string; planId: string }, ctx: RequestContext) {
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
    },

    async rewardRecords(planId: string) {
      const { rows } = await db.execute<{
        id: string;
        amount: string;
        currency: string;
        status: string;
        transaction_hash: string | null;
        created_at: Date | string;
      }>(sql`
        SELECT id, amount, currency, status, transaction_hash, created_at FROM reward_records
         WHERE plan_id = ${planId} ORDER BY created_at DESC, id LIMIT ${REWARD_RECORD_LIMIT}`);
      const records: RewardRecord[] = rows.map((r) => ({
        _id: r.id,
        amount: r.amount,
        currency: r.currency,
        status: r.status,
        transactionHash: r.transaction_hash,
        createdAt: toIso(r.created_at)!,
      }));
      // Summed in SQL, not in floats.
      const { rows: totals } = await db.execute<{ currency: string; total: string }>(sql`
        SELECT currency, sum(amount)::text AS total FROM reward_records WHERE plan_id = ${planId} GROUP BY currency ORDER BY currency`);
      return { planId, records, total: Object.fromEntries(totals.map((t) => [t.currency, t.total])) };
    },
  };
}
