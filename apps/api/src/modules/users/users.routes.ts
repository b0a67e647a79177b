import type { App, Deps } from '../../http/app-types';

export function usersRoutes(_app: App, _deps: Deps) {}
