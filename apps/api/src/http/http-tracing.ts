import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { App } from './app-types';
import { routeLabel } from './metrics';

/** Set by boot/tracing.ts when an OTLP endpoint is configured; until then no hook is added (no cost). */
export const tracingState = { enabled: false };

/**
 * One server span per request, from the first hook to the answer sent: named by method and route
 * template (`GET /v1/admin/users/{id}`), child of the caller's W3C `traceparent` when one is sent,
 * and made the active context for the rest of the request, so the PostgreSQL spans of its queries
 * (boot/tracing.ts) are its children. Registered first, so it encloses every other hook.
 */
export function registerHttpTracing(app: App) {
  if (!tracingState.enabled) return;
  const tracer = trace.getTracer('vaultdesk-api');
  const spans = new WeakMap<object, Span>();
  app.addHook('onRequest', (req, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': req.url.split('?')[0],
          'client.address': req.ip,
        },
      },
      parent,
    );
    spans.set(req, span);
    const active = trace.setSpan(parent, span);
    // The body's stream events too (a POST's handler runs from its last 'data'/'end').
    context.bind(active, req.raw);
    context.with(active, done);
  });
  app.addHook('onError', (req, _reply, err, done) => {
    spans.get(req)?.recordException(err);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = spans.get(req);
    if (span) {
      const route = routeLabel(req.routeOptions.url);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': reply.statusCode });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(req);
    }
    done();
  });
}
