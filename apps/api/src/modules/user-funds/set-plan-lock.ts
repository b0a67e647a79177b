import { sql } from 'drizzle-orm';
import type { LockStatus, SavingsLockResult } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { isPositive, notFound, rows } from './user-funds-shared';
import { emitEvent } from '../../outbox/outbox';

export type PlanType = 'fixed' | 'flexible';

type PlanRow = {
  id: string;
  plan_type: PlanType;
  plan_state: string;
  currency: string;
  deposit_amount: string;
  locked: boolean;
  locked_amount: string | null;
  locked_comment: string | null;
  locked_by: string | null;
  locked_at: string | null;
  unlocked_by: string | null;
  unlocked_at: string | null;
};

// trim_scale: money leaves the API as the shortest exact decimal ('12.5', not '12.500000000000000000').
const PLAN_COLUMNS = sql`id, plan_type, plan_state, currency, trim_scale(deposit_amount)::text AS deposit_amount, locked,
  trim_scale(locked_amount)::text AS locked_amount, locked_comment, locked_by,
  to_char(locked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS locked_at, unlocked_by,
  to_char(unlocked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS unlocked_at`;

const lockView = (p: PlanRow, lockVersion: number): SavingsLockResult => ({
  _id: p.id,
  planType: p.plan_type,
  locked: p.locked,
  lockedAmount: p.locked_amount,
  lockedComment: p.locked_comment,
  lockedBy: p.locked_by,
  lockedAt: p.locked_at,
  unlockedBy: p.unlocked_by,
  unlockedAt: p.unlocked_at,
  lockVersion,
});

/** The lock fields of a plan, as the audit row's before and after keep them. */
const auditPlan = (p: PlanRow) => {
  const { _id, planType: _planType, lockVersion: _lockVersion, ...lock } = lockView(p, 0);
  return lock;
};

/** Whether a ≤ b for two non-negative decimal strings, compared exactly by PostgreSQL. */
async function notAbove(tx: Tx, a: string, b: string) {
  const [r] = await rows<{ ok: boolean }>(tx, sql`SELECT ${a}::numeric <= ${b}::numeric AS ok`);
  return r!.ok;
}

/**
 * The plan's lock version: its entries in the hold ledger (one per lock and per unlock). Its own
 * statement, run once the plan's row is locked: a statement that waited for that lock still reads
 * from the snapshot it started with, and would miss the entry of the change it waited for.
 */
