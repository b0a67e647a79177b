import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { BEARER_HEADER, LIVE_TICKET_PATTERN, PASSKEY_MESSAGES, permissionsInForce } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { AppError, forbidden, unauthenticated } from './errors';
import { hashToken } from '../credentials/credentials';
import type { LiveTickets } from './live-tickets';
import { permissionFor, type RouteAccess, type RouteEntry } from './route-table';

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
  /**
   * The role requires passkeys and this session was opened with password + TOTP: it reaches only
   * the passkey registration, the own account's reads and sign-out (routes marked
   * allowWithPasskeySetup), whether or not the account already has a passkey.
   */
  passkeySetupRequired: boolean;
  /** When the session was opened (a passkey may be added only shortly after). */
  signedInAt: Date;
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
  const m = BEARER_HEADER.exec(header);
  return m?.[1] ?? null;
};

/** Session, staff and role in one round trip; exported so the bench can tell it apart. */
export const SESSION_SQL = `SELECT s.id AS session_id, s.two_factor_passed, s.expires_at, s.created_at, st.id AS staff_id, st.email, st.full_name,
            st.totp_enabled, st.must_change_password, r.title, r.slug, r.permissions, r.is_active,
            (r.require_passkey AND s.method <> 'passkey') AS passkey_setup_required
       FROM staff_sessions s
       JOIN staff st ON st.id = s.staff_id
       JOIN roles r ON r.id = st.role_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND st.status = 'active'`;

/** The same lookup by the session's id (a live stream ticket names its session, not its token). */
const SESSION_BY_ID_SQL = SESSION_SQL.replace('s.token_hash = $1', 's.id = $1');
/** And for many sessions at once (the open live streams, checked again after a change). */
const SESSIONS_BY_IDS_SQL = SESSION_SQL.replace('s.token_hash = $1', 's.id = ANY($1::uuid[])');

export const loadSession = (db: Db, token: string) => loadSessionByHash(db, hashToken(token));

const loadSessionByHash = (db: Db, tokenHash: string) => loadSessionWhere(db, SESSION_SQL, tokenHash);
export const loadSessionById = (db: Db, sessionId: string) => loadSessionWhere(db, SESSION_BY_ID_SQL, sessionId);

async function loadSessionWhere(db: Db, text: string, key: string): Promise<AuthState | null> {
  const { rows } = await db.$client.query(text, [key]);
  return rows[0] ? toAuthState(rows[0]) : null;
}

