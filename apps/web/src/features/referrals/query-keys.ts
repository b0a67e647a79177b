export const referralsKeys = {
  report: (query: unknown) => ['referrals', 'report', query] as const,
  userTypes: ['referrals', 'user-types'] as const,
};
