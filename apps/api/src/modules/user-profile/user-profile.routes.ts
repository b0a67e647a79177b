import type { App, Deps } from '../../http/app-types';

export function userProfileRoutes(_app: App, _deps: Deps) {}
