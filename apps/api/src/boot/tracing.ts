import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import pg from 'pg';
import { tracingState } from '../http/http-tracing';

/**
 * OpenTelemetry traces, exported over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, the standard variables. Without one nothing is
 * loaded, patched or hooked: the SDK and the exporter are imported here only then, and the
 * spans the code starts (the worker's job spans) are @opentelemetry/api's no-ops.
 *
 * The spans are made by Vaultdesk itself, not by auto-instrumentation: the HTTP server span from
 * Fastify hooks (http/http-tracing.ts), the PostgreSQL spans by wrapping pg's query methods here,
 * the job spans around each pg-boss handler (apps/worker). That works the same under tsx and in
 * the esbuild bundle, with no `--import` preload (docs/decisions/operations.md).
 */
export async function startTracing(serviceName: string) {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || process.env.OTEL_SDK_DISABLED === 'true') return null;
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, sdk, { OTLPTraceExporter }, resources] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const delay = Number(process.env.OTEL_BSP_SCHEDULE_DELAY);
  // The exporter reads the endpoint, headers, timeout and compression from the OTEL_* variables.
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || serviceName,
      'process.pid': process.pid,
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: Number.isFinite(delay) && delay > 0 ? delay : 5000,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracePostgres();
  tracingState.enabled = true;
  return {
    endpoint,
    /** Sends the spans still buffered (a stop waits for it, at most `ms`). */
    shutdown: async (ms = 3000) => {
      await Promise.race([provider.shutdown(), new Promise((r) => setTimeout(r, ms).unref())]);
    },
  };
}

/** Marks a query handed from Pool.query to a pooled client: the pool's span covers it already. */
const FROM_POOL = Symbol('vaultdesk.traced-by-pool');
type QueryConfig = { text?: string; [FROM_POOL]?: true; submit?: unknown };
type AnyQuery = (this: unknown, ...args: unknown[]) => unknown;

/**
 * A span per query made while a span is active (a request, a job): pg-boss's polling and other
 * background queries outside any span make none. `Pool.query` makes it where it is called (a
 * pooled client's callback may run in another request's context); `Client.query` for queries on
 * a checked-out client (transactions). Only the SQL text is recorded, never its parameters.
 */
function tracePostgres() {
  const tracer = trace.getTracer('vaultdesk-pg');
  const withSpan = (target: { query: AnyQuery }, fromPool: boolean) => {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      const config = (typeof first === 'string' ? { text: first } : first) as QueryConfig | undefined;
      const callback = typeof args[args.length - 1] === 'function';
      // A submittable (a cursor, COPY) or a callback call, a query without a request or job, or one the pool traced.
      if (!config || config.submit || callback || config[FROM_POOL] || !trace.getSpan(context.active()))
        return original.apply(this, args);
      const text = String(config.text ?? '');
      const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
      const span = tracer.startSpan(operation, {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          'db.query.text': text.length > 2000 ? `${text.slice(0, 2000)}…` : text,
        },
      });
      const passed = fromPool ? [{ ...config, [FROM_POOL]: true }, ...args.slice(1)] : args;
      const end = (err?: unknown) => {
        if (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        }
        span.end();
      };
      const result = context.with(trace.setSpan(context.active(), span), () => original.apply(this, passed));
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(
          () => end(),
          (err: unknown) => end(err),
        );
      else end();
      return result;
    };
  };
  withSpan(pg.Pool.prototype as unknown as { query: AnyQuery }, true);
  withSpan(pg.Client.prototype as unknown as { query: AnyQuery }, false);
}
