import type { App, Deps } from '../../http/app-types';

export function savingsPlansRoutes(_app: App, _deps: Deps) {}
