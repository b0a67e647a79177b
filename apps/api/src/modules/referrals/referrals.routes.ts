import type { App, Deps } from '../../http/app-types';

export function referralsRoutes(_app: App, _deps: Deps) {}
