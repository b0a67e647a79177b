import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  errorBody,
  PERMISSIONS,
  PRODUCT_SCOPES,
  type ErrorCode,
  type ProductScope,
} from '@vaultdesk/contract';
import type { RouteAccess } from './route-table';

/**
 * The API as its clients read it (/docs/json): every operation gets a stable `operationId` and
 * documents the 4xx answers it can give, with the one error envelope (`ErrorBody`). Both are
 * derived here, in one onRoute hook, from what each route already declares: its method, path,
 * tag (the area), input schemas and access. Nothing is typed per route unless it cannot be
 * derived (`answers`, `schema.operationId`).
 */

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** 4xx answers the route gives that nothing it declares implies (e.g. the sign-in lockout's 429). */
    answers?: ErrorCode[];
    /**
     * The fields of a `multipart/form-data` body (a route whose `schema.consumes` names it), for
     * the document only: the handler reads the parts as they stream (`req.parts()`), so Fastify
     * validates no body. A file part is `uploadPart(...)`. Required on every multipart route.
     */
    uploadForm?: z.ZodObject;
  }
}

/**
 * The areas (OpenAPI tags) the operations are grouped by, each described once. A route's first
 * tag must be one of them (checked when the route is registered), so the document declares every
 * tag it uses and a client generator or reader gets each group's description.
 */
export const API_AREAS = {
  auth: 'Sign-in with password and authenticator code, two-factor set-up, sign-out, the own password',
  'admin profile': "The signed-in staff member's own account: name, recent sign-ins, open sessions",
  'admin team': 'Staff accounts and their roles: invitations, role changes, removal, the permission catalogue',
  audit: 'The audit trail of every change made by staff, as one verifiable hash chain',
  dashboard: 'The dashboard cards and 30-day charts',
  treasury: 'Custodial wallets, overall balances, plan totals and the referral payout account',
  users: 'Customers: lists, searches, wallet balance search, activity search',
  'user profile':
    "One customer's profile and its actions: trust score, two-factor removal, visibility, role, bank details",
  'user funds': "A customer's wallet funds: remittance, wallet resolution, balance checks",
  'savings plans': 'Savings plans, their batches and reward records',
  referrals: 'Referrals and the referral report',
  reports: 'Transaction, account, financial, growth, feature-usage and referral payout reports',
  exports: 'CSV exports: asking for one, its progress, and the signed download',
  finder: 'Search across customers and records by e-mail',
  kyc: 'Identity checks (KYC): the review list, records, images, decisions, levels and their limits',
  compliance: 'Suspects, blacklisted devices, the fraud watchlist, double fundings, locked savings, funding requests',
  queues: 'The deposit and withdraw queues, process lists and bridge sell requests',
  batches:
    'On-chain deposit and withdraw batches: their items, saving a signed batch and checking it against the chain',
  'withdrawal out': 'Withdrawal-out requests and their states',
  'liquidity providers': 'Liquidity providers: adding, activating and deactivating',
  files: 'The gateway to stored files (encrypted KYC images and agent uploads)',
  settings: 'Internal settings: token prices, the APR and other constants',
  greetings: 'Greetings shown to customers',
  newsletters: 'Newsletters: drafts, tests, approval, sending, subscribers and the newsletter system config',
  bots: 'Background bots: switches, cron intervals and their last runs',
  agents: 'User types and agents, with their uploaded images',
  approvals: 'Four eyes: pending approval requests for actions held back by the approval policy, and deciding them',
  live: 'Live screens: a server-sent event stream saying which shared lists changed, and the short ticket that opens it',
  passkeys:
    'Passkeys (WebAuthn) of the signed-in staff member: registering, listing, removing, and signing in with one',
  reconciliation:
    'The reconciliation report: the ledger against balances, plan holds and saved batches against the chain',
  'chain watcher':
    'What the chain watcher recorded: its cursor and lag per chain, the deposits seen and credited, its errors',
  integrations:
    'Service clients of the product API: their scopes, secrets (shown once, rotated, revoked), webhook endpoints and deliveries',
  'product API':
    "For the customer app's backend only, signed by a service client (X-Vaultdesk-Key, -Timestamp, -Signature): customers, identity checks, plans, deposits, withdrawals, funding requests and events",
} as const;
export type ApiArea = keyof typeof API_AREAS;

/**
 * The document's own fields (for @fastify/swagger's `openapi` option). The server is the one that
 * serves the document (a relative URL): each deployment has its own address (`APP_URL`), and the
 * web app and any client call the origin they loaded it from.
 */
