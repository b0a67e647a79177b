import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = findNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a value carrying one would fail in the
 * database with a 500. Every /v1 call's query, path and JSON body are checked once they have
 * passed their schema (so a schema error still comes first), and such a value is refused with
 * 400 naming its field.
 */
export function registerNulGuard(app: FastifyInstance) {
  // A callback hook: no promise per request on the way of every call.
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.url.startsWith('/v1/')) {
      for (const part of [req.params, req.query, req.body]) {
        const field = findNul(part, '');
        if (field !== null) {
          const name = field || 'body';
          return done(
            badRequest(`${name}: must not contain a NUL character`, { [name]: ['Must not contain a NUL character'] }),
          );
        }
      }
    }
    done();
  });
}
