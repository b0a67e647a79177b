import { useMutation } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import { useSignOut } from '../../../api/sign-out';

export const logout = () => apiRequest('admin/logout', anyPayload, { method: 'POST' });

/** Revokes the session on the server, then forgets it here whatever the answer was. */
export const useLogoutMutation = () => {
  const signOut = useSignOut();
  return useMutation({ mutationFn: logout, onSettled: () => signOut() });
};
