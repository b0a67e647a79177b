import type { DoubleFundingStatus } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { RequestContext } from '../../http/context';
import { addBlacklistedDevice, blacklistedDevices, setBlacklisted } from './blacklisted-devices';
import { fundingRequests } from './funding-requests';
import { lockedSavings } from './locked-savings';
import { maturingPlans } from './maturing-plans';
import { doubleFundings, watchlist } from './watch-lists';

/**
 * The compliance module's public face. Each list or action lives in its own file
 * (blacklisted-devices, watch-lists, locked-savings, funding-requests, maturing-plans; what they
 * share in compliance-rows) and takes its dependencies explicitly.
 */
export function createComplianceService(db: Db) {
  return {
    blacklistedDevices: (page: number, pageSize: number) => blacklistedDevices(db, page, pageSize),
    addBlacklistedDevice: (ctx: RequestContext, body: { deviceId: string; userId?: string }) =>
      addBlacklistedDevice(db, ctx, body),
    setBlacklisted: (ctx: RequestContext, body: { blacklistedRecordId: string; blacklisted: boolean }) =>
      setBlacklisted(db, ctx, body),
    watchlist: (page: number, pageSize: number) => watchlist(db, page, pageSize),
    doubleFundings: (status: DoubleFundingStatus, page: number, pageSize: number) =>
      doubleFundings(db, status, page, pageSize),
    lockedFixedSavings: (page: number, pageSize: number) => lockedSavings(db, 'fixed', page, pageSize),
    lockedFlexibleSavings: (page: number, pageSize: number) => lockedSavings(db, 'flexible', page, pageSize),
    fundingRequests: (q: { email?: string; transactionHash?: string; receivingAddress?: string }) =>
      fundingRequests(db, q),
    maturingPlans: (page: number, pageSize: number) => maturingPlans(db, page, pageSize),
  };
}
