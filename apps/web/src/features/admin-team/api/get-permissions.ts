import { queryOptions, useQuery } from '@tanstack/react-query';
import { permissionList } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const getPermissions = async (signal?: AbortSignal) =>
  (await apiRequest('admin/permissions', permissionList, { signal })).data;

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: adminTeamKeys.permissions,
    queryFn: ({ signal }) => getPermissions(signal),
    staleTime: 10 * 60_000,
  });

export const usePermissions = () => useQuery(permissionsQueryOptions());