/** The sessions still valid among `ids`, by id: one round trip whatever their number. */
export async function loadSessionsByIds(db: Db, ids: readonly string[]): Promise<Map<string, AuthState>> {
  if (!ids.length) return new Map();
  const { rows } = await db.$client.query(SESSIONS_BY_IDS_SQL, [ids]);
  return new Map(rows.map((r) => [r.session_id as string, toAuthState(r)]));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of SESSION_SQL, as pg returns it
function toAuthState(r: any): AuthState {
  return {
    sessionId: r.session_id,
    staffId: r.staff_id,
    email: r.email,
    fullName: r.full_name,
    roleTitle: r.title,
    roleSlug: r.slug,
    permissions: permissionsInForce({ isActive: r.is_active, permissions: r.permissions }),
    twoFactorPassed: r.two_factor_passed,
    totpEnabled: r.totp_enabled,
    mustChangePassword: r.must_change_password,
    passkeySetupRequired: r.passkey_setup_required,
    signedInAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

/**
 * How long a resolved session is reused without asking PostgreSQL again. Every change this
 * process makes (any /v1 call other than a read: sign-out, password change, role or account
 * change) empties the cache before its answer leaves, so here such a change takes effect at
 * once. A change made elsewhere (another API process, a console command, SQL by hand) reaches
 * this process as a PostgreSQL notification at its commit (session-listener.ts), which empties
 * the cache too; while that listener is not listening the cache is bypassed, so this TTL is a
 * last bound only. Failed lookups are never kept.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS, max = SESSION_CACHE_MAX, now = () => Date.now()) {
  const entries = new Map<string, { auth: AuthState; until: number }>();
  // Bumped on every clear: a lookup that began before a change may have read the old row, so
  // its result is not kept.
  let generation = 0;
  // Set while changes made elsewhere could go unheard (the listener is down): nothing is served
  // from the cache or kept in it, every request reads PostgreSQL.
  let bypassed = false;
  return {
    get(tokenHash: string): AuthState | null {
      if (bypassed) return null;
      const hit = entries.get(tokenHash);
      if (!hit) return null;
      const t = now();
      if (hit.until <= t || hit.auth.expiresAt.getTime() <= t) {
        entries.delete(tokenHash);
        return null;
      }
      return hit.auth;
    },
    generation: () => generation,
    set(tokenHash: string, auth: AuthState, startedAt: number) {
      if (bypassed || startedAt !== generation || ttlMs <= 0) return;
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      Object.freeze(auth.permissions);
      entries.set(tokenHash, { auth: Object.freeze(auth), until: now() + ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
    /** On: empties the cache and serves nothing from it until turned off again. */
    bypass(on: boolean) {
      generation++;
      entries.clear();
      bypassed = on;
    },
    bypassed: () => bypassed,
    size: () => entries.size,
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /v1 route must declare its access; one without fails at start-up, so no route can slip
 * through unguarded. The guard then enforces session, two-factor and permission on each call.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  routeTable: RouteEntry[],
  cache: SessionCache = createSessionCache(),
  opts: { sync?: () => Promise<unknown>; tickets?: LiveTickets } = {},
) {
  const { sync, tickets } = opts;
  app.decorateRequest('auth', null);
  const forgetSessions: onSendHookHandler = (_req, reply, payload, done) => {
    cache.clear();
    // Other instances: a change answered (not refused) is acknowledged by each of them first.
    if (!sync || reply.statusCode >= 400) return done(null, payload);
    sync().then(
      () => done(null, payload),
      (err: Error) => {
        app.log.warn(
          { err },
          'session sync failed; the other instances empty their caches when the change notification reaches them',
        );
        done(null, payload);
      },
    );
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access permission`);
    const methods = [route.method].flat();
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: route.url,
        access,
        ...(route.config?.approval ? { approval: route.config.approval } : {}),
      });
    }
    // Any change may touch sessions, accounts or roles: a route that changes things forgets
    // every resolved session before its answer is sent (the change is committed by then), so
    // the caller's next request, and everyone else's, is checked against the database again.
    // On the other instances too: an answered change waits until each has acknowledged that it
    // read the change notifications committed so far (session-listener.ts, sync), so a request
    // sent to another instance after this answer cannot be served from a stale cache.
    // Read routes carry no such hook at all.
    if (methods.some((m) => !READS.has(m))) route.onSend = [route.onSend ?? []].flat().concat(forgetSessions);
  });

  // onRequest, not preHandler: the guard must answer before the body is parsed and validated,
  // or a caller without a session or permission learns the schema from a 400 instead of a 401/403.
  app.addHook('onRequest', async (req, reply) => {
    const access: RouteAccess | undefined = req.routeOptions.config?.access;
    // Every API answer (the /v1 routes and the downloads, each declares its access) is kept by no
    // cache: a signed-in answer, a refusal or a token handed out at sign-in, shared machines and
    // proxies included. Set before the guard, so its own 401/403 carry it too. The web app's
    // files and the API description (no access declared) keep their caching.
    if (access) reply.header('cache-control', 'no-store');
    if (!access || access.permission === 'public') return;
    let auth: AuthState | null;
    // A live stream's ticket, when given, decides alone (a bearer header beside it does not
    // excuse a forged or expired ticket); its session is read fresh from PostgreSQL, never from
    // the cache. A value not even shaped like a ticket is bad input: the schema answers it (400).
    const ticket = access.streamTicket ? (req.query as Record<string, unknown> | undefined)?.ticket : undefined;
    if (typeof ticket === 'string' && LIVE_TICKET_PATTERN.test(ticket) && tickets) {
      const sessionId = tickets.verify(ticket);
      if (!sessionId) throw unauthenticated('The stream ticket is invalid or expired: ask for a new one.');
      auth = await loadSessionById(db, sessionId);
      if (!auth) throw unauthenticated();
    } else {
      const token = bearer(req);
      if (!token) throw unauthenticated('Not authenticated. Sign in.');
      const tokenHash = hashToken(token);
      auth = cache.get(tokenHash);
      if (!auth) {
        const startedAt = cache.generation();
        auth = await loadSessionByHash(db, tokenHash);
        if (!auth) throw unauthenticated();
        cache.set(tokenHash, auth, startedAt);
      }
    }
    req.auth = auth;
    // Every later line of this request (its completion included) names who made it.
    req.log = req.log.child({ staffId: auth.staffId });
    reply.log = req.log;
    if (!auth.twoFactorPassed && !access.allowWithout2FA) {
      throw new AppError('FORBIDDEN', 'Enable two-factor authentication to continue');
    }
    if (auth.mustChangePassword && !access.allowWithPasswordChange && !access.allowWithout2FA) {
      throw new AppError('FORBIDDEN', 'Change your password to continue');
    }
    // After a password change that is due (that page comes first), the passkey a role requires.
    if (
      auth.passkeySetupRequired &&
      !auth.mustChangePassword &&
      !access.allowWithPasskeySetup &&
      !access.allowWithout2FA
    ) {
      throw new AppError('FORBIDDEN', PASSKEY_MESSAGES.setupRequired);
    }
    if (!auth.permissions.includes(permissionFor(access, req.query))) {
      throw forbidden('You do not have permission to do this');
    }
  });
}
