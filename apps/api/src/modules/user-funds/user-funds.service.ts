import { sql, type SQL } from 'drizzle-orm';
import { REMITTANCE_CURRENCIES, type LockStatus, type RemittanceCurrencyCode, type RemittanceResult, type ResolveWalletResult, type SavingsLockResult } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict } from '../../http/errors';
import { debit, move } from '../../ledger/ledger';

type PlanType = 'fixed' | 'flexible';

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

const notFound = (message: string) => new AppError('NOT_FOUND', message);

async function rows<T>(tx: Tx | Db, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

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

/** A numeric[] literal; drizzle would spread a JS array into separate parameters. */
const pgNumericArray = (amounts: string[]) => `{${amounts.join(',')}}`;

const isPositive = (amount: string) => /[1-9]/.test(amount);

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
  const [r] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM savings_lock_entries WHERE plan_id = ${planId}`);
  return r!.n;
}

type HoldEntry = { entryId: number; currency: string; amount: string; heldAfter: string };

/**
 * The plan hold ledger's row this transaction wrote: savings_plans' trigger holds the locked
 * amount when a plan becomes locked and releases what it holds when it becomes unlocked
 * (migration 0018); null when nothing was held or released.
 */
async function holdWritten(tx: Tx, planId: string): Promise<HoldEntry | null> {
  const [entry] = await rows<{ id: string; currency: string; amount: string; held_after: string }>(tx, sql`
    SELECT id, currency, trim_scale(amount)::text AS amount, trim_scale(held_after)::text AS held_after
      FROM savings_lock_entries WHERE plan_id = ${planId} AND created_at = now() ORDER BY id DESC LIMIT 1`);
  return entry ? { entryId: Number(entry.id), currency: entry.currency, amount: entry.amount, heldAfter: entry.held_after } : null;
}

export function createUserFundsService(db: Db) {
  /**
   * Locks or unlocks one plan. The plan row is locked first (so two staff act one after the
   * other), then changed by a guarded update on its current lock state. The plans' trigger moves
   * the money held through the plan hold ledger (savings_lock_entries) in the same transaction: a
   * lock holds exactly the amount locked (a fixed plan's deposit, a flexible plan's lockedAmount),
   * an unlock releases exactly the sum the ledger holds; the audit row carries that entry.
   */
  async function setPlanLock(
    ctx: RequestContext,
    input: { planId: string; planType: PlanType; lockStatus: LockStatus; comment: string; amount?: string; lockVersion?: number | undefined },
  ): Promise<SavingsLockResult> {
    const actorId = ctx.actor?.id ?? null;
    return db.transaction(async (tx) => {
      const [before] = await rows<PlanRow>(tx, sql`SELECT ${PLAN_COLUMNS} FROM savings_plans WHERE id = ${input.planId} FOR UPDATE`);
      if (!before || before.plan_type !== input.planType) throw notFound(`${input.planType === 'fixed' ? 'Fixed' : 'Flexible'} savings plan not found`);
      // The caller's precondition, read under the plan's row lock (every lock change updates that
      // row, and its trigger writes the entry in the same transaction): the lock as they saw it.
      // Checked once the plan's state allows the call, so 'already locked' keeps its own message.
      const version = await lockVersionOf(tx, input.planId);
      const checkVersion = () => {
        if (input.lockVersion !== undefined && input.lockVersion !== version) {
          throw conflict(`The plan's lock changed since your screen showed it (it is ${before.locked ? 'locked' : 'unlocked'} now): reload it before you ${input.lockStatus} it`);
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
        [after] = await rows<PlanRow>(tx, sql`
          UPDATE savings_plans
             SET locked = true, locked_amount = ${amount}::numeric, locked_comment = ${input.comment},
                 locked_by = ${actorId}::uuid, locked_at = now(), updated_at = now()
           WHERE id = ${input.planId} AND plan_type = ${input.planType} AND locked = false AND plan_state <> 'withdrawn'
          RETURNING ${PLAN_COLUMNS}`);
        if (!after) throw conflict('The plan is already locked');
      } else {
        if (!before.locked) throw conflict('The plan is not locked');
        checkVersion();
        // The last lock's comment, author and time stay on the plan; the unlock reason is in the audit row.
        [after] = await rows<PlanRow>(tx, sql`
          UPDATE savings_plans
             SET locked = false, locked_amount = NULL, unlocked_by = ${actorId}::uuid, unlocked_at = now(), updated_at = now()
           WHERE id = ${input.planId} AND plan_type = ${input.planType} AND locked = true
          RETURNING ${PLAN_COLUMNS}`);
        if (!after) throw conflict('The plan is not locked');
      }
      const hold = await holdWritten(tx, input.planId);
      const lockVersion = hold ? version + 1 : version;

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

  return {
    lockFixedSavings: (ctx: RequestContext, body: { fixedSavingsId: string; lockedComment: string; lockStatus: LockStatus; lockVersion?: number | undefined }) =>
      setPlanLock(ctx, { planId: body.fixedSavingsId, planType: 'fixed', lockStatus: body.lockStatus, comment: body.lockedComment, lockVersion: body.lockVersion }),

    lockFlexibleSavings: (ctx: RequestContext, body: { flexibleSavingsId: string; lockedAmount?: string; lockedComment: string; lockStatus: LockStatus; lockVersion?: number | undefined }) =>
      setPlanLock(ctx, {
        planId: body.flexibleSavingsId,
        planType: 'flexible',
        lockStatus: body.lockStatus,
        comment: body.lockedComment,
        amount: body.lockedAmount,
        lockVersion: body.lockVersion,
      }),

    /**
     * Moves the customer's whole balance in one currency, over all their wallets, into a pending
     * remittance. The balance rows are locked first, so a second request waits, then finds the
     * pending remittance (or nothing left) and is refused; the partial unique index on pending
     * remittances backs this up.
     */
    async triggerRemittance(ctx: RequestContext, body: { userId: string; currency: RemittanceCurrencyCode }): Promise<RemittanceResult> {
      const currency = REMITTANCE_CURRENCIES[body.currency];
      const actorId = ctx.actor!.id;
      return db.transaction(async (tx) => {
        const [user] = await rows<{ id: string }>(tx, sql`SELECT id FROM users WHERE id = ${body.userId}`);
        if (!user) throw notFound('User not found');

        // The customer's wallets first, in the order the wallet merge locks them: a merge and a
        // remittance of one customer run one after the other, and the balances read below are the
        // committed ones. The amount remitted is the sum of exactly the rows locked and debited.
        await tx.execute(sql`SELECT id FROM wallets WHERE user_id = ${body.userId} ORDER BY created_at, id FOR SHARE`);
        const balances = await rows<{ wallet_id: string; address: string; balance: string }>(tx, sql`
          SELECT wb.wallet_id, w.address, trim_scale(wb.balance)::text AS balance
            FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id
           WHERE w.user_id = ${body.userId} AND wb.currency = ${currency}
           ORDER BY wb.wallet_id, wb.currency
             FOR UPDATE OF wb`);

        const [pending] = await rows<{ id: string }>(tx, sql`
          SELECT id FROM remittances WHERE user_id = ${body.userId} AND currency = ${currency} AND status = 'pending'`);
        if (pending) throw conflict(`A ${currency} remittance for this customer is already pending`);

        const funded = balances.filter((b) => isPositive(b.balance));
        if (funded.length === 0) throw conflict(`There is no ${currency} balance to remit`);

        const [remittance] = await rows<{ id: string; amount: string; status: string; requested_by: string; created_at: string }>(tx, sql`
          INSERT INTO remittances (user_id, currency, amount, status, requested_by)
          SELECT ${body.userId}, ${currency}, sum(b), 'pending', ${actorId}
            FROM unnest(${pgNumericArray(funded.map((b) => b.balance))}::numeric[]) AS b
          ON CONFLICT (user_id, currency) WHERE status = 'pending' DO NOTHING
          RETURNING id, trim_scale(amount)::text AS amount, status, requested_by,
                    to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`);
        if (!remittance) throw conflict(`A ${currency} remittance for this customer is already pending`);

        const debits: RemittanceResult['debits'] = [];
        for (const b of funded) {
          // The customer's own history shows where the money went (a withdrawal, state 1).
          const { balanceAfter } = await debit(tx, {
            walletId: b.wallet_id, currency, amount: b.balance, kind: 'remittance',
            reference: { type: 'remittance', id: remittance.id }, staffId: actorId,
            mirror: { userId: body.userId, state: 1, type: 'withdraw', description: `Remittance of ${b.balance} ${currency} (remittance ${remittance.id})`, fromAddress: b.address },
          });
          debits.push({ walletId: b.wallet_id, amount: b.balance, balanceAfter });
        }

        await writeAudit(tx, ctx, {
          action: 'remittance.trigger',
          targetType: 'user',
          targetId: body.userId,
          before: { currency, balances: funded.map((b) => ({ walletId: b.wallet_id, balance: b.balance })) },
          after: { remittanceId: remittance.id, currency, amount: remittance.amount, status: remittance.status, debits },
        });

        return {
          _id: remittance.id,
          userId: body.userId,
          currency,
          currencyCode: body.currency,
          amount: remittance.amount,
          status: remittance.status,
          requestedBy: remittance.requested_by,
          createdAt: remittance.created_at,
          debits,
        };
      });
    },

    /**
     * Folds a duplicate wallet into the customer's primary (oldest active) wallet: every balance
     * moves by a debit and a credit in the ledger, then the duplicate is deactivated by a guarded
     * update. The customer's wallets are locked first, so two resolves run one after the other.
     */
    async resolveMultipleWallet(ctx: RequestContext, walletId: string): Promise<ResolveWalletResult> {
      const actorId = ctx.actor!.id;
      return db.transaction(async (tx) => {
        const [target] = await rows<{ user_id: string }>(tx, sql`SELECT user_id FROM wallets WHERE id = ${walletId}`);
        if (!target) throw notFound('Wallet not found');

        const wallets = await rows<{ id: string; address: string; is_active: boolean }>(tx, sql`
          SELECT id, address, is_active FROM wallets WHERE user_id = ${target.user_id} ORDER BY created_at, id FOR UPDATE`);
        const duplicate = wallets.find((w) => w.id === walletId)!;
        if (!duplicate.is_active) throw conflict('This wallet has already been resolved');
        const active = wallets.filter((w) => w.is_active);
        if (active.length < 2) throw conflict('The customer has only one active wallet: there is nothing to resolve');
        const primary = active[0]!;
        if (primary.id === walletId) throw conflict("This is the customer's primary wallet: resolve the duplicate wallet instead");

        const balances = await rows<{ wallet_id: string; currency: string; balance: string }>(tx, sql`
          SELECT wallet_id, currency, trim_scale(balance)::text AS balance FROM wallet_balances
           WHERE wallet_id IN (${primary.id}, ${walletId})
           ORDER BY wallet_id, currency
             FOR UPDATE`);
        const toMove = balances.filter((b) => b.wallet_id === walletId && isPositive(b.balance));

        const moved: ResolveWalletResult['moved'] = [];
        for (const b of toMove) {
          // Both wallets' histories explain the move (transfer send 2 / receive 3).
          await move(tx, {
            from: { walletId, address: duplicate.address }, to: { walletId: primary.id, address: primary.address },
            currency: b.currency, amount: b.balance, kind: 'wallet-merge', reference: { type: 'wallet-merge', id: walletId }, staffId: actorId,
            userId: target.user_id, description: `Duplicate wallet resolved: ${b.balance} ${b.currency} moved to the primary wallet`,
          });
          moved.push({ currency: b.currency, amount: b.balance });
        }

        const [deactivated] = await rows<{ id: string }>(tx, sql`
          UPDATE wallets SET is_active = false WHERE id = ${walletId} AND is_active = true RETURNING id`);
        if (!deactivated) throw conflict('This wallet has already been resolved');

        await writeAudit(tx, ctx, {
          action: 'wallet.resolve',
          targetType: 'wallet',
          targetId: walletId,
          before: { isActive: true, userId: target.user_id, balances: balances.filter((b) => b.wallet_id === walletId).map(({ currency, balance }) => ({ currency, balance })) },
          after: { isActive: false, primaryWalletId: primary.id, moved },
        });
        return { walletId, isActive: false, primaryWalletId: primary.id, moved };
      });
    },
  };
}
