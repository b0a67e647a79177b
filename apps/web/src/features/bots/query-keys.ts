/** The bots screen; a saved setting refreshes `all`. */
export const botsKeys = {
  all: ['bots'] as const,
  runs: ['bots', 'runs'] as const,
  configs: ['bots', 'configs'] as const,
  cronjobTime: ['bots', 'cronjob-time'] as const,
};
