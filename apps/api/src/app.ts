import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestHeaders } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { ExportFileStore } from '@vaultdesk/worker';
import type { Config } from './config/config';
import type { App, JobQueue } from './http/app-types';
import { openapiDocument, registerApiDescription, transform, transformObject } from './http/api-description';
import { createSessionCache, registerAuth, type SessionCache } from './http/auth';
import {
  startSessionListener,
  type SessionListener,
  type SessionListenerOptions,
} from './change-listener/session-listener';
import { fileStoreFor, type FileStore } from './files/file-store';
import { AppError } from './http/errors';
import { registerNulGuard } from './http/nul-guard';
import { currentRequestId, registerRequestId, requestIdFor } from './http/request-id';
import { registerMetrics } from './http/metrics';
import { registerHttpTracing } from './http/http-tracing';
import { createLiveTickets } from './http/live-tickets';
import { createLiveHub, type LiveHub } from './modules/live/live-hub';
import { liveRoutes } from './modules/live/live.routes';
import { registerErrorHandler } from './http/error-handler';
import { trackInFlight } from './http/in-flight';
import { registerSecurityHeaders, securityPolicy } from './http/security-headers';
import type { RouteEntry } from './http/route-table';
import { adminsRoutes } from './modules/admins/admins.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { healthRoutes } from './modules/health/health.routes';
import { treasuryRoutes } from './modules/treasury/treasury.routes';
import { usersRoutes } from './modules/users/users.routes';
import { userProfileRoutes } from './modules/user-profile/user-profile.routes';
import { userFundsRoutes } from './modules/user-funds/user-funds.routes';
import { savingsPlansRoutes } from './modules/savings-plans/savings-plans.routes';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { exportStoreFor } from './modules/exports/exports.service';
import { registerAreaExports } from './modules/exports/export-registry';
import { reportsRoutes } from './modules/reports/reports.routes';
import { adminProfileRoutes } from './modules/admin-profile/admin-profile.routes';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes';
import { finderRoutes } from './modules/finder/finder.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { queuesRoutes } from './modules/queues/queues.routes';
import { batchesRoutes } from './modules/batches/batches.routes';
import { withdrawOutRoutes } from './modules/withdraw-out/withdraw-out.routes';
import { liquidityProvidersRoutes } from './modules/liquidity-providers/liquidity-providers.routes';
import { filesRoutes } from './modules/files/files.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { greetingsRoutes } from './modules/greetings/greetings.routes';
import { newslettersRoutes } from './modules/newsletters/newsletters.routes';
import { botsRoutes } from './modules/bots/bots.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { chainWatchRoutes } from './modules/chain-watch/chain-watch.routes';
import { approvalActions } from './approval-registry';
import { registerApprovalGate } from './modules/approvals/approval-gate';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { createApprovalsService } from './modules/approvals/approvals.service';
import { registerProductAuth } from './modules/product-api/product-auth';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { productApiRoutes } from './modules/product-api/product-api.routes';
import { productRequestsRoutes } from './modules/product-api/product-requests.routes';
import { registerProductRateLimit } from './modules/product-api/rate-limit';
import { registerIdempotency } from './modules/product-api/idempotency';
import { productCustomersRoutes } from './modules/product-api/product-customers.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';

// WEB_DIST_DIR: another build of the web app (side-by-side end-to-end runs each build their own).
const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Never let secrets reach the logs: tokens, codes and link signatures in query strings are
 * masked, and so is the setup token in the path of the confirm page (`/confirm-admin/<token>`,
 * the link of the invitation mail, answered with the web app); headers are redacted.
 */
