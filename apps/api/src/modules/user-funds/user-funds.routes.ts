import type { App, Deps } from '../../http/app-types';

export function userFundsRoutes(_app: App, _deps: Deps) {}
