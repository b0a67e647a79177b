import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { SHARE_PRICE_PROTOCOLS, SYSTEM_ROLES, type Me } from '@vaultdesk/contract';
import { approvalCountQueryOptions } from '../../api/approval-count';
import { prefetchDashboard } from './dashboard-prefetch';
import { sharePricesQueryOptions } from './api/get-share-prices';
import { dashboardKeys } from './query-keys';

/** A session as the sign-in answers it, holding one of the system roles. */
const meOf = (title: (typeof SYSTEM_ROLES)[number]['title'], over: Partial<Me> = {}): Me => {
  const role = SYSTEM_ROLES.find((r) => r.title === title)!;
  return {
    user: { id: '00000000-0000-4000-8000-000000000001', email: 'staff@vaultdesk.test', fullName: 'Staff Member' },
    authRole: { name: role.title, slug: role.slug, permissions: [...role.permissions] },
    enable2FA: true,
    mustChangePassword: false,
    passkeySetupRequired: false,
    expiresIn: Date.now() + 3_600_000,
    ...over,
  };
};

/**
 * The calls a prefetch has sent, read the moment it returns: each one left synchronously, before
 * React renders anything (the sign-in's speed depends on it: bench/sign-in-to-dashboard.ts). In
 * this test no session is stored, so each call is refused before it leaves; what counts is that
 * it was started.
 */
const sentBy = (me: Me) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchDashboard(client, me);
  const started = (key: QueryKey) => client.getQueryState(key)?.fetchStatus === 'fetching';
  return { client, started };
};

describe('the dashboard prefetch at sign-in', () => {
  it("sends the cards, the trends, the shell's approvals count and the treasury calls of a Super Admin at once", () => {
    const { started } = sentBy(meOf('Super Admin'));
    expect(started(dashboardKeys.dashboard)).toBe(true);
    expect(started(dashboardKeys.trends)).toBe(true);
    // The shell's badge: without it here, the shell asks for it only once drawn, and draws twice.
    expect(started(approvalCountQueryOptions().queryKey)).toBe(true);
    expect(started(dashboardKeys.custodialAddresses)).toBe(true);
    expect(started(dashboardKeys.overallPlans)).toBe(true);
    for (const protocol of SHARE_PRICE_PROTOCOLS)
      expect(started(sharePricesQueryOptions(protocol).queryKey)).toBe(true);
    // The wallet totals wait for the custodial wallets, as on the page.
    expect(started(dashboardKeys.overallWalletBalances)).toBe(false);
  });

  it('sends Support the cards and the approvals count, never the treasury calls', () => {
    const { client, started } = sentBy(meOf('Support'));
    expect(started(dashboardKeys.dashboard)).toBe(true);
    expect(started(approvalCountQueryOptions().queryKey)).toBe(true);
    expect(client.getQueryState(dashboardKeys.custodialAddresses)).toBeUndefined();
    expect(client.getQueryState(dashboardKeys.overallPlans)).toBeUndefined();
  });

  it('sends nothing for a session that will not land on the dashboard', () => {
    for (const me of [
      meOf('Super Admin', { enable2FA: false }),
      meOf('Super Admin', { mustChangePassword: true }),
      meOf('Super Admin', { passkeySetupRequired: true }),
    ]) {
      const { client } = sentBy(me);
      expect(client.getQueryCache().getAll()).toEqual([]);
    }
  });
});
