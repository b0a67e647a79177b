import { queryOptions, useQuery } from '@tanstack/react-query';
import { rejectedKycList } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const getRejectedKyc = async (userId: string, signal?: AbortSignal) =>
  (await apiRequest('admin/kyc/rejected-kyc-records', rejectedKycList, { query: { userId }, signal })).data;

export const rejectedKycQueryOptions = (userId: string) =>
  queryOptions({ queryKey: kycKeys.rejected(userId), queryFn: ({ signal }) => getRejectedKyc(userId, signal) });

export const useRejectedKyc = (userId: string) => useQuery(rejectedKycQueryOptions(userId));
