import { queryOptions, useQuery } from '@tanstack/react-query';
import { userTypeList } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { agentsKeys } from '../query-keys';

export const getUserTypes = async (signal?: AbortSignal) =>
  (await apiRequest('admin/user-types/get-user-types', userTypeList, { signal })).data.userTypes;

export const userTypesQueryOptions = () =>
  queryOptions({ queryKey: agentsKeys.userTypes(), queryFn: ({ signal }) => getUserTypes(signal) });

export const useUserTypes = () => useQuery(userTypesQueryOptions());