export const openapiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Vaultdesk admin API',
    version: '1.0.0',
    description:
      'The staff back-office API of Vaultdesk. Every answer is JSON `{ message, data }`; every error is `{ message, code, fields? }` (`ErrorBody`) with its HTTP status. Sign in with `POST /v1/admin/login` (password and authenticator code) and send the returned token as `Authorization: Bearer <token>`.',
    license: { name: 'Proprietary: for Vaultdesk staff and their own tools only' },
  },
  servers: [{ url: '/', description: 'The Vaultdesk server that serves this document' }],
  tags: Object.entries(API_AREAS).map(([name, description]) => ({ name, description })),
  components: {
    securitySchemes: {
      bearer: { type: 'http' as const, scheme: 'bearer', description: 'The session token from `POST /v1/admin/login`' },
      productSignature: {
        type: 'apiKey' as const,
        in: 'header' as const,
        name: 'X-Vaultdesk-Key',
        description:
          "The product API's service client: its key id here, with X-Vaultdesk-Timestamp (unix seconds) and X-Vaultdesk-Signature `v1=<hex HMAC-SHA256 of timestamp, method, path with query and raw body, joined by newlines>`",
      },
    },
  },
  security: [{ bearer: [] }],
};

/** The first path segments that name the API's namespace, not a resource. */
const NAMESPACES = new Set(['admin', 'advanced']);

/** `take-over-kyc` -> [take, over, kyc]; `create-KycLevel` -> [create, kyc, level]; `levelTwo` -> [level, two]. */
const wordsOf = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * `<area><Method><PathWords>[By<Param>...]`, camelCase: the area is the route's tag, the verb its
 * HTTP method, then the path's words (without `/v1`, the `admin`/`advanced` namespace and a
 * leading repeat of the area), then its path parameters. It depends on nothing but the route
 * itself, so reordering or adding routes never changes another route's id.
 *   GET /v1/admin/roles (admin team)          -> adminTeamGetRoles
 *   DELETE /v1/admin/roles/:id (admin team)   -> adminTeamDeleteRolesById
 *   POST /v1/newsletters/:id/send (newsletters) -> newslettersPostSendById
 */
export function operationIdFor(method: string, url: string, area: string) {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'v1') segments.shift();
  if (segments.length > 1 && NAMESPACES.has(segments[0]!)) segments.shift();
  const params = segments.filter((s) => s.startsWith(':')).map((s) => wordsOf(s.slice(1)));
  let words = segments.filter((s) => !s.startsWith(':')).flatMap(wordsOf);
  const areaWords = wordsOf(area);
  if (areaWords.length && areaWords.every((w, i) => words[i] === w)) words = words.slice(areaWords.length);
  const tail = [...words, ...params.flatMap((p) => ['by', ...p])].map(capital).join('');
  const [first = 'api', ...rest] = areaWords;
  return first + rest.map(capital).join('') + capital(method.toLowerCase()) + tail;
}

