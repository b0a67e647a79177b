import type { QueryClient } from '@tanstack/react-query';
import { setApiEventHandlers } from '../api/client';
import { clearSession } from '../api/session';

type Navigate = (to: string, opts?: { replace?: boolean }) => unknown;

/** Connects the API client's 401 and 503 signals to the session, the cache and the router. */
export const installApiEventHandlers = (navigate: Navigate, queryClient: QueryClient) => {
  setApiEventHandlers({
    unauthorized: () => {
      clearSession();
      // Nothing read under the old session may show to whoever signs in next.
      queryClient.clear();
      if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
    },
    maintenance: () => {
      if (window.location.pathname !== '/503') void navigate('/503');
    },
  });
};
