import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../test/helpers';
import type { JsonSchema, OpenApiDocument } from '../../test/string-bounds';
import { insertServiceClient, productCall, type TestServiceClient } from '../../test/product';

/**
 * Over-long and too-short strings through the API: a 400 that names the field and says what is
 * wrong ("too short: at least N", "too long: at most N", "is required"), and nothing changes.
 */
let t: TestApp;
let superAdmin: string;
let compliance: string;
let doc: OpenApiDocument;
/** Product API calls (/product/v1) are signed by this client, with a fresh Idempotency-Key each. */
let client: TestServiceClient;
/** What a refused product call still changes: the client's rate-limit counter and last_used_at. */
const PRODUCT_BOOKKEEPING = new Set(['product_rate_counts', 'service_clients']);

/** count and md5 of every row, per table (as the fuzzer does): "nothing changed" means all equal. */
async function checksums() {
  const { rows: tables } = await t.db.$client.query<{ n: string }>(
    `SELECT table_name AS n FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = 'public' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { n } of tables) {
    if (PRODUCT_BOOKKEEPING.has(n)) continue;
    const { rows } = await t.db.$client.query<{ c: string; h: string }>(
      `SELECT count(*)::text AS c, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM "${n}" x`,
    );
    out[n] = `${rows[0]!.c}:${rows[0]!.h}`;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await sessionFor(t.db, demo('superadmin').email);
  compliance = await sessionFor(t.db, demo('compliance').email);
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument;
  client = await insertServiceClient(t.db, t.config.secretsKey, { rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await t?.close();
});

const send = (method: string, url: string, payload?: object, token = superAdmin) =>
  url.startsWith('/product/')
    ? productCall(t.app, client, method as 'GET', url, payload, {
        idempotencyKey: method === 'GET' ? undefined : randomUUID(),
      })
    : t.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(token),
        ...(payload !== undefined ? { payload } : {}),
        remoteAddress: '10.44.0.1',
      });

describe('GET /v1/admin/funding-request?email= (finding 5)', () => {
  it('a 5,000-character address is a 400 naming email, not a 200 "Failed to get result"', async () => {
    const before = await checksums();
    const long = `${'a'.repeat(4990)}@example.com`;
    const res = await send('GET', `/v1/admin/funding-request?email=${encodeURIComponent(long)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: 'email: email is too long: at most 254 characters',
      code: 'BAD_REQUEST',
      fields: { email: ['email is too long: at most 254 characters'] },
    });
    // One past the limit is refused the same way; the longest address allowed is looked up.
    const address = (length: number) => `${'b'.repeat(64)}@${'c'.repeat(length - 77)}.example.com`;
    expect(address(255)).toHaveLength(255);
    expect((await send('GET', `/v1/admin/funding-request?email=${address(255)}`)).json().fields).toEqual({
      email: ['email is too long: at most 254 characters'],
    });
    const longest = address(254);
    const ok = await send('GET', `/v1/admin/funding-request?email=${longest}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Failed to get result', data: { records: [] } });
    expect(await checksums()).toEqual(before);
  });
});

describe('role title messages (finding 6)', () => {
  const roleBody = { title: 'Team clerk', description: 'Manages nothing', permissions: ['self.account'] };

  it('one character is too short (with the minimum), 61 too long (with the maximum), empty or missing is required; nothing is written', async () => {
    const created = await send('POST', '/v1/admin/roles', { ...roleBody, title: 'Limits check role' });
    expect(created.statusCode, created.body).toBe(200);
    const existing = created.json().data._id as string;
    const before = await checksums();
    const cases: [unknown, string][] = [
      ['A', 'Title is too short: at least 2 characters'],
      [' B ', 'Title is too short: at least 2 characters'],
      ['T'.repeat(61), 'Title is too long: at most 60 characters'],
      ['', 'Title is required'],
      ['   ', 'Title is required'],
      [undefined, 'Title is required'],
      [null, 'Title is required'],
      [42, 'Title must be text'],
    ];
    for (const [title, message] of cases) {
      for (const [method, url] of [
        ['POST', '/v1/admin/roles'],
        ['PATCH', `/v1/admin/roles/${existing}`],
      ] as const) {
        const res = await send(method, url, { ...roleBody, title });
        expect(res.statusCode, `${method} ${JSON.stringify(title)} ${res.body}`).toBe(400);
        expect(res.json(), `${method} ${JSON.stringify(title)}`).toEqual({
          message: `title: ${message}`,
          code: 'BAD_REQUEST',
          fields: { title: [message] },
        });
      }
    }
    const longDescription = await send('POST', '/v1/admin/roles', { ...roleBody, description: 'd'.repeat(301) });
    expect(longDescription.json().fields).toEqual({ description: ['Description is too long: at most 300 characters'] });
    const longPermission = await send('POST', '/v1/admin/roles', { ...roleBody, permissions: ['p'.repeat(101)] });
    expect(longPermission.json().fields).toEqual({
      'permissions.0': ['Permission is too long: at most 100 characters'],
    });
    expect(await checksums()).toEqual(before);
  });

  it("keeps the specifications' own messages where they give one", async () => {
    const before = await checksums();
    // Spec 001 §: 'Please input your E-mail!' and 'The input is not valid E-mail!' (activity search); a name is required ('Please input your name!').
    expect((await send('GET', '/v1/admin/finder?email=')).json().fields).toEqual({
      email: ['Please input your E-mail!'],
    });
    expect((await send('GET', '/v1/admin/finder?email=not-an-address')).json().fields).toEqual({
      email: ['The input is not valid E-mail!'],
    });
    expect((await send('GET', `/v1/admin/finder?email=${'e'.repeat(250)}@x.io`)).json().fields).toEqual({
      email: ['E-mail is too long: at most 254 characters'],
    });
    expect((await send('PUT', '/v1/admin/profile', { fullName: ' ' })).json().fields).toEqual({
      fullName: ['Please input your name!'],
    });
    expect((await send('PUT', '/v1/admin/profile', { fullName: 'A' })).json().fields).toEqual({
      fullName: ['Name is too short: at least 2 characters'],
    });
    expect((await send('PUT', '/v1/admin/profile', { fullName: 'N'.repeat(101) })).json().fields).toEqual({
      fullName: ['Name is too long: at most 100 characters'],
    });
    expect(await checksums()).toEqual(before);
  });
});

describe('the headers the API reads', () => {
  it('an over-long location or user agent is a 400 naming the header and changes nothing; a short malformed location is dropped as before', async () => {
    const before = await checksums();
    const rename = { fullName: 'Renamed By Header Test' };
    for (const [name, value, message] of [
      ['longitude', '1'.repeat(33), 'longitude is too long: at most 32 characters'],
      ['latitude', `-${'9'.repeat(40)}`, 'latitude is too long: at most 32 characters'],
      ['user-agent', `Mozilla/5.0 ${'x'.repeat(1020)}`, 'user-agent is too long: at most 1024 characters'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/admin/profile',
        headers: { ...bearer(superAdmin), [name]: value },
        payload: rename,
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        message: `${name}: ${message}`,
        code: 'BAD_REQUEST',
        fields: { [name]: [message] },
      });
    }
    expect(await checksums()).toEqual(before);
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/profile',
      headers: { ...bearer(superAdmin), longitude: 'abc', latitude: '6.5244' },
      payload: rename,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const [row] = (
      await t.db.$client.query(
        `SELECT longitude, latitude FROM audit_log WHERE action = 'admin.profile.update' ORDER BY id DESC LIMIT 1`,
      )
    ).rows;
    expect(row).toEqual({ longitude: null, latitude: 6.5244 });
  });
});

/** The string's own maxLength: on the schema, or on the string branch of an anyOf (a number sent as text). */
const maxLengthOf = (s: JsonSchema): number | undefined =>
  typeof s.maxLength === 'number' ? s.maxLength : s.anyOf?.map(maxLengthOf).find((n) => n !== undefined);

/** The string's own minLength, as maxLengthOf. */
const minLengthOf = (s: JsonSchema): number | undefined =>
  typeof s.minLength === 'number' ? s.minLength : s.anyOf?.map(minLengthOf).find((n) => n !== undefined);

type Op = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
};
type Target = { method: string; path: string; op: Op; where: 'query' | 'body'; name: string; limit: number };

/** Every top-level query parameter (of operations without a body) and body field the document gives a limit. */
function targetsOf(limitOf: (s: JsonSchema) => number | undefined): Target[] {
  const targets: Target[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    if (!path.startsWith('/v1/') && !path.startsWith('/product/v1/')) continue;
    for (const [method, op] of Object.entries(byMethod) as [string, Op][]) {
      if (method === 'head') continue;
      const body = op.requestBody?.content['application/json']?.schema;
      // Fastify checks the body before the query: a query field is tried where there is no body.
      if (!body)
        for (const p of op.parameters ?? [])
          if (p.in === 'query' && limitOf(p.schema) !== undefined)
            targets.push({ method, path, op, where: 'query', name: p.name, limit: limitOf(p.schema)! });
      for (const [name, s] of Object.entries(body?.properties ?? {}))
        if (limitOf(s) !== undefined) targets.push({ method, path, op, where: 'body', name, limit: limitOf(s)! });
    }
  }
  return targets;
}

/** Sends each target the value, alone; lists those not refused with a 400 whose messages for the field include one ending in `said`. */
async function sweep(targets: Target[], value: (t: Target) => string, said: (t: Target) => string) {
  const wrong: string[] = [];
  for (const target of targets) {
    // Path parameters as the document types them: an id, or a number (bot configs).
    const pathParams = new Map(
      (target.op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
    );
    const url = target.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      ['integer', 'number'].includes(String(pathParams.get(name)?.type)) ? '1' : randomUUID(),
    );
    const v = value(target);
    const go = (token: string) =>
      target.where === 'query'
        ? send(target.method.toUpperCase(), `${url}?${target.name}=${v}`, undefined, token)
        : send(target.method.toUpperCase(), url, { [target.name]: v }, token);
    let res = await go(superAdmin);
    if (res.statusCode === 403) res = await go(compliance);
    const problems = (res.json() as { fields?: Record<string, string[]> }).fields?.[target.name] ?? [];
    if (res.statusCode !== 400 || !problems.some((m) => m.endsWith(said(target))))
      wrong.push(
        `${target.method.toUpperCase()} ${target.path} ${target.where}.${target.name}: ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
  }
  return wrong;
}

