import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@vaultdesk/db';
import { AppError, forbidden, unauthenticated } from './errors';
import { hashToken } from './security';
import type { RouteAccess, RouteEntry } from './route-table';

export type AuthState = {
  sessionId: string;
  staffId: string;
  email: string;
  fullName: string;
  roleTitle: string;
  roleSlug: string;
  permissions: string[];
  twoFactorPassed: boolean;
  totpEnabled: boolean;
  mustChangePassword: boolean;
  expiresAt: Date;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

const bearer = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return m?.[1] ?? null;
};

export async function loadSession(db: Db, token: string): Promise<AuthState | null> {
  const { rows } = await db.$client.query(
    `SELECT s.id AS session_id, s.two_factor_passed, s.expires_at, st.id AS staff_id, st.email, st.full_name,
            st.totp_enabled, st.must_change_password, r.title, r.slug, r.permissions, r.is_active
       FROM staff_sessions s
       JOIN staff st ON st.id = s.staff_id
       JOIN roles r ON r.id = st.role_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND st.status = 'active'`,
    [hashToken(token)],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    sessionId: r.session_id,
    staffId: r.staff_id,
    email: r.email,
    fullName: r.full_name,
    roleTitle: r.title,
    roleSlug: r.slug,
    // A switched-off role keeps only the own-account permission (profile, password, sign-out).
    permissions: r.is_active ? r.permissions : ['self.account'],
    twoFactorPassed: r.two_factor_passed,
    totpEnabled: r.totp_enabled,
    mustChangePassword: r.must_change_password,
    expiresAt: r.expires_at,
  };
}

/**
 * Every /v1 route must declare its access; one without fails at start-up, so no route can slip
 * through unguarded. The guard then enforces session, two-factor and permission on each call.
 */
export function registerAuth(app: FastifyInstance, db: Db, routeTable: RouteEntry[]) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access permission`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, access });
    }
  });

  // onRequest, not preHandler: the guard must answer before the body is parsed and validated,
  // or a caller without a session or permission learns the schema from a 400 instead of a 401/403.
  app.addHook('onRequest', async (req) => {
    const access: RouteAccess | undefined = req.routeOptions.config?.access;
    if (!access || access.permission === 'public') return;
    const token = bearer(req);
    if (!token) throw unauthenticated('Not authenticated. Sign in.');
    const auth = await loadSession(db, token);
    if (!auth) throw unauthenticated();
    req.auth = auth;
    if (!auth.twoFactorPassed && !access.allowWithout2FA) {
      throw new AppError('FORBIDDEN', 'Enable two-factor authentication to continue');
    }
    if (auth.mustChangePassword && !access.allowWithPasswordChange && !access.allowWithout2FA) {
      throw new AppError('FORBIDDEN', 'Change your password to continue');
    }
    if (!auth.permissions.includes(access.permission)) {
      throw forbidden('You do not have permission to do this');
    }
  });
}
