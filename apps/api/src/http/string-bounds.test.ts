import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import {
  patternIsBounded,
  stringSites,
  unboundedStrings,
  type JsonSchema,
  type OpenApiDocument,
} from '../../test/string-bounds';

/**
 * Every string a client can send has a length limit (or an enum, a bounded pattern or a bounded
 * format), read from the OpenAPI document the API serves, which is generated from the contract's
 * zod schemas: an over-long value is then bad input everywhere, refused with a 400 naming the field.
 */

const docWith = (
  body: JsonSchema,
  parameters: { in: string; name: string; schema: JsonSchema }[] = [],
): OpenApiDocument => ({
  paths: { '/v1/x': { post: { parameters, requestBody: { content: { 'application/json': { schema: body } } } } } },
});

describe('the string-bounds check (on small hand-made documents)', () => {
  it('names an unbounded string wherever it sits: body, query, header, items, anyOf, oneOf, nested objects, untyped schemas', () => {
    const doc = docWith(
      {
        type: 'object',
        properties: {
          ok: { type: 'string', maxLength: 10 },
          note: { type: 'string' },
          tags: { type: 'array', items: { type: 'string', minLength: 1 } },
          amount: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^\\d+$' }] },
          pick: { oneOf: [{ type: 'string', enum: ['a'] }, { type: 'string' }] },
          inner: { type: 'object', properties: { deep: { type: ['string', 'null'] } } },
          anything: {},
          map: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
      [
        { in: 'query', name: 'email', schema: { type: 'string', format: 'email' } },
        { in: 'header', name: 'x-note', schema: { type: 'string' } },
        { in: 'path', name: 'id', schema: { type: 'string', format: 'uuid' } },
      ],
    );
    expect(unboundedStrings(doc).sort()).toEqual([
      'POST /v1/x body.amount',
      'POST /v1/x body.anything',
      'POST /v1/x body.inner.deep',
      'POST /v1/x body.map.*',
      'POST /v1/x body.note',
      'POST /v1/x body.pick',
      'POST /v1/x body.tags[]',
      'POST /v1/x header.x-note',
      'POST /v1/x query.email',
    ]);
  });

  it('takes maxLength, enum, const, a bounded anchored pattern, uuid and date as bounds; an allOf part bounds its string', () => {
    const doc = docWith({
      type: 'object',
      properties: {
        a: { type: 'string', maxLength: 254, format: 'email' },
        b: { type: 'string', enum: ['x', 'y'] },
        c: { type: 'string', const: 'z' },
        d: { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
        e: { type: 'string', format: 'uuid' },
        f: { type: 'string', format: 'date' },
        g: {
          type: 'string',
          allOf: [
            { type: 'string', maxLength: 20 },
            { type: 'string', pattern: '[a-z]' },
          ],
        },
        h: { type: 'string', maxLength: 200, allOf: [{ type: 'string', pattern: '\\d' }] },
      },
    });
    expect(unboundedStrings(doc)).toEqual([]);
    expect(stringSites(doc)).toHaveLength(8);
  });

  it('counts a pattern as a bound only when anchored at both ends with no unbounded repetition', () => {
    for (const p of [
      '^\\d{1,20}(\\.\\d{1,18})?$',
      '^0x[0-9a-f]{40}$',
      '^[*+]{1,3}$',
      '^a\\+b\\*$',
      '^(?:a|b)$',
      '^\\d{4}-\\d{2}-\\d{2}$',
    ])
      expect(patternIsBounded(p), p).toBe(true);
    for (const p of ['\\d{6}', '^\\d{6}', '\\d{6}$', '^\\d+$', '^[a-z]*$', '^a{2,}$', '^a|b$', '^(a)+$', '^x\\$'])
      expect(patternIsBounded(p), p).toBe(false);
  });
});

describe('the OpenAPI document the API serves (/docs/json)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('bounds every string any operation accepts (path, query, body, recursively)', () => {
    const sites = stringSites(doc);
    // Not a vacuous pass: the document has well over a hundred operations and string inputs.
    expect(Object.values(doc.paths).flatMap((m) => Object.keys(m)).length).toBeGreaterThan(100);
    expect(sites.length).toBeGreaterThan(200);
    expect(unboundedStrings(doc)).toEqual([]);
  });

  it('shows the limits as maxLength: the funding search e-mail, the role title, the newsletter content', () => {
    const query = (path: string, method: string, name: string) =>
      (doc.paths[path]![method] as { parameters: { name: string; schema: JsonSchema }[] }).parameters.find(
        (p) => p.name === name,
      )!.schema;
    const body = (path: string, method: string) =>
      (doc.paths[path]![method] as { requestBody: { content: Record<string, { schema: JsonSchema }> } }).requestBody
        .content['application/json']!.schema.properties!;
    expect(query('/v1/admin/funding-request', 'get', 'email')).toMatchObject({ type: 'string', maxLength: 254 });
    expect(body('/v1/admin/roles', 'post').title).toMatchObject({ type: 'string', minLength: 2, maxLength: 60 });
    expect(body('/v1/admin/roles', 'post').permissions!.items).toMatchObject({ type: 'string', maxLength: 100 });
    expect(body('/v1/newsletters/draft', 'post').content).toMatchObject({ type: 'string', maxLength: 200_000 });
    expect(body('/v1/admin/login', 'post').email).toMatchObject({ type: 'string', maxLength: 254 });
    // The headers the API reads, on every /v1 operation; the approval reason on those the approval policy may hold back.
    const gated = new Set(
      t.app.routeTable
        .filter((r) => r.approval)
        .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(gated.size).toBe(21);
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      if (!path.startsWith('/v1/')) continue;
      for (const [method, op] of Object.entries(byMethod) as [
        string,
        { parameters?: { in: string; name: string; schema: JsonSchema }[] },
      ][]) {
        const headers = Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => [p.name, p.schema.maxLength]),
        );
        expect(headers, `${method} ${path}`).toEqual({
          longitude: 32,
          latitude: 32,
          'user-agent': 1024,
          ...(gated.has(`${method} ${path}`) ? { 'x-approval-reason': 9000 } : {}),
        });
      }
    }
  });

  it('fails when a string without a bound is added to the served document', () => {
    const copy = structuredClone(doc);
    const roles = (
      copy.paths['/v1/admin/roles']!.post as { requestBody: { content: Record<string, { schema: JsonSchema }> } }
    ).requestBody.content['application/json']!.schema;
    roles.properties!.notes = { type: 'string', minLength: 1 };
    (
      copy.paths['/v1/admin/funding-request']!.get as { parameters: { name: string; in: string; schema: JsonSchema }[] }
    ).parameters.push({ in: 'query', name: 'memo', schema: { type: 'string', pattern: '^[a-z]+$' } });
    expect(unboundedStrings(copy)).toEqual([
      'POST /v1/admin/roles body.notes',
      'GET /v1/admin/funding-request query.memo',
    ]);
  });
});
