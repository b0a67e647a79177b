import type { SearchDetails } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { RequestContext } from '../../http/context';
import { changeRole } from './change-role';
import { deactivateTwoFactor } from './deactivate-two-factor';
import { listBankDetails } from './list-bank-details';
import { listReferredUsers } from './list-referred-users';
import { listSavingsTransactions } from './list-savings-transactions';
import { listUserPlans } from './list-user-plans';
import { listUserTypes } from './list-user-types';
import { listWalletTransactions } from './list-wallet-transactions';
import { referralInfo } from './referral-info';
import { searchDetails } from './search-details';
import { switchRecord } from './switch-record';
import { updateTrustScore } from './update-trust-score';

/**
 * The customer profile module's public face: each call is one operation in its own file (the
 * profile and its lists, the referrals, and the trust score, two-factor, visibility and role changes).
 */
export function createUserProfileService(db: Db) {
  return {
    searchDetails: (id: string, withDevices: boolean): Promise<SearchDetails> => searchDetails(db, id, withDevices),
    userPlans: (userId: string) => listUserPlans(db, userId),
    walletTransactions: (userId: string, page: number, pageSize: number) =>
      listWalletTransactions(db, userId, page, pageSize),
    savingsTransactions: (userId: string, page: number, pageSize: number) =>
      listSavingsTransactions(db, userId, page, pageSize),
    bankDetails: (userId: string) => listBankDetails(db, userId),
    userTypes: (userId: string) => listUserTypes(db, userId),
    referredUsers: (q: { username: string; start: string; end?: string | undefined; page: number }) =>
      listReferredUsers(db, q),
    referralInfo: (q: { username: string; start: string; end?: string | undefined }) => referralInfo(db, q),
    updateTrustScore: (body: { userId: string; trustScore: number }, ctx: RequestContext, withDevices: boolean) =>
      updateTrustScore(db, body, ctx, withDevices),
    deactivateTwoFactor: (userId: string, ctx: RequestContext) => deactivateTwoFactor(db, userId, ctx),
    switchRecord: (kind: 'wallet' | 'savings', recordId: string, ctx: RequestContext) =>
      switchRecord(db, kind, recordId, ctx),
    changeRole: (body: { roleId: string; userId: string }, ctx: RequestContext) => changeRole(db, body, ctx),
  };
}
