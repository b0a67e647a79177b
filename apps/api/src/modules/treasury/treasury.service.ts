import type { Db } from '@vaultdesk/db';
import { reuseFor } from '../../caching/reuse';
import type { ChainReader } from '../../chain/custodial-chain';
import { createCustodialAddresses } from './custodial-addresses';
import { overallPlans, overallWalletBalances } from './overall-totals';
import { sharePrices, trends } from './treasury-charts';

/**
 * The treasury module's public face. Each read lives in its own file (overall-totals,
 * custodial-addresses, treasury-charts; the custodial snapshots in treasury-snapshots) and takes
 * its dependencies explicitly.
 */
export function createTreasuryService(db: Db, readChain: ChainReader | null, cacheMs = 0) {
  // Whole-table totals cost time that grows with the customer base; the others are index lookups.
  return {
    overallPlans: reuseFor(cacheMs, () => overallPlans(db)),
    overallWalletBalances: reuseFor(cacheMs, () => overallWalletBalances(db)),
    custodialAddresses: createCustodialAddresses(db, readChain),
    sharePrices: (protocol: string) => sharePrices(db, protocol),
    trends: reuseFor(cacheMs, () => trends(db)),
  };
}
