import { queryOptions, useQuery } from '@tanstack/react-query';
import { userBankDetails } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const getUserBankDetails = async (userId: string, signal?: AbortSignal) =>
  (await apiRequest('admin/user-bank-details', userBankDetails, { query: { userId }, signal })).data;

export const userBankDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userProfileKeys.bankDetails(userId),
    queryFn: ({ signal }) => getUserBankDetails(userId, signal),
    retry: false,
  });

/** Loaded only while the dialog is open. */
export const useUserBankDetails = (userId: string, enabled: boolean) =>
  useQuery({ ...userBankDetailsQueryOptions(userId), enabled });
