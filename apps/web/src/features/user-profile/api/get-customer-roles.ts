import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerRolesPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

/** The customer roles (User, Staff): `admin/roles` with kind=customer; not per customer, so not under profileKey. */
export const getCustomerRoles = async (signal?: AbortSignal) =>
  (await apiRequest('admin/roles', customerRolesPage, { query: { kind: 'customer', page: 1, pageSize: 100 }, signal }))
    .data;

export const customerRolesQueryOptions = () =>
  queryOptions({
    queryKey: userProfileKeys.customerRoles,
    queryFn: ({ signal }) => getCustomerRoles(signal),
    staleTime: 5 * 60_000,
  });

export const useCustomerRoles = () => useQuery(customerRolesQueryOptions());