describe('every limited field of every operation', () => {
  it('one character past its maxLength is a 400 naming the field with "too long: at most N characters", and nothing changes', async () => {
    const targets = targetsOf(maxLengthOf);
    // The sweep covers the document, not a hand-picked few.
    expect(targets.length).toBeGreaterThan(80);
    console.log(
      `[limits] ${targets.length} fields of ${new Set(targets.map((x) => `${x.method} ${x.path}`)).size} operations sent one character too long`,
    );
    const before = await checksums();
    expect(
      await sweep(
        targets,
        (x) => '1'.repeat(x.limit + 1),
        (x) => `too long: at most ${x.limit} characters`,
      ),
    ).toEqual([]);
    expect(await checksums()).toEqual(before);
  });

  it('one character short of a minLength above 1 is a 400 naming the field with "too short: at least N characters", and nothing changes', async () => {
    const targets = targetsOf((s) => ((minLengthOf(s) ?? 0) > 1 ? minLengthOf(s) : undefined));
    expect(targets.length).toBeGreaterThan(5);
    console.log(
      `[limits] ${targets.length} fields of ${new Set(targets.map((x) => `${x.method} ${x.path}`)).size} operations sent one character too short`,
    );
    const before = await checksums();
    expect(
      await sweep(
        targets,
        (x) => '1'.repeat(x.limit - 1),
        (x) => `too short: at least ${x.limit} characters`,
      ),
    ).toEqual([]);
    expect(await checksums()).toEqual(before);
  });

  it("a required string left out is a 400 naming the field with a message of its own (not the validator's default)", async () => {
    const wrong: string[] = [];
    let checked = 0;
    const before = await checksums();
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(byMethod) as [string, Op][]) {
        const body = op.requestBody?.content['application/json']?.schema;
        const required = ((body?.required as string[] | undefined) ?? []).filter((k) => {
          const p = body!.properties![k]!;
          return p.type === 'string' || !!p.anyOf?.some((x) => x.type === 'string');
        });
        if (!required.length) continue;
        const pathParams = new Map((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema]));
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          ['integer', 'number'].includes(String(pathParams.get(name)?.type)) ? '1' : randomUUID(),
        );
        let res = await send(method.toUpperCase(), url, {});
        if (res.statusCode === 403) res = await send(method.toUpperCase(), url, {}, compliance);
        const fields = (res.json() as { fields?: Record<string, string[]> }).fields ?? {};
        for (const name of required) {
          checked++;
          const said = fields[name] ?? [];
          if (res.statusCode !== 400 || !said.length || said.some((m) => /^Invalid input/.test(m)))
            wrong.push(`${method.toUpperCase()} ${path} body.${name}: ${res.statusCode} ${JSON.stringify(said)}`);
        }
      }
    }
    console.log(`[limits] ${checked} required string fields left out`);
    expect(checked).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
    expect(await checksums()).toEqual(before);
  });
});
