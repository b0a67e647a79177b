import type { SQL } from 'drizzle-orm';
import type { ApprovalKind, ApprovalPolicy, Permission } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { JobQueue } from '../../http/app-types';
import type { RequestContext } from '../../http/context';
import { moneyThresholdOn } from './approval-policy.service';

/**
 * What a guarded action is. Each area declares its own in `<area>.approvals.ts` (what is held, how
 * it is valued, how it is re-checked and carried out); approval-registry.ts lists them; this module
 * holds only the policy, the requests and the gate.
 */

/** The call as it was asked: its path parameters and its parsed body. */
export type ActionInput = { params: Record<string, string>; body: Record<string, unknown> };

/** What the target looked like, by the words a message names it with: "the customer's BUSD balance" -> "500". */
export type Snapshot = Record<string, string | number | boolean | null>;

/** Where a step after the approval's commit may log a warning (the request's logger). */
export type ApprovalLog = { warn: (obj: object, msg: string) => void };

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
  /**
   * Carries the action out with the existing service, inside `tx` (its own transaction becomes a savepoint).
   * `request`: the approved request (absent in the requester's dry run), for an action whose result is for its requester only.
   */
  execute: (
    tx: Tx,
    ctx: RequestContext,
    input: ActionInput,
    permissions: readonly string[],
    request?: { id: string; requestedBy: string },
  ) => Promise<unknown>;
  /** Once the approval has committed (e.g. nudging the mail worker for an admin's invitation). */
  afterApproval?: (jobs: JobQueue | null, log: ApprovalLog) => Promise<void>;
};

/** One area's guarded actions, by the key the route's config names (`config: { approval: key }`). */
export type AreaApprovals = (config: Config) => Record<string, ActionDef>;

/** A service built over a transaction: its `db.transaction` then opens a savepoint of the caller's transaction. */
export const over = (tx: Tx) => tx as unknown as Db;

/** The first row of a query, if any. */
export async function oneRow<T>(q: Tx, query: SQL): Promise<T | undefined> {
  const { rows } = await q.execute(query);
  return rows[0] as T | undefined;
}

/** While a money threshold is on: held back when `grants` (evaluated only then) is true. */
export const heldWithMoneyOn =
  (grants: (q: Tx, input: ActionInput) => Promise<boolean>) =>
  async (q: Tx, input: ActionInput, policy: ApprovalPolicy) =>
    moneyThresholdOn(policy) && (await grants(q, input)) ? true : undefined;
