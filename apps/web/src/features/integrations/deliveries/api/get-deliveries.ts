import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, webhookDeliveriesPage, type WebhookDeliveryStatus } from '@vaultdesk/contract';
import { apiRequest } from '../../../../api/client';
import { deliveriesKeys } from '../query-keys';

/** The page reads again this often while it is open: retries and replays show as they happen. */
export const DELIVERIES_REFRESH_MS = 5_000;

export const getDeliveries = async (
  clientId: string,
  status: 'all' | WebhookDeliveryStatus,
  page: number,
  signal?: AbortSignal,
) =>
  (
    await apiRequest(`advanced/integrations/${encodeURIComponent(clientId)}/deliveries`, webhookDeliveriesPage, {
      query: { page, pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE, status },
      signal,
    })
  ).data;

export const useDeliveries = (clientId: string, status: 'all' | WebhookDeliveryStatus, page: number) =>
  useQuery({
    queryKey: deliveriesKeys.page(clientId, status, page),
    queryFn: ({ signal }) => getDeliveries(clientId, status, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
