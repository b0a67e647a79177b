/** Every chain watcher read starts with `all`. */
export const chainWatchKeys = {
  all: ['admin', 'chain-watch'] as const,
  state: (status: string, page: number) => ['admin', 'chain-watch', status, page] as const,
};
