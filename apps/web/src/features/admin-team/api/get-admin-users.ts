import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminUsersPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const getAdminUsers = async (page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/users/admin', adminUsersPage, { signal, query: { page, pageSize: ADMIN_PAGE_SIZE } })).data;

export const adminUsersQueryOptions = (page: number) =>
  queryOptions({ queryKey: adminTeamKeys.adminsPage(page), queryFn: ({ signal }) => getAdminUsers(page, signal) });

export const useAdminUsers = (page: number) => useQuery(adminUsersQueryOptions(page));
