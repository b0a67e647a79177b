export const usersKeys = {
  globalSearch: (searchText: string) => ['admin', 'user-global-Search', searchText] as const,
  byCountry: (query: unknown) => ['admin', 'users', query] as const,
  byDate: (query: unknown) => ['admin', 'search-user-date', query] as const,
  byWalletBalance: (query: unknown) => ['admin', 'users-by-wallet-balance', query] as const,
};
