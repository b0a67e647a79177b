import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import { createQueuesService } from './queues.service';
import { queueItemRoutes } from './queues-items.routes';
import { processListRoutes } from './queues-process-lists.routes';

export function queuesRoutes(app: App, { db }: Deps) {
  const service = createQueuesService(db, (msg, err) => app.log.error({ err }, msg));

  keepListAnchors(app, 'queue list', service.lists);

  queueItemRoutes(app, service);
  processListRoutes(app, service);
}