export const maskUrl = (url: string) =>
  url
    .replace(/([?&](?:token|access_code|sender_pin|sig|ticket)=)[^&#]*/gi, '$1[REDACTED]')
    .replace(/^(\/confirm-admin\/)[^/?#]+/i, '$1[REDACTED]');

/** `logStream` sends the log somewhere other than stdout (tests read it to prove redaction). */
export type BuildOptions = {
  config: Config;
  db: Db;
  jobs?: JobQueue | null;
  /** Where finished CSV exports are read from (the worker writes them there). */
  exportStore?: ExportFileStore;
  /** The file store (default: the one the configuration names; a process that also runs the worker shares its own). */
  files?: FileStore;
  logger?: boolean;
  logStream?: NodeJS.WritableStream;
  /** How the session-change listener retries and checks its connection (tests shorten or lengthen these). */
  sessionListener?: SessionListenerOptions;
};

export async function buildApp({
  config,
  db,
  jobs = null,
  exportStore,
  files,
  logger = true,
  logStream,
  sessionListener,
}: BuildOptions) {
  // The worker's export job finds each report's SELECT in its area (in this process, or alone: worker-main.ts).
  registerAreaExports();
  const app = Fastify({
    // Only the named proxies' X-Forwarded-For is believed (proxy-addr: the right-most address not one of them).
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1_048_576,
    // One id per request: a UUID, or the trusted proxy's X-Request-Id (http/request-id.ts).
    genReqId: requestIdFor(config.trustProxy),
    // The label of the request id on log lines (Fastify 5.12 takes it through its log controller).
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          redact: {
            paths: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.password',
              '*.currentPassword',
              '*.confirmPassword',
              '*.code',
              '*.secret',
              '*.token',
              '*.totpSecretEnc',
              '*.access_code',
              '*.sender_pin',
              '*.accessCode',
              '*.senderPin',
            ],
            censor: '[REDACTED]',
          },
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({
              method: req.method,
              url: maskUrl(req.url),
              ip: req.ip,
            }),
          },
        }
      : false,
  }).withTypeProvider<ZodTypeProvider>() as App;

  // First: every answer carries X-Request-Id, whatever answers it.
  registerRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before every other hook: the request's span (only with an OTLP endpoint) encloses them all.
  registerHttpTracing(app);
  // First, so its timing hook covers every route registered after it.
  const metrics = registerMetrics(app, db, config.metrics);

  // A POST without a body (e.g. confirm-super) may still say it is JSON: treat empty as {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    // The product API verifies its signature over the body exactly as sent (product-auth.ts).
    _req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('BAD_REQUEST', 'The request body is not valid JSON'), undefined);
    }
  });

  registerSecurityHeaders(app, securityPolicy(config.appUrl));

  // The headers the API reads, declared on every /v1 route (before swagger collects the routes,
  // so the OpenAPI document lists them with their limits).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/v1/') && !route.schema?.headers)
      route.schema = { ...route.schema, headers: requestHeaders };
  });
  // Four eyes: the routes the approval policy may hold back (their 202, reason header and 428 documented).
  const approvalActionTable = approvalActions(config);
  const approvals = createApprovalsService(db, approvalActionTable);
  registerApprovalGate(app, approvalActionTable, approvals);
  // The product API (`/product/v1/`): signed service clients only, each route with its scope.
  registerProductAuth(app, db, config.secretsKey);
  // After the signature: the client's per-minute limit, then its Idempotency-Key on every write.
  registerProductRateLimit(app, db);
  registerIdempotency(app, db);
  // Each operation's operationId and 4xx answers (with the shared ErrorBody), derived in one place.
  registerApiDescription(app);
  await app.register(swagger, {
    // Title, license, server, the areas (tags) and the bearer scheme: api-description.ts.
    openapi: openapiDocument,
    // The zod schemas as JSON Schema, plus each route's 4xx answers (ErrorBody).
    transform,
    // The schemas registered with an id (ErrorBody) into components/schemas, once.
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // What a shutdown that reaches its deadline names as cut (main.ts).
  trackInFlight(app);

  // MAINTENANCE is read at start-up: the hook exists only while it is on.
  if (config.maintenance) {
    app.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/v1/')) throw new AppError('MAINTENANCE', 'Server Maintenance Ongoing');
    });
  }

  const routeTable: RouteEntry[] = [];
  // Each process its own session cache, emptied by its own listener when any process changes
  // a session, account or role (and bypassed while that listener is not listening).
  const sessionCache = createSessionCache();
  // The live screens' streams are fed by the same listening connection (one per process, never
  // one per stream), and are ended before the server closes: it waits for open answers to finish.
  const liveHub = createLiveHub(db, { log: (msg, err) => app.log.warn({ err }, msg) });
  const listener = await startSessionListener(
    db.$client,
    sessionCache,
    { log: (msg) => app.log.warn(msg), ...sessionListener },
    {
      live: (topic) => liveHub.publish(topic),
      sessionChange: () => void liveHub.sessionsChanged(),
      relisten: () => liveHub.resync(),
    },
  );
  app.addHook('preClose', async () => liveHub.closeAll());
  app.addHook('onClose', async () => listener.close());
  app.decorate('sessionCache', sessionCache);
  app.decorate('sessionListener', listener);
  app.decorate('liveHub', liveHub);
  const liveTickets = createLiveTickets(config.secretsKey);
  registerAuth(app, db, routeTable, sessionCache, { sync: () => listener.sync(), tickets: liveTickets });
  registerNulGuard(app);
  app.decorate('routeTable', routeTable);

  // The jobs a request queues carry its id: the worker's lines for that job name it.
  const requestJobs: JobQueue | null = jobs && {
    send: (name, data = {}) => {
      const requestId = currentRequestId();
      return jobs.send(name, requestId ? { ...data, requestId } : data);
    },
  };
  const deps = { db, config, jobs: requestJobs, files: files ?? fileStoreFor(db, config) };
  healthRoutes(app, deps);
  authRoutes(app, deps);
  adminsRoutes(app, deps);
  dashboardRoutes(app, deps);
  auditRoutes(app, deps);
  treasuryRoutes(app, deps);
  const exportsService = exportsRoutes(app, deps, exportStore ?? exportStoreFor(db, config, deps.files));
  usersRoutes(app, deps, exportsService);
  userProfileRoutes(app, deps);
  userFundsRoutes(app, deps);
  savingsPlansRoutes(app, deps);
  referralsRoutes(app, deps, exportsService);
  reportsRoutes(app, deps, exportsService);
  adminProfileRoutes(app, deps);
  passkeysRoutes(app, deps);
  finderRoutes(app, deps);
  notesRoutes(app, deps);
  queuesRoutes(app, deps);
  batchesRoutes(app, deps);
  withdrawOutRoutes(app, deps);
  liquidityProvidersRoutes(app, deps);
  filesRoutes(app, deps);
  settingsRoutes(app, deps);
  greetingsRoutes(app, deps);
  newslettersRoutes(app, deps);
  botsRoutes(app, deps);
  kycRoutes(app, deps);
  complianceRoutes(app, deps, exportsService);
  reconciliationRoutes(app, deps);
  chainWatchRoutes(app, deps);
  approvalsRoutes(app, deps, approvals);
  productApiRoutes(app);
  productRequestsRoutes(app, deps);
  productCustomersRoutes(app, deps);
  integrationsRoutes(app, deps);
  webhooksRoutes(app, deps);
  liveRoutes(app, liveHub, liveTickets, metrics);
  // Registers multipart parsing inside its own scope, for its upload calls only.
  await agentsRoutes(app, deps);

  if (existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' &&
      !req.url.startsWith('/v1/') &&
      !req.url.startsWith('/docs') &&
      !req.url.startsWith('/product/');
    if (wantsPage && existsSync(webDist)) return reply.type('text/html').sendFile('index.html');
    if (wantsPage) return reply.code(404).type('text/plain').send('The web app is not built: run `npm run build:web`.');
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ message: `No route ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });

  await app.ready();
  return app;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    routeTable: RouteEntry[];
    sessionCache: SessionCache;
    sessionListener: SessionListener;
    liveHub: LiveHub;
  }
}
