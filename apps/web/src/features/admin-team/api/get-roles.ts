import { queryOptions, useQuery } from '@tanstack/react-query';
import { rolesPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const getRoles = async (page: number, pageSize: number, signal?: AbortSignal) =>
  (await apiRequest('admin/roles', rolesPage, { signal, query: { page, pageSize } })).data;

export const rolesQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: adminTeamKeys.rolesPage(page, pageSize),
    queryFn: ({ signal }) => getRoles(page, pageSize, signal),
  });

export const useRoles = (page: number, pageSize: number) => useQuery(rolesQueryOptions(page, pageSize));
