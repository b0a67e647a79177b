import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CHAIN_WATCH_PAGE_SIZE, chainWatchState, type ChainDepositStatus } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { chainWatchKeys } from '../query-keys';

/** How often the panel reads the watcher again while it is open: about one block on the local chain. */
export const CHAIN_WATCH_REFRESH_MS = 5_000;

export const getChainWatcher = async (status: 'all' | ChainDepositStatus, page: number, signal?: AbortSignal) =>
  (
    await apiRequest('advanced/chain-watcher', chainWatchState, {
      query: { page, pageSize: CHAIN_WATCH_PAGE_SIZE, status },
      signal,
    })
  ).data;

export const useChainWatcher = (status: 'all' | ChainDepositStatus, page: number) =>
  useQuery({
    queryKey: chainWatchKeys.state(status, page),
    queryFn: ({ signal }) => getChainWatcher(status, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: CHAIN_WATCH_REFRESH_MS,
  });
