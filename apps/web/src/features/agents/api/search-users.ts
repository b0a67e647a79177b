import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USER_SEARCH_MIN_LENGTH, userGlobalSearchResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { agentsKeys } from '../query-keys';

export const searchUsers = async (text: string, signal?: AbortSignal) =>
  (await apiRequest('admin/user-global-Search', userGlobalSearchResult, { signal, query: { search_text: text } })).data;

/** Suggestions for the agent e-mail field, once enough is typed. */
export const useUserSuggestions = (text: string) =>
  useQuery({
    queryKey: agentsKeys.search(text),
    queryFn: ({ signal }) => searchUsers(text, signal),
    enabled: text.trim().length >= USER_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
