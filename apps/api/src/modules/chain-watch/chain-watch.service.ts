import type { ChainDepositStatus, ChainWatchState } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { watcherState } from './watcher-state';

/**
 * The chain watcher as staff see it (the Advanced "Chain watcher" panel). The watcher itself runs
 * in the worker; this module only reads what it recorded.
 */
export function createChainWatchService(db: Db) {
  return {
    /** The cursors and their lag, the day's deposits, one page of recorded transfers, the last errors. */
    state: (q: { page: number; pageSize: number; status: 'all' | ChainDepositStatus }): Promise<ChainWatchState> =>
      watcherState(db, q),
  };
}
