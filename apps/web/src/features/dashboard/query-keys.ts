import type { SHARE_PRICE_PROTOCOLS } from '@vaultdesk/contract';

/** The dashboard's reads; the sign-in prefetch (dashboard-prefetch.ts) fills the same keys. */
export const dashboardKeys = {
  dashboard: ['admin', 'dashboard'] as const,
  trends: ['admin', 'dashboard-trends'] as const,
  overallPlans: ['admin', 'overall-plans'] as const,
  overallWalletBalances: ['admin', 'overall-wallet-balances'] as const,
  custodialAddresses: ['custodialWallet', 'get-addresses'] as const,
  sharePrices: (protocol: (typeof SHARE_PRICE_PROTOCOLS)[number]) => ['dashboard', 'share-prices', protocol] as const,
};
