/**
 * Every query of one customer's profile starts with `profile(id)`, so an action anywhere on the
 * profile refreshes the whole view with one `invalidateQueries({ queryKey: userProfileKeys.profile(id) })`.
 */
const profile = (userId: string) => ['user-profile', userId] as const;

export const userProfileKeys = {
  profile,
  details: (userId: string) => [...profile(userId), 'details'] as const,
  bankDetails: (userId: string) => [...profile(userId), 'bank-details'] as const,
  plans: (userId: string) => [...profile(userId), 'plans'] as const,
  usertypes: (userId: string) => [...profile(userId), 'usertypes'] as const,
  savingsTransactions: (userId: string, page: number) => [...profile(userId), 'savings-transactions', page] as const,
  walletTransactions: (userId: string, page: number) => [...profile(userId), 'wallet-transactions', page] as const,
  referralInfo: (userId: string, range: unknown) => [...profile(userId), 'referral-info', range] as const,
  referrals: (userId: string, range: unknown, page: number) => [...profile(userId), 'referrals', range, page] as const,
  notes: (userId: string) => [...profile(userId), 'notes'] as const,
  notesPage: (userId: string, page: number) => [...profile(userId), 'notes', page] as const,
  customerRoles: ['admin', 'roles', 'customer'] as const,
};
