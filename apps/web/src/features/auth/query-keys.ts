export const authKeys = {
  confirmAdmin: (token: string) => ['admin', 'confirm-super', token] as const,
};
