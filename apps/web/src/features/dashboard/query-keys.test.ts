import { describe, expect, it } from 'vitest';
import { dashboardKeys } from './query-keys';

/** The sign-in prefetch fills these keys before the dashboard asks for them: their values stay. */
describe('dashboard query keys', () => {
  it('keep their values', () => {
    expect(dashboardKeys.dashboard).toEqual(['admin', 'dashboard']);
    expect(dashboardKeys.trends).toEqual(['admin', 'dashboard-trends']);
    expect(dashboardKeys.overallPlans).toEqual(['admin', 'overall-plans']);
    expect(dashboardKeys.overallWalletBalances).toEqual(['admin', 'overall-wallet-balances']);
    expect(dashboardKeys.custodialAddresses).toEqual(['custodialWallet', 'get-addresses']);
  });
});
