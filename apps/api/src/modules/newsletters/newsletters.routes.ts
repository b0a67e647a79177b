import type { App, Deps } from '../../http/app-types';
import { createNewslettersService } from './newsletters.service';
import { newsletterConfigRoutes } from './newsletters-config.routes';
import { newsletterDraftRoutes } from './newsletters-draft.routes';
import { newsletterListRoutes } from './newsletters-list.routes';
import { newsletterSendRoutes } from './newsletters-send.routes';

export function newslettersRoutes(app: App, { db, config, jobs }: Deps) {
  const service = createNewslettersService(db, config, jobs);

  newsletterListRoutes(app, service);
  newsletterConfigRoutes(app, service);
  newsletterDraftRoutes(app, service);
  newsletterSendRoutes(app, service);
}
