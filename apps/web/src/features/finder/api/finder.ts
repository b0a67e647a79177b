import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderResult, noteSearchResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { finderKeys } from '../query-keys';

export const useFinder = (email: string) =>
  useQuery({
    queryKey: finderKeys.byEmail(email),
    queryFn: async ({ signal }) => apiRequest('admin/finder', finderResult, { query: { email }, signal }),
    enabled: email !== '',
    placeholderData: keepPreviousData,
  });

export const useNoteSearch = (search: string) =>
  useQuery({
    queryKey: finderKeys.notes(search),
    queryFn: async ({ signal }) => apiRequest('admin/finder/notes', noteSearchResult, { query: { search }, signal }),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
