import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveTopic } from '@vaultdesk/contract';
import { connectLive } from './live';
import { trackLiveReadiness } from './live-readiness';

/** Changes arriving closer together than this are one refetch (a batch of clicks by a colleague). */
const COALESCE_MS = 100;

/**
 * Keeps a screen live: while it is mounted, a change to `topic` committed by anyone (another
 * member of staff, another API instance, the worker) invalidates `queryKeys`, so TanStack Query
 * refetches the visible lists through their normal calls (permissions and data stay there; the
 * stream only says "changed"). After a reconnection everything is refetched. The page's
 * `<html data-live>` mark says when the stream is live (live-readiness.ts).
 */
export function useLiveTopic(topic: LiveTopic, queryKeys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = null;
        for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
      }, COALESCE_MS);
    };
    const readiness = trackLiveReadiness();
    const connection = connectLive({
      topics: [topic],
      onChange: refetch,
      onResync: refetch,
      onState: (state) => readiness.set(state === 'open' ? 'ready' : state),
    });
    return () => {
      if (pending) clearTimeout(pending);
      connection.close();
      readiness.remove();
    };
  }, [topic, queryClient]);
}
