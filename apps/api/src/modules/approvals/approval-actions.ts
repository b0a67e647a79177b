import { sql } from 'drizzle-orm';
import {
  CURRENCY_CODES,
  MONEY_PERMISSIONS,
  REMITTANCE_CURRENCIES,
  type ApprovalKind,
  type ApprovalPolicy,
  type Permission,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { createAdminsService } from '../admins/admins.service';
import { createComplianceService } from '../compliance/compliance.service';
import { createSettingsService } from '../settings/settings.service';
import { createUserFundsService } from '../user-funds/user-funds.service';
import { createPayoutVerifier } from '../../chain/payout-chain';
import { createWithdrawOutService } from '../withdraw-out/withdraw-out.service';
import {
  createApprovalPolicyService,
  currentPolicy,
  moneyThresholdOn,
  policyChangeHeld,
  weakenings,
} from './approval-policy.service';

/** The call as it was asked: its path parameters and its parsed body. */
export type ActionInput = { params: Record<string, string>; body: Record<string, unknown> };

/** What the target looked like, by the words a message names it with: "the customer's BUSD balance" -> "500". */
export type Snapshot = Record<string, string | number | boolean | null>;

export type ActionDef = {
  kind: ApprovalKind;
  /** The route's own permission: the approver must hold it too. */
  permission: Permission;
  /** False when this call of the route is not one the policy covers (e.g. a savings lock, not an unlock). */
  covers?: (input: ActionInput) => boolean;
  summary: (q: Tx, input: ActionInput) => Promise<string>;
  /**
   * Beyond its kind's rule: true holds the call back, false lets it through whatever its kind
   * says, undefined leaves it to the kind (e.g. a price change while a money threshold is on).
   */
  decide?: (q: Tx, input: ActionInput, policy: ApprovalPolicy) => Promise<boolean | undefined>;
  /** Money kinds: the amount in USD at the current internal settings' prices. */
  amountUsd?: (q: Tx, input: ActionInput) => Promise<string | null>;
  snapshot: (q: Tx, input: ActionInput) => Promise<Snapshot>;
  /** Carries the action out with the existing service, inside `tx` (its own transaction becomes a savepoint). */
  execute: (tx: Tx, ctx: RequestContext, input: ActionInput, permissions: readonly string[]) => Promise<unknown>;
};

/** A service built over a transaction: its `db.transaction` then opens a savepoint of the caller's transaction. */
const over = (tx: Tx) => tx as unknown as Db;

async function one<T>(q: Tx, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const { rows } = await q.execute(query);
  return rows[0] as T | undefined;
}

/** amount (in `currency`) times the current internal settings' USD price of that currency. */
async function toUsd(q: Tx, amount: string, currency: string) {
  const r = await one<{ usd: string }>(
    q,
    sql`
    SELECT trim_scale(${amount}::numeric * CASE ${currency} WHEN 'VLT' THEN vlt_token_usd_price ELSE busd_token_usd_price END)::text AS usd
      FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return r?.usd ?? amount;
}

async function customerBalance(q: Tx, userId: string, currency: string) {
  // The customer's wallets in the order the remittance and the wallet merge lock them.
  await q.execute(sql`SELECT id FROM wallets WHERE user_id = ${userId} ORDER BY created_at, id FOR SHARE`);
  const r = await one<{ total: string; email: string | null }>(
    q,
    sql`
    SELECT trim_scale(coalesce((SELECT sum(wb.balance) FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id
                                 WHERE w.user_id = ${userId} AND wb.currency = ${currency}), 0))::text AS total,
           (SELECT email::text FROM users WHERE id = ${userId}) AS email`,
  );
  return { total: r?.total ?? '0', email: r?.email ?? userId };
}

async function withdrawal(q: Tx, id: string) {
  return one<{
    status: number;
    currency: number;
    final_amount: string;
    amount: string;
    email: string;
    transaction_hash: string | null;
  }>(
    q,
    sql`
    SELECT r.status, r.currency, trim_scale(r.final_amount)::text AS final_amount, trim_scale(r.amount)::text AS amount,
           u.email::text AS email, r.transaction_hash
      FROM withdrawal_requests r JOIN users u ON u.id = r.user_id WHERE r.id = ${id}`,
  );
}

async function settingsVersion(q: Tx) {
  const r = await one<{ id: string }>(
    q,
    sql`SELECT id::text AS id FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return r?.id ?? null;
}

async function policyVersion(q: Tx) {
  const r = await one<{ id: string }>(
    q,
    sql`SELECT id::text AS id FROM approval_policy_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return r?.id ?? null;
}

async function staffRow(q: Tx, id: string) {
  return one<{ email: string; status: string; role_id: string; title: string }>(
    q,
    sql`
    SELECT s.email::text AS email, s.status, s.role_id::text AS role_id, r.title FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = ${id}`,
  );
}

async function roleRow(q: Tx, id: string) {
  return one<{
    title: string;
    permissions: string[];
    is_active: boolean;
    require_passkey: boolean;
    updated_at: string;
  }>(
    q,
    sql`
    SELECT title, permissions, is_active, require_passkey, updated_at::text AS updated_at FROM roles WHERE id = ${id} AND deleted_at IS NULL`,
  );
}

const MONEY: readonly string[] = MONEY_PERMISSIONS;
const holdsMoney = (permissions: readonly string[] | undefined) => (permissions ?? []).some((p) => MONEY.includes(p));

/** Whether the body's USD prices differ from the ones in force (the prices requests are valued at). */
async function pricesChange(q: Tx, body: Record<string, unknown>) {
  const r = await one<{ changed: boolean }>(
    q,
    sql`
    SELECT (${String(body.vltTokenUsdPrice)}::numeric IS DISTINCT FROM vlt_token_usd_price
            OR ${String(body.busdTokenUsdPrice)}::numeric IS DISTINCT FROM busd_token_usd_price) AS changed
      FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return r?.changed ?? true;
}

/** While a money threshold is on: held back when `grants` (evaluated only then) is true. */
const heldWithMoneyOn =
  (grants: (q: Tx, input: ActionInput) => Promise<boolean>) =>
  async (q: Tx, input: ActionInput, policy: ApprovalPolicy) =>
    moneyThresholdOn(policy) && (await grants(q, input)) ? true : undefined;

async function planLock(q: Tx, id: string) {
  return one<{ locked: boolean; entries: number; email: string | null; currency: string }>(
    q,
    sql`
    SELECT p.locked, (SELECT count(*)::int FROM savings_lock_entries e WHERE e.plan_id = p.id) AS entries, u.email::text AS email, p.currency
      FROM savings_plans p LEFT JOIN users u ON u.id = p.user_id WHERE p.id = ${id}`,
  );
}

const withdrawalSnapshot = async (q: Tx, id: string): Promise<Snapshot> => {
  const r = await withdrawal(q, id);
  return {
    "the withdrawal request's status": r ? r.status : null,
    "the withdrawal request's transaction hash": r?.transaction_hash ?? null,
  };
};

/** Every action the policy can hold back, by the key the route's config names. */
export function approvalActions(config: Config): Record<string, ActionDef> {
  const verifier = createPayoutVerifier(config.chain);
  const withdrawOut = (tx: Tx) => createWithdrawOutService(over(tx), () => {}, verifier, config.chain);
  const admins = (tx: Tx) => createAdminsService(over(tx), config);
  const unlock = (planType: 'fixed' | 'flexible', idField: string): ActionDef => ({
    kind: 'blacklist',
    permission: 'users.manage',
    covers: ({ body }) => body.lockStatus === 'unlock',
    summary: async (q, { body }) => {
      const p = await planLock(q, String(body[idField]));
      return `Unlock the ${planType} savings plan ${String(body[idField])} of ${p?.email ?? 'a customer'}`;
    },
    snapshot: async (q, { body }) => {
      const p = await planLock(q, String(body[idField]));
      return {
        "the plan's lock": p ? (p.locked ? 'locked' : 'unlocked') : null,
        "the plan's lock version": p?.entries ?? null,
      };
    },
    execute: (tx, ctx, { body }) =>
      planType === 'fixed'
        ? createUserFundsService(over(tx)).lockFixedSavings(
            ctx,
            body as Parameters<ReturnType<typeof createUserFundsService>['lockFixedSavings']>[1],
          )
        : createUserFundsService(over(tx)).lockFlexibleSavings(
            ctx,
            body as Parameters<ReturnType<typeof createUserFundsService>['lockFlexibleSavings']>[1],
          ),
  });

  return {
    'remittance.trigger': {
      kind: 'remitFunds',
      permission: 'funds.remit',
      summary: async (q, { body }) => {
        const currency = REMITTANCE_CURRENCIES[body.currency as 1 | 2];
        const b = await customerBalance(q, String(body.userId), currency);
        return `Remit the whole ${currency} balance (${b.total} ${currency}) of ${b.email}`;
      },
      amountUsd: async (q, { body }) => {
        const currency = REMITTANCE_CURRENCIES[body.currency as 1 | 2];
        return toUsd(q, (await customerBalance(q, String(body.userId), currency)).total, currency);
      },
      snapshot: async (q, { body }) => {
        const currency = REMITTANCE_CURRENCIES[body.currency as 1 | 2];
        return {
          [`the customer's ${currency} balance`]: (await customerBalance(q, String(body.userId), currency)).total,
        };
      },
      execute: (tx, ctx, { body }) =>
        createUserFundsService(over(tx)).triggerRemittance(ctx, body as { userId: string; currency: 1 | 2 }),
    },
    'withdrawal.cancel': {
      kind: 'withdrawalOut',
      permission: 'withdrawals.manage',
      // Cancelling refunds the customer (money moves); the other status changes do not.
      covers: ({ body }) => body.status === 3,
      summary: async (q, { body }) => {
        const r = await withdrawal(q, String(body.requestId));
        return `Cancel the withdrawal request ${String(body.requestId)} of ${r?.email ?? 'a customer'} and refund ${r?.amount ?? '?'} ${CURRENCY_CODES[(r?.currency ?? 1) as 1 | 2]}`;
      },
      amountUsd: async (q, { body }) => {
        const r = await withdrawal(q, String(body.requestId));
        return r ? toUsd(q, r.amount, CURRENCY_CODES[r.currency as 1 | 2]) : null;
      },
      snapshot: (q, { body }) => withdrawalSnapshot(q, String(body.requestId)),
      execute: (tx, ctx, { body }, permissions) =>
        withdrawOut(tx).setStatus(String(body.requestId), 3, permissions, ctx),
    },
    ...Object.fromEntries(
      (['chain', 'inApp'] as const).map((kind) => [
        kind === 'chain' ? 'withdrawal.process' : 'withdrawal.process-in-app',
        {
          kind: 'withdrawalOut',
          permission: 'withdrawals.manage',
          summary: async (q: Tx, { body }: ActionInput) => {
            const r = await withdrawal(q, String(body.requestId));
            return `Process the withdrawal request ${String(body.requestId)} of ${r?.email ?? 'a customer'}: pay ${r?.final_amount ?? '?'} ${CURRENCY_CODES[(r?.currency ?? 1) as 1 | 2]}${kind === 'inApp' ? ' in the app' : ''} (hash ${String(body.hash)})`;
          },
          amountUsd: async (q: Tx, { body }: ActionInput) => {
            const r = await withdrawal(q, String(body.requestId));
            return r ? toUsd(q, r.final_amount, CURRENCY_CODES[r.currency as 1 | 2]) : null;
          },
          snapshot: (q: Tx, { body }: ActionInput) => withdrawalSnapshot(q, String(body.requestId)),
          execute: (tx: Tx, ctx: RequestContext, { body }: ActionInput, permissions: readonly string[]) =>
            withdrawOut(tx).process(
              kind,
              body as { requestId: string; hash: string; channel: 'human' },
              permissions,
              ctx,
            ),
        } satisfies ActionDef,
      ]),
    ),
    'settings.update': {
      kind: 'settings',
      permission: 'settings.manage',
      summary: async (_q, { body }) =>
        `Set the internal settings: VLT price ${String(body.vltTokenUsdPrice)} USD, BUSD price ${String(body.busdTokenUsdPrice)} USD, VLT APR ${String(body.vltTokenAPR)}%`,
      // The prices value the money kinds' requests: while a threshold is on, changing them waits too.
      decide: heldWithMoneyOn((q, { body }) => pricesChange(q, body)),
      snapshot: async (q) => ({ 'the internal settings version': await settingsVersion(q) }),
      execute: (tx, ctx, { body }) =>
        createSettingsService(over(tx)).update(
          body as { vltTokenUsdPrice: string; busdTokenUsdPrice: string; vltTokenAPR: string },
          ctx,
        ),
    },
    'approval-policy.update': {
      kind: 'settings',
      permission: 'settings.manage',
      // Weakening waits for a second approver while any kind is on, whatever the settings kind
      // says; a change that only strengthens applies at once.
      decide: async (_q, { body }, policy) => policyChangeHeld(policy, body as ApprovalPolicy),
      summary: async (q, { body }) => {
        const weaker = weakenings((await currentPolicy(q)).policy, body as ApprovalPolicy);
        return `Set the approval policy: ${JSON.stringify(body)}${weaker.length ? ` (weakens it: ${weaker.join('; ')})` : ''}`;
      },
      snapshot: async (q) => ({ 'the approval policy version': await policyVersion(q) }),
      execute: (tx, ctx, { body }) =>
        createApprovalPolicyService(over(tx)).update(
          body as Parameters<ReturnType<typeof createApprovalPolicyService>['update']>[0],
          ctx,
        ),
    },
    'admin.create': {
      kind: 'admins',
      permission: 'admins.manage',
      summary: async (q, { body }) => {
        const role = await roleRow(q, String(body.roleId));
        return `Create the admin ${String(body.fullName)} <${String(body.email)}> with the role ${role?.title ?? String(body.roleId)}`;
      },
      // A new account may approve: while a money threshold is on, nobody makes one alone.
      decide: heldWithMoneyOn(async () => true),
      snapshot: async (q, { body }) => {
        const role = await roleRow(q, String(body.roleId));
        return { "the role's permissions": role ? [...role.permissions].sort().join(', ') : null };
      },
      execute: (tx, ctx, { body }) =>
        admins(tx).setupAdmin(body as { fullName: string; email: string; roleId: string }, ctx),
    },
    'admin.remove': {
      kind: 'admins',
      permission: 'admins.manage',
      summary: async (q, { params }) =>
        `Remove the admin ${(await staffRow(q, String(params.id)))?.email ?? String(params.id)}`,
      snapshot: async (q, { params }) => {
        const s = await staffRow(q, String(params.id));
        return { "the admin's status": s?.status ?? null, "the admin's role": s?.title ?? null };
      },
      execute: (tx, ctx, { params }) => admins(tx).removeAdmin(String(params.id), ctx),
    },
    'admin.role': {
      kind: 'admins',
      permission: 'admins.manage',
      summary: async (q, { params, body }) => {
        const s = await staffRow(q, String(params.id));
        const role = await roleRow(q, String(body.roleId));
        return `Give the admin ${s?.email ?? String(params.id)} the role ${role?.title ?? String(body.roleId)} (now ${s?.title ?? '?'})`;
      },
      decide: heldWithMoneyOn(async (q, { body }) => holdsMoney((await roleRow(q, String(body.roleId)))?.permissions)),
      snapshot: async (q, { params, body }) => {
        const s = await staffRow(q, String(params.id));
        const role = await roleRow(q, String(body.roleId));
        return {
          "the admin's role": s?.title ?? null,
          "the new role's permissions": role ? [...role.permissions].sort().join(', ') : null,
        };
      },
      execute: (tx, ctx, { params, body }) => admins(tx).changeAdminRole(String(params.id), String(body.roleId), ctx),
    },
    'role.create': {
      kind: 'admins',
      permission: 'roles.manage',
      summary: async (_q, { body }) =>
        `Create the role ${String(body.title)} with ${(body.permissions as string[]).join(', ') || 'no permissions'}`,
      decide: heldWithMoneyOn(async (_q, { body }) => holdsMoney(body.permissions as string[])),
      snapshot: async () => ({}),
      execute: (tx, ctx, { body }) =>
        admins(tx).createRole(body as { title: string; description: string; permissions: string[] }, ctx),
    },
    'role.update': {
      kind: 'admins',
      permission: 'roles.manage',
      summary: async (q, { params, body }) =>
        `Modify the role ${(await roleRow(q, String(params.id)))?.title ?? String(params.id)}: ${String(body.title)} with ${(body.permissions as string[]).join(', ') || 'no permissions'}`,
      // Adding a money permission to a role gives it to every holder.
      decide: heldWithMoneyOn(async (q, { params, body }) => {
        const before = (await roleRow(q, String(params.id)))?.permissions ?? [];
        return holdsMoney((body.permissions as string[]).filter((p) => !before.includes(p)));
      }),
      snapshot: async (q, { params }) => ({ 'the role': (await roleRow(q, String(params.id)))?.updated_at ?? null }),
      execute: (tx, ctx, { params, body }) =>
        admins(tx).updateRole(
          String(params.id),
          body as { title: string; description: string; permissions: string[] },
          ctx,
        ),
    },
    'role.delete': {
      kind: 'admins',
      permission: 'roles.manage',
      summary: async (q, { params }) =>
        `Delete the role ${(await roleRow(q, String(params.id)))?.title ?? String(params.id)}`,
      snapshot: async (q, { params }) => ({ 'the role': (await roleRow(q, String(params.id)))?.updated_at ?? null }),
      execute: (tx, ctx, { params }) => admins(tx).deleteRole(String(params.id), ctx),
    },
    'role.passkeys': {
      kind: 'admins',
      permission: 'roles.manage',
      // Switching passkeys off weakens sign-in and follows the admins kind; switching them on applies at once.
      covers: ({ body }) => body.requirePasskey === false,
      summary: async (q, { params }) =>
        `Stop requiring passkeys of the role ${(await roleRow(q, String(params.id)))?.title ?? String(params.id)}`,
      snapshot: async (q, { params }) => {
        const role = await roleRow(q, String(params.id));
        return { "the role's passkey requirement": role ? (role.require_passkey ? 'required' : 'not required') : null };
      },
      execute: (tx, ctx, { params, body }) =>
        admins(tx).setRolePasskeys(String(params.id), body.requirePasskey === true, ctx),
    },
    'device.add': {
      kind: 'blacklist',
      permission: 'devices.blacklist',
      summary: async (_q, { body }) =>
        `Blacklist the device ${String(body.deviceId)}${body.userId ? ` of ${String(body.userId)}` : ''}`,
      snapshot: async () => ({}),
      execute: (tx, ctx, { body }) =>
        createComplianceService(over(tx)).addBlacklistedDevice(ctx, body as { deviceId: string; userId?: string }),
    },
    'device.set': {
      kind: 'blacklist',
      permission: 'devices.blacklist',
      summary: async (q, { body }) => {
        const d = await one<{ device_id: string }>(
          q,
          sql`SELECT device_id FROM blacklisted_devices WHERE id = ${String(body.blacklistedRecordId)}`,
        );
        return `${body.blacklisted ? 'Blacklist' : 'De-list'} the device ${d?.device_id ?? String(body.blacklistedRecordId)}`;
      },
      snapshot: async (q, { body }) => {
        const d = await one<{ blacklisted: boolean }>(
          q,
          sql`SELECT blacklisted FROM blacklisted_devices WHERE id = ${String(body.blacklistedRecordId)}`,
        );
        return { "the device's listing": d ? (d.blacklisted ? 'blacklisted' : 'de-listed') : null };
      },
      execute: (tx, ctx, { body }) =>
        createComplianceService(over(tx)).setBlacklisted(
          ctx,
          body as { blacklistedRecordId: string; blacklisted: boolean },
        ),
    },
    'savings.unlock-fixed': unlock('fixed', 'fixedSavingsId'),
    'savings.unlock-flexible': unlock('flexible', 'flexibleSavingsId'),
  };
}