const DESCRIPTIONS: Record<ErrorCode, string> = {
  BAD_REQUEST:
    'Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON',
  UNAUTHENTICATED: 'No session, or the session is expired, signed out or revoked',
  FORBIDDEN:
    'The session lacks the permission this operation declares, or must first enable two-factor or change its password',
  NOT_FOUND: 'No record with this id',
  CONFLICT: 'The record is not in a state that allows this change, or the change collides with another',
  APPROVAL_REASON_REQUIRED:
    'The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request)',
  TOO_MANY_ATTEMPTS: "Too many failed attempts: try again after the Retry-After header's seconds",
  MAINTENANCE: 'Server maintenance, or the database is unavailable: try again shortly',
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ID_FIELD = /^_?id$|Id$|_id$/;

/** The keys of an object schema (zod object), or none. */
const keysOf = (schema: unknown) =>
  Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/**
 * The 4xx (and 503) answers a route can give. Derived: 400 from its input schemas (every /v1
 * route validates its headers), 401 and 403 from a declared permission, 404 from a path
 * parameter or an id field in its query or body. General: 409 on every route that changes
 * something, 503 on every route (maintenance mode, database down). Declared: `config.answers`.
 */
export function errorCodesFor(
  route: Pick<RouteOptions, 'method' | 'url' | 'schema'> & {
    config?: { access?: RouteAccess; answers?: ErrorCode[]; productScope?: ProductScope | 'any' };
  },
): ErrorCode[] {
  const schema = route.schema ?? {};
  const access = route.config?.access;
  const codes = new Set<ErrorCode>(route.config?.answers ?? []);
  if (schema.body || schema.querystring || schema.params || schema.headers) codes.add('BAD_REQUEST');
  // A staff route's session and permission, or a product route's signature and scope.
  if ((access && access.permission !== 'public') || route.config?.productScope) {
    codes.add('UNAUTHENTICATED');
    codes.add('FORBIDDEN');
  }
  if (route.url.includes('/:') || [...keysOf(schema.querystring), ...keysOf(schema.body)].some((k) => ID_FIELD.test(k)))
    codes.add('NOT_FOUND');
  if ([route.method].flat().some((m) => !READS.has(m))) codes.add('CONFLICT');
  codes.add('MAINTENANCE');
  return Object.keys(ERROR_CODES).filter((c): c is ErrorCode => codes.has(c as ErrorCode));
}

/** Registers the hook; call it before @fastify/swagger so the document sees the operationId. */
export function registerApiDescription(app: FastifyInstance) {
  const seen = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    // Fastify's own HEAD twin of each GET: not in the document.
    if (methods.length === 0) return;
    if (methods.length !== 1)
      throw new Error(
        `Route ${route.url} answers ${methods.join(', ')}: give each method its own route, so each has one operationId`,
      );
    const method = methods[0]!;
    const declared = (route.schema as { operationId?: string } | undefined)?.operationId;
    const tag = (route.schema as { tags?: string[] } | undefined)?.tags?.[0];
    if (!declared && !tag)
      throw new Error(`Route ${method} ${route.url} has no tag (its area) to name its operation by`);
    if (tag && !Object.hasOwn(API_AREAS, tag))
      throw new Error(
        `Route ${method} ${route.url} has the tag '${tag}', which API_AREAS does not describe: add it there or use one of its areas`,
      );
    const operationId = declared ?? operationIdFor(method, route.url, tag!);
    const owner = `${method} ${route.url}`;
    const other = seen.get(operationId);
    if (other && other !== owner)
      throw new Error(
        `operationId ${operationId} of ${owner} is already ${other}'s: declare schema.operationId on one of them`,
      );
    seen.set(operationId, owner);
    const multipart = ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes(
      'multipart/form-data',
    );
    if (multipart !== !!route.config?.uploadForm)
      throw new Error(
        multipart
          ? `Route ${owner} takes multipart/form-data but declares no config.uploadForm: name its fields and file parts for the API description`
          : `Route ${owner} declares config.uploadForm but its schema.consumes does not name multipart/form-data`,
      );

    route.schema = { ...route.schema, operationId } as typeof route.schema;
  });
}

/**
 * The route's schema as the document shows it: the zod provider's transform, with each 4xx (and
 * 503) the route can answer added as `ErrorBody` (a $ref to the one component). Only the
 * document gets them: put in the route's own `response`, the zod serializer would also rewrite
 * every error answer (a field named `__proto__` in `fields` was lost), and the error handler is
 * already the one place that builds them.
 */
export const transform: typeof jsonSchemaTransform = (input) => {
  const { schema, route } = input as Parameters<typeof jsonSchemaTransform>[0] & {
    route?: Parameters<typeof errorCodesFor>[0] & { config?: { uploadForm?: z.ZodObject } };
  };
  if (!schema || schema.hide || !route) return jsonSchemaTransform(input);
  const response: Record<number, unknown> = {};
  for (const code of errorCodesFor(route)) {
    response[ERROR_CODES[code]] = {
      description: DESCRIPTIONS[code],
      content: { 'application/json': { schema: errorBody } },
    };
  }
  Object.assign(response, schema.response as Record<number, unknown> | undefined);
  const access = route.config?.access;
  const productScope = route.config?.productScope;
  const described = {
    ...schema,
    // A multipart upload's fields (config.uploadForm): the document's request body only.
    ...(route.config?.uploadForm ? { body: route.config.uploadForm } : {}),
    response,
    // A public operation needs no session: it overrides the document's default (the bearer token).
    ...(access?.permission === 'public' ? { security: [] } : {}),
    // Who may call it comes first; a route's own description (e.g. a stream's events) follows.
    ...(access
      ? { description: schema.description ? `${accessNote(access)} ${String(schema.description)}` : accessNote(access) }
      : {}),
    // A product route: the service client's signature instead of a session.
    ...(productScope
      ? {
          security: [{ productSignature: [] }],
          description: schema.description
            ? `${productScopeNote(productScope)} ${String(schema.description)}`
            : productScopeNote(productScope),
        }
      : {}),
  };
  const result = jsonSchemaTransform({ ...input, schema: described });
  describeSuccess(result.schema.response);
  return result;
};

