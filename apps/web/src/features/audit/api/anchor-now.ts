import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditAnchor } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { auditKeys } from '../query-keys';

/** Anchors the trail's head now: a transaction on chain and an object in the file store. */
export const anchorNow = () => apiRequest('admin/audit-logs/anchors', auditAnchor, { method: 'POST' });

export const useAnchorNow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anchorNow,
    // The anchoring is audited: the trail's first page changes too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
};
