import type { App, Deps } from '../../http/app-types';

export function treasuryRoutes(_app: App, _deps: Deps) {}