/**
 * A JSON success answer gets a description (else @fastify/swagger writes 'Default Response'):
 * the envelope's, or a plain one. A file answer (`fileAnswer`) brings its own.
 */
function describeSuccess(responses: unknown) {
  for (const [status, schema] of Object.entries(
    (responses ?? {}) as Record<string, Record<string, unknown> | undefined>,
  )) {
    if (!status.startsWith('2') || !schema || 'content' in schema || 'description' in schema) continue;
    const props = (schema.properties ?? {}) as Record<string, unknown>;
    schema['x-response-description'] =
      'message' in props && 'data' in props ? 'Done: the envelope `{ message, data }`, `data` as below' : 'Done';
  }
}

/** Who may call an operation, in words, from the access the route declares (its description). */
/** Who may call a product route (docs/decisions/integrations.md). */
export function productScopeNote(scope: ProductScope | 'any') {
  const signed = "Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature)";
  return scope === 'any'
    ? `${signed}; any active client.`
    : `${signed} and the scope \`${scope}\` (${PRODUCT_SCOPES[scope].replace(/\.$/, '')}).`;
}

export function accessNote(access: RouteAccess) {
  if (access.permission === 'public') return 'Public: no session needed.';
  const needs = (p: keyof typeof PERMISSIONS) => `the permission \`${p}\` (${PERMISSIONS[p].replace(/\.$/, '')})`;
  let note = `Needs a session whose role holds ${needs(access.permission)}.`;
  if (access.when)
    note += ` With \`${access.when.query}=${access.when.equals}\`, it needs ${needs(access.when.permission)} instead.`;
  if (access.allowWithout2FA) note += ' Open also before the account has enabled two-factor.';
  if (access.allowWithPasswordChange) note += ' Open also while the account must change its password.';
  return note;
}

/**
 * A success answer that is not JSON (a CSV download, a stored file's bytes, a page), for the
 * route's `response`: documented with its content type. Fastify never runs a serializer over a
 * stream, a buffer or a string sent with a non-JSON type, so this only describes (and is typed
 * `unknown`, so the handler may send a stream).
 */
export const fileAnswer = (
  contentType: string,
  description: string,
  binary = false,
): { description: string; content: Record<string, { schema: z.ZodType<unknown> }> } => ({
  description,
  content: { [contentType]: { schema: binary ? z.string().meta({ format: 'binary' }) : z.string() } },
});

/** A file part of a multipart upload (config.uploadForm): its bytes, as OpenAPI 3.0 writes a binary string. */
/** A file part of a multipart upload, bounded by its size in bytes (maxLength of a binary string). */
export const uploadPart = (description: string, maxBytes: number) =>
  z.string().max(maxBytes).meta({ format: 'binary', description });

type OpenApiObject = { components?: { schemas?: Record<string, unknown> } };

const COMPOSED = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not'];

/**
 * `nullable` beside no `type` (zod's `unknown().nullable()`, e.g. an audit row's before/after):
 * OpenAPI 3.0.3 gives it no meaning there (it only adds null to a declared type) and linters
 * reject it; the schema already allows any value, null included. A union of typed members gets
 * `nullable` on each member instead; any other composed one keeps its `nullable`, for the linter
 * to report rather than a meaning to be lost.
 */
function dropUntypedNullable(node: unknown) {
  if (Array.isArray(node)) {
    for (const item of node) dropUntypedNullable(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.nullable === true && !('type' in record)) {
    // A union (zod's `union(...).nullable()`): null is allowed by each typed member instead.
    const members = (record.anyOf ?? record.oneOf) as Record<string, unknown>[] | undefined;
    if (members?.every((m) => 'type' in m)) {
      for (const m of members) m.nullable = true;
      delete record.nullable;
    } else if (!COMPOSED.some((k) => k in record)) delete record.nullable;
  }
  for (const value of Object.values(record)) dropUntypedNullable(value);
}

/**
 * The schemas registered with an id (ErrorBody) into components/schemas, once; without the ones
 * nothing refers to (the zod provider also writes an `ErrorBodyInput` twin no request uses).
 */
export const transformObject: typeof jsonSchemaTransformObject = (document) => {
  const result = jsonSchemaTransformObject(document) as OpenApiObject;
  dropUntypedNullable(result);
  const schemas = result.components?.schemas;
  if (schemas) {
    const text = JSON.stringify({ ...result, components: { ...result.components, schemas: {} } });
    for (const name of Object.keys(schemas)) if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return result as ReturnType<typeof jsonSchemaTransformObject>;
};
