import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentIdType } from '@vaultdesk/contract';
import { ApiError } from '../../../api/client';
import { agentsKeys } from '../query-keys';
import { assignUsertype } from './assign-usertype';
import { searchUsers } from './search-users';
import { updateAgentIdcard } from './update-agent-idcard';
import { updateLocation } from './update-location';
import { updateShopagentSelfie } from './update-shopagent-selfie';
import { updateShopImage } from './update-shop-image';

export type NewAgent = {
  email: string;
  usertype: string;
  idcardType: AgentIdType;
  idcard: Blob;
  selfie: Blob;
  shop: Blob;
  storeState: string;
};

/**
 * Create new Agent: the user type first (it makes the user an agent), then the three pictures and
 * the store state. Sent again after a failed picture, the form completes the same agent: the
 * user already holding the type is not an error then.
 */
export const createAgent = async (a: NewAgent) => {
  const email = a.email.trim().toLowerCase();
  let userId: string;
  try {
    userId = (await assignUsertype({ email, usertype: a.usertype })).data._id;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409 && error.message.startsWith('This user is already')))
      throw error;
    // Already an agent of this type (an earlier attempt stopped at a picture): find the user.
    const match = (await searchUsers(email)).find((u) => u.email.toLowerCase() === email);
    if (!match) throw error;
    userId = match._id;
  }
  await updateAgentIdcard(userId, a.idcard, a.idcardType);
  await updateShopagentSelfie(userId, a.selfie);
  await updateShopImage(userId, a.shop);
  await updateLocation(userId, a.storeState.trim());
  return { userId, message: 'Agent created Successfully' };
};

export const useCreateAgentMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
};
