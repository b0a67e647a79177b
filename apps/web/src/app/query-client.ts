import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

// Retrying cannot fix an answer the server gave on purpose (4xx, maintenance): only network
// failures and unexpected 5xx are tried again.
const shouldRetry = (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && (error.status === 0 || error.status < 500 || error.status === 503)) return false;
  return failureCount < 2;
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
