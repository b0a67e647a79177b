import { chainWatchQuery, chainWatchState, envelope } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { createChainWatchService } from './chain-watch.service';

/** The Advanced "Chain watcher" panel (Super Admin and Compliance). A read: not audited, as the other lists. */
export function chainWatchRoutes(app: App, { db }: Deps) {
  const service = createChainWatchService(db);
  app.get(
    '/v1/advanced/chain-watcher',
    {
      schema: {
        tags: ['chain watcher'],
        summary:
          "The chain watcher: each chain's head, last block processed and lag, the deposits seen and credited today per currency, the recorded transfers (newest first, by status) and the last errors",
        querystring: chainWatchQuery,
        response: { 200: envelope(chainWatchState) },
      },
      config: { access: { permission: 'chainwatch.read' } },
    },
    async (req) => ok(await service.state(req.query)),
  );
}
