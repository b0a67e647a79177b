import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's answer headers, worked out once at start-up. Helmet's policy never looks at the
 * request (no nonces, no functions in the directives), so every answer gets the same headers;
 * running its middleware on every request re-parsed the CSP directives each time (about a tenth
 * of the API's own time on a fast call).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/**
 * Vaultdesk's policy for the way it is served, known from its public URL (APP_URL).
 *
 * Over https, the browser is told to fetch every sub-resource over https too
 * (`upgrade-insecure-requests`) and to remember to use https for the host (HSTS, a year). Over
 * plain http neither is sent: the upgrade would rewrite every script and stylesheet to https://,
 * which a plain-HTTP server does not answer (a blank page for everyone who opens it by a name
 * other than localhost, which browsers exempt), and an HSTS header sent over http is at best
 * ignored and at worst, behind a proxy that later adds TLS on the same name, pins a host that
 * still has plain-HTTP-only neighbours.
 */
export function securityPolicy(appUrl: string): HelmetOptions {
  const https = new URL(appUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design and Swagger UI inject styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the encrypted pictures (KYC, agents) are decrypted in the browser and shown from object URLs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'http://127.0.0.1:*', 'http://localhost:*', 'https:'],
        // Helmet's default adds it; only an https deployment can honour it.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  };
}

/** Every answer, errors and not-found included, carries the headers (onRequest runs for all). */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
