export const twoFactorKeys = {
  start: ['auth', '2fa', 'start'] as const,
};
