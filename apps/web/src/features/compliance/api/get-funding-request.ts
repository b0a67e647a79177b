import { useQuery } from '@tanstack/react-query';
import { fundingRequests, type FundingSearchKind } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export type FundingSearch = { kind: FundingSearchKind; value: string };

export const getFundingRequest = async (search: FundingSearch, signal?: AbortSignal) =>
  apiRequest('admin/funding-request', fundingRequests, { query: { [search.kind]: search.value }, signal });

export const useFundingRequest = (search: FundingSearch | null) =>
  useQuery({
    queryKey: complianceKeys.fundingRequest(search),
    queryFn: ({ signal }) => getFundingRequest(search!, signal),
    enabled: search !== null,
  });
