import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsletter, type NewsletterDraftBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const saveDraft = (body: NewsletterDraftBody) =>
  apiRequest('newsletters/draft', newsletter, { method: 'POST', body: body });

export const useSaveDraftMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.all }),
  });
};
