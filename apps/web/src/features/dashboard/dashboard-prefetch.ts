import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isPrivilegedRole, SHARE_PRICE_PROTOCOLS, type Me } from '@vaultdesk/contract';
import { approvalCountQueryOptions } from '../../api/approval-count';
import { custodialAddressesQueryOptions } from './api/get-custodial-addresses';
import { dashboardQueryOptions } from './api/get-dashboard';
import { dashboardTrendsQueryOptions } from './api/get-dashboard-trends';
import { overallPlansQueryOptions } from './api/get-overall-plans';
import { overallWalletBalancesQueryOptions } from './api/get-overall-wallet-balances';
import { sharePricesQueryOptions } from './api/get-share-prices';

/**
 * Sends the dashboard's calls the moment a session exists, as the page itself would send them
 * once drawn, so they run while the shell and the page render. Only for a session that will
 * land on the dashboard (two-factor on, no forced password change) and whose role may read it:
 * anyone else lands where they always did, and the page then sends (or not) what it sends.
 */
export const prefetchDashboard = (queryClient: QueryClient, me: Me) => {
  const held = me.authRole.permissions;
  if (!me.enable2FA || me.mustChangePassword || me.passkeySetupRequired || !held.includes('dashboard.read')) return;
  // Each call leaves synchronously, before React renders the new screen. A failure is kept in
  // the cache, where the page shows it with its Retry, as when the page sends the call itself.
  const send = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) =>
    queryClient.query(options).then(
      () => undefined,
      () => undefined,
    );
  // The cards first: they are what a person looks at.
  void send(dashboardQueryOptions());
  void send(dashboardTrendsQueryOptions());
  // The shell's approvals badge (and the dashboard's approvals notice): asked by every signed-in screen.
  void send(approvalCountQueryOptions());
  // The page sends the treasury calls to Super Admin and Compliance only (treasury-panels.tsx).
  if (!isPrivilegedRole(me.authRole.name) || !held.includes('treasury.read')) return;
  // The wallet totals wait for the custodial wallets, as on the page: a live read of the chain
  // there stores the snapshot the totals use.
  void send(custodialAddressesQueryOptions()).then(() => send(overallWalletBalancesQueryOptions()));
  void send(overallPlansQueryOptions());
  for (const protocol of SHARE_PRICE_PROTOCOLS) void send(sharePricesQueryOptions(protocol));
};
