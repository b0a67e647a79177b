import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from './session';

/** Forgets the session in this browser and goes to /login; revoking it server-side is the caller's job. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    // Nothing read under the old session may show to whoever signs in next.
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
};
