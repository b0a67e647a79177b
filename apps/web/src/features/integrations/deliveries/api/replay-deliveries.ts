import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookReplayResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../../api/client';
import { deliveriesKeys } from '../query-keys';

const base = (clientId: string) => `advanced/integrations/${encodeURIComponent(clientId)}/deliveries`;

/** One delivery sent again, or (no deliveryId) every failed one of the client. */
export const replayDeliveries = ({ clientId, deliveryId }: { clientId: string; deliveryId?: string }) =>
  apiRequest(
    deliveryId ? `${base(clientId)}/${encodeURIComponent(deliveryId)}/replay` : `${base(clientId)}/replay-failed`,
    webhookReplayResult,
    { method: 'POST' },
  );

export const useReplayMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayDeliveries,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKeys.all }),
  });
};
