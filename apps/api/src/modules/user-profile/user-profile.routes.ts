import type { App, Deps } from '../../http/app-types';
import { createUserProfileService } from './user-profile.service';
import { userProfileAccountRoutes } from './user-profile-accounts.routes';
import { userProfileChangeRoutes } from './user-profile-changes.routes';
import { userProfileDetailRoutes } from './user-profile-details.routes';

export function userProfileRoutes(app: App, { db }: Deps) {
  const service = createUserProfileService(db);

  userProfileDetailRoutes(app, service);
  userProfileAccountRoutes(app, service);
  userProfileChangeRoutes(app, service);
}
