import type { FastifyInstance } from 'fastify';

/** A request this process has received and not answered yet. */
export type InFlightRequest = { id: string; method: string; path: string; startedAt: number };

const registry = new WeakMap<FastifyInstance, Map<string, InFlightRequest>>();

/**
 * Keeps the requests being answered, so a shutdown that reaches its deadline can say which ones it
 * cut (method, path without the query, request id, how long each ran).
 */
export function trackInFlight(app: FastifyInstance) {
  const open = new Map<string, InFlightRequest>();
  registry.set(app, open);
  app.addHook('onRequest', async (req) => {
    open.set(req.id, { id: req.id, method: req.method, path: req.url.split('?')[0] ?? req.url, startedAt: Date.now() });
  });
  app.addHook('onResponse', async (req) => {
    open.delete(req.id);
  });
  app.addHook('onRequestAbort', async (req) => {
    open.delete(req.id);
  });
}

/** The requests `app` is answering now, oldest first. */
export const inFlightRequests = (app: FastifyInstance): InFlightRequest[] =>
  [...(registry.get(app)?.values() ?? [])].sort((a, b) => a.startedAt - b.startedAt);

/** "PUT /v1/admin/profile (request req-1, running 2013 ms)" */
export const describeRequest = (r: InFlightRequest, now = Date.now()) =>
  `${r.method} ${r.path} (request ${r.id}, running ${now - r.startedAt} ms)`;
