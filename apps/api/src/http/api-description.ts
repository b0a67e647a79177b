import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, errorBody, type ErrorCode } from '@vaultdesk/contract';
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
  }
}

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
  BAD_REQUEST: 'Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON',
  UNAUTHENTICATED: 'No session, or the session is expired, signed out or revoked',
  FORBIDDEN: 'The session lacks the permission this operation declares, or must first enable two-factor or change its password',
  NOT_FOUND: 'No record with this id',
  CONFLICT: 'The record is not in a state that allows this change, or the change collides with another',
  APPROVAL_REASON_REQUIRED: 'The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request)',
  TOO_MANY_ATTEMPTS: 'Too many failed attempts: try again after the Retry-After header\'s seconds',
  MAINTENANCE: 'Server maintenance, or the database is unavailable: try again shortly',
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ID_FIELD = /^_?id$|Id$|_id$/;

/** The keys of an object schema (zod object), or none. */
const keysOf = (schema: unknown) => Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/**
 * The 4xx (and 503) answers a route can give. Derived: 400 from its input schemas (every /v1
 * route validates its headers), 401 and 403 from a declared permission, 404 from a path
 * parameter or an id field in its query or body. General: 409 on every route that changes
 * something, 503 on every route (maintenance mode, database down). Declared: `config.answers`.
 */
export function errorCodesFor(route: Pick<RouteOptions, 'method' | 'url' | 'schema'> & { config?: { access?: RouteAccess; answers?: ErrorCode[] } }): ErrorCode[] {
  const schema = route.schema ?? {};
  const access = route.config?.access;
  const codes = new Set<ErrorCode>(route.config?.answers ?? []);
  if (schema.body || schema.querystring || schema.params || schema.headers) codes.add('BAD_REQUEST');
  if (access && access.permission !== 'public') {
    codes.add('UNAUTHENTICATED');
    codes.add('FORBIDDEN');
  }
  if (route.url.includes('/:') || [...keysOf(schema.querystring), ...keysOf(schema.body)].some((k) => ID_FIELD.test(k))) codes.add('NOT_FOUND');
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
    if (methods.length !== 1) throw new Error(`Route ${route.url} answers ${methods.join(', ')}: give each method its own route, so each has one operationId`);
    const method = methods[0]!;
    const declared = (route.schema as { operationId?: string } | undefined)?.operationId;
    const tag = (route.schema as { tags?: string[] } | undefined)?.tags?.[0];
    if (!declared && !tag) throw new Error(`Route ${method} ${route.url} has no tag (its area) to name its operation by`);
    const operationId = declared ?? operationIdFor(method, route.url, tag!);
    const owner = `${method} ${route.url}`;
    const other = seen.get(operationId);
    if (other && other !== owner) throw new Error(`operationId ${operationId} of ${owner} is already ${other}'s: declare schema.operationId on one of them`);
    seen.set(operationId, owner);

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
  const { schema, route } = input as Parameters<typeof jsonSchemaTransform>[0] & { route?: Parameters<typeof errorCodesFor>[0] };
  if (!schema || schema.hide || !route) return jsonSchemaTransform(input);
  const response: Record<number, unknown> = {};
  for (const code of errorCodesFor(route)) {
    response[ERROR_CODES[code]] = { description: DESCRIPTIONS[code], content: { 'application/json': { schema: errorBody } } };
  }
  Object.assign(response, schema.response as Record<number, unknown> | undefined);
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } });
};

/**
 * A success answer that is not JSON (a CSV download, a stored file's bytes, a page), for the
 * route's `response`: documented with its content type. Fastify never runs a serializer over a
 * stream, a buffer or a string sent with a non-JSON type, so this only describes (and is typed
 * `unknown`, so the handler may send a stream).
 */
export const fileAnswer = (contentType: string, description: string, binary = false): { description: string; content: Record<string, { schema: z.ZodType<unknown> }> } => ({
  description,
  content: { [contentType]: { schema: binary ? z.string().meta({ format: 'binary' }) : z.string() } },
});

type OpenApiObject = { components?: { schemas?: Record<string, unknown> } };

/**
 * The schemas registered with an id (ErrorBody) into components/schemas, once; without the ones
 * nothing refers to (the zod provider also writes an `ErrorBodyInput` twin no request uses).
 */
export const transformObject: typeof jsonSchemaTransformObject = (document) => {
  const result = jsonSchemaTransformObject(document) as OpenApiObject;
  const schemas = result.components?.schemas;
  if (schemas) {
    const text = JSON.stringify({ ...result, components: { ...result.components, schemas: {} } });
    for (const name of Object.keys(schemas)) if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return result as ReturnType<typeof jsonSchemaTransformObject>;
};
