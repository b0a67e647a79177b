import type { QueryClient } from '@tanstack/react-query';
import { setApiEventHandlers } from '../api/client';
import { endSession } from '../api/sign-out';

type Navigate = (to: string, opts?: { replace?: boolean }) => unknown;

/** Connects the API client's 401 and 503 signals to the session, the cache and the router. */
export const installApiEventHandlers = (navigate: Navigate, queryClient: QueryClient) => {
  setApiEventHandlers({
    unauthorized: () => {
      endSession(queryClient);
      if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
    },
    maintenance: () => {
      if (window.location.pathname !== '/503') void navigate('/503');
    },
  });
};