async function lockVersionOf(tx: Tx, planId: string) {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM savings_lock_entries WHERE plan_id = ${planId}`,
  );
  return r!.n;
}

type HoldEntry = { entryId: number; currency: string; amount: string; heldAfter: string };

/**
 * The plan hold ledger's row this transaction wrote: savings_plans' trigger holds the locked
 * amount when a plan becomes locked and releases what it holds when it becomes unlocked
 * (migration 0018); null when nothing was held or released.
 */
async function holdWritten(tx: Tx, planId: string): Promise<HoldEntry | null> {
  const [entry] = await rows<{ id: string; currency: string; amount: string; held_after: string }>(
    tx,
    sql`
    SELECT id, currency, trim_scale(amount)::text AS amount, trim_scale(held_after)::text AS held_after
      FROM savings_lock_entries WHERE plan_id = ${planId} AND created_at = now() ORDER BY id DESC LIMIT 1`,
  );
  return entry
    ? { entryId: Number(entry.id), currency: entry.currency, amount: entry.amount, heldAfter: entry.held_after }
    : null;
}

/**
 * Locks or unlocks one plan. The plan row is locked first (so two staff act one after the
 * other), then changed by a guarded update on its current lock state. The plans' trigger moves
 * the money held through the plan hold ledger (savings_lock_entries) in the same transaction: a
 * lock holds exactly the amount locked (a fixed plan's deposit, a flexible plan's lockedAmount),
 * an unlock releases exactly the sum the ledger holds; the audit row carries that entry.
 */
export async function setPlanLock(
  db: Db,
  ctx: RequestContext,
  input: {
    planId: string;
    planType: PlanType;
    lockStatus: LockStatus;
    comment: string;
    amount?: string;
    lockVersion?: number | undefined;
  },
): Promise<SavingsLockResult> {
  const actorId = ctx.actor?.id ?? null;
  return db.transaction(async (tx) => {
    const [before] = await rows<PlanRow>(
      tx,
      sql`SELECT ${PLAN_COLUMNS} FROM savings_plans WHERE id = ${input.planId} FOR UPDATE`,
    );
    if (!before || before.plan_type !== input.planType)
      throw notFound(`${input.planType === 'fixed' ? 'Fixed' : 'Flexible'} savings plan not found`);
    // The caller's precondition, read under the plan's row lock (every lock change updates that
    // row, and its trigger writes the entry in the same transaction): the lock as they saw it.
    // Checked once the plan's state allows the call, so 'already locked' keeps its own message.
    const version = await lockVersionOf(tx, input.planId);
    const checkVersion = () => {
      if (input.lockVersion !== undefined && input.lockVersion !== version) {
        throw conflict(
          `The plan's lock changed since your screen showed it (it is ${before.locked ? 'locked' : 'unlocked'} now): reload it before you ${input.lockStatus} it`,
        );
      }
    };

    let after: PlanRow | undefined;
    if (input.lockStatus === 'lock') {
      if (before.locked) throw conflict('The plan is already locked');
      if (before.plan_state === 'withdrawn') throw conflict('The plan has been withdrawn: there is nothing to lock');
      checkVersion();
      let amount: string | null = null;
      if (input.planType === 'flexible') {
        amount = input.amount!;
        if (!(await notAbove(tx, amount, before.deposit_amount))) {
          const message = `The amount to lock cannot exceed the plan's deposit of ${before.deposit_amount} ${before.currency}`;
          throw badRequest(message, { lockedAmount: [message] });
        }
      } else if (!isPositive(before.deposit_amount)) {
        throw conflict('The plan holds no deposit: there is nothing to lock');
      }
      [after] = await rows<PlanRow>(
        tx,
        sql`
        UPDATE savings_plans
           SET locked = true, locked_amount = ${amount}::numeric, locked_comment = ${input.comment},
               locked_by = ${actorId}::uuid, locked_at = now(), updated_at = now()
         WHERE id = ${input.planId} AND plan_type = ${input.planType} AND locked = false AND plan_state <> 'withdrawn'
        RETURNING ${PLAN_COLUMNS}`,
      );
      if (!after) throw conflict('The plan is already locked');
    } else {
      if (!before.locked) throw conflict('The plan is not locked');
      checkVersion();
      // The last lock's comment, author and time stay on the plan; the unlock reason is in the audit row.
      [after] = await rows<PlanRow>(
        tx,
        sql`
        UPDATE savings_plans
           SET locked = false, locked_amount = NULL, unlocked_by = ${actorId}::uuid, unlocked_at = now(), updated_at = now()
         WHERE id = ${input.planId} AND plan_type = ${input.planType} AND locked = true
        RETURNING ${PLAN_COLUMNS}`,
      );
      if (!after) throw conflict('The plan is not locked');
    }
    const hold = await holdWritten(tx, input.planId);
    const lockVersion = hold ? version + 1 : version;
    const [owner] = await rows<{ user_id: string }>(
      tx,
      sql`SELECT user_id FROM savings_plans WHERE id = ${input.planId}`,
    );
    const common = {
      customerId: owner!.user_id,
      planId: input.planId,
      planType: input.planType,
      currency: after.currency,
      comment: input.comment,
    };
    if (input.lockStatus === 'lock')
      await emitEvent(tx, {
        type: 'account.locked',
        userId: owner!.user_id,
        payload: { ...common, heldAmount: hold?.amount ?? null },
      });
    else
      await emitEvent(tx, {
        type: 'account.unlocked',
        userId: owner!.user_id,
        payload: { ...common, releasedAmount: hold ? hold.amount.replace(/^-/, '') : null },
      });

    await writeAudit(tx, ctx, {
      action: `savings-plan.${input.lockStatus}`,
      targetType: 'savings_plan',
      targetId: input.planId,
      before: auditPlan(before),
      after: { ...auditPlan(after), planType: input.planType, comment: input.comment, hold },
    });
    return lockView(after, lockVersion);
  });
}
