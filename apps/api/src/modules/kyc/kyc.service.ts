import type {
  KycDecisionResult,
  KycList,
  KycSuspectField,
  KycSuspects,
  KycTakeOverResult,
  RejectedKycRecord,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { RequestContext } from '../../http/context';
import { createListReader } from '../../lists/list-anchors';
import { claimRandomKyc } from './claim-kyc';
import { createKycLevel } from './create-kyc-level';
import { decideKyc, type KycDecisionBody } from './decide-kyc';
import { listKyc, type KycListQuery } from './list-kyc';
import { listKycLevels } from './list-kyc-levels';
import { listKycSuspects } from './list-kyc-suspects';
import { rejectedKycHistory } from './rejected-kyc-history';
import { takeOverKyc } from './take-over-kyc';
import { updateKycLevel } from './update-kyc-level';

/**
 * The KYC module's public face: each call is one operation in its own file (the level lists and
 * edits, the review lists, a decision, a claim, a take-over, the history, the suspects).
 */
export function createKycService(db: Db, log: (msg: string, err?: unknown) => void = () => undefined) {
  const lists = createListReader(db, log);
  return {
    /** Records loaded without the triggers (a bulk load) get their list anchors once, at start. */
    rebuildListsIfMissing: () => lists.rebuildKycIfMissing(),
    levels: (page: number, pageSize: number) => listKycLevels(db, page, pageSize),
    createLevel: (
      ctx: RequestContext,
      body: { levelName: string; levelNumber: number; dailyWithdrawal: string; monthlyWithdrawal: string },
    ) => createKycLevel(db, ctx, body),
    updateLevel: (
      ctx: RequestContext,
      id: string,
      body: { levelName: string; dailyWithdrawal: string; monthlyWithdrawal: string },
    ) => updateKycLevel(db, ctx, id, body),
    list: (q: KycListQuery): Promise<KycList> => listKyc(db, lists, q),
    decide: (
      ctx: RequestContext,
      permissions: readonly string[],
      body: KycDecisionBody,
    ): Promise<{ result: KycDecisionResult; message: string }> => decideKyc(db, ctx, permissions, body),
    claimRandom: (ctx: RequestContext): Promise<string> => claimRandomKyc(db, ctx),
    takeOver: (ctx: RequestContext, body: { id: string; claimedBy: string }): Promise<KycTakeOverResult> =>
      takeOverKyc(db, ctx, body),
    rejectedHistory: (userId: string): Promise<{ records: RejectedKycRecord[] }> => rejectedKycHistory(db, userId),
    suspects: (
      q: { page: number; pageSize: number } & Partial<Record<KycSuspectField, string>>,
    ): Promise<KycSuspects> => listKycSuspects(db, q),
  };
}
