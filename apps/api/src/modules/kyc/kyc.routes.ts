import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import { createKycService } from './kyc.service';
import { kycLevelRoutes } from './kyc-levels.routes';
import { kycReviewRoutes } from './kyc-review.routes';

export function kycRoutes(app: App, { db }: Deps) {
  const service = createKycService(db, (msg, err) => app.log.error({ err }, msg));
  keepListAnchors(app, 'KYC list', { rebuildIfMissing: service.rebuildListsIfMissing });

  kycLevelRoutes(app, service);
  kycReviewRoutes(app, service);
}
