/** Every settings read starts with `all`, so a saved change refreshes the current values and the history. */
export const settingsKeys = {
  all: ['settings'] as const,
  current: ['settings', 'current'] as const,
  history: (page: number) => ['settings', 'history', page] as const,
  approvalPolicy: ['settings', 'approval-policy'] as const,
};
