/** Every KYC read lives under `all`, so a decision refreshes the list, the case and its history at once. */
export const kycKeys = {
  all: ['admin', 'kyc'] as const,
  lists: ['admin', 'kyc', 'list'] as const,
  list: (query: unknown) => ['admin', 'kyc', 'list', query] as const,
  levels: ['admin', 'kyc', 'levels'] as const,
  levelsPage: (page: number) => ['admin', 'kyc', 'levels', page] as const,
  suspects: (query: unknown) => ['admin', 'kyc', 'suspects', query] as const,
  rejected: (userId: string) => ['admin', 'kyc', 'rejected', userId] as const,
  notes: (kycId: string) => ['admin', 'kyc', 'notes', kycId] as const,
  notesPage: (kycId: string, page: number) => ['admin', 'kyc', 'notes', kycId, page] as const,
};
