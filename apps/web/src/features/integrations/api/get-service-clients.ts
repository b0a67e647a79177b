import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SERVICE_CLIENT_PAGE_SIZE, serviceClientsPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { integrationsKeys } from '../query-keys';

export const getServiceClients = async (page: number, signal?: AbortSignal) =>
  (
    await apiRequest('advanced/integrations', serviceClientsPage, {
      query: { page, pageSize: SERVICE_CLIENT_PAGE_SIZE },
      signal,
    })
  ).data;

export const useServiceClients = (page: number) =>
  useQuery({
    queryKey: integrationsKeys.clients(page),
    queryFn: ({ signal }) => getServiceClients(page, signal),
    placeholderData: keepPreviousData,
  });
