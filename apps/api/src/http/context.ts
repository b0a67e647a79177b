import type { FastifyRequest } from 'fastify';

export type Actor = { id: string; email: string };

/** Who did something and from where: what every audit row records. */
export type RequestContext = {
  actor: Actor | null;
  ip: string | null;
  longitude: number | null;
  latitude: number | null;
  userAgent: string | null;
  /** The request's id (X-Request-Id), kept on the audit rows it writes; absent for the console. */
  requestId?: string | null;
};

const coordinate = (raw: unknown, limit: number) => {
  if (typeof raw !== 'string' || raw.trim() === '' || raw === 'null') return null;
  const n = Number(raw);
  // Coordinates are optional extras from the browser: a malformed one is dropped, not fatal.
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

export function requestContext(
  req: FastifyRequest,
  actor: Actor | null = req.auth ? { id: req.auth.staffId, email: req.auth.email } : null,
): RequestContext {
  return {
    actor,
    ip: req.ip ?? null,
    longitude: coordinate(req.headers.longitude, 180),
    latitude: coordinate(req.headers.latitude, 90),
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 300) : null,
    requestId: req.id,
  };
}
