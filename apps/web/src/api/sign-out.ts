import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from './session';

/** Forgets the session in this browser and everything read under it, so nothing shows to whoever signs in next. */
export const endSession = (queryClient: QueryClient) => {
  clearSession();
  queryClient.clear();
};

/** Ends the session here and goes to /login; revoking it server-side is the caller's job. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    endSession(queryClient);
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
};
