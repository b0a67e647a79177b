export const reportsKeys = {
  financials: (query: unknown) => ['reports', 'financials', query] as const,
  growth: (weeks: number) => ['reports', 'growth', weeks] as const,
  features: (weeks: number) => ['reports', 'features', weeks] as const,
  payouts: (query: unknown) => ['reports', 'payouts', query] as const,
  feesCollected: (query: unknown) => ['reports', 'fees-collected', query] as const,
  gasFeesSpent: (query: unknown) => ['reports', 'gas-fees-spent', query] as const,
  transactionsGroup: (query: unknown) => ['reports', 'transactions-group', query] as const,
  transactions: (query: unknown) => ['reports', 'transactions', query] as const,
};
