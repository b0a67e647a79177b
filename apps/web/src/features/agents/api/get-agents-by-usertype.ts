import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { agentsPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { agentsKeys } from '../query-keys';

export const getAgentsByUserType = async (userType: string, page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/sortuser-by-usertype', agentsPage, { signal, query: { userType, page } })).data;

export const agentsByUserTypeQueryOptions = (userType: string, page: number) =>
  queryOptions({
    queryKey: agentsKeys.byUserType(userType, page),
    queryFn: ({ signal }) => getAgentsByUserType(userType, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAgentsByUserType = (userType: string | undefined, page: number) =>
  useQuery({ ...agentsByUserTypeQueryOptions(userType ?? '', page), enabled: !!userType });
