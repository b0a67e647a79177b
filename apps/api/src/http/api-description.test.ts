import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody } from '@vaultdesk/contract';
import { bearer, createTestApp, login, type TestApp } from '../../test/helpers';
import { API_AREAS, operationIdFor, registerApiDescription, uploadPart } from './api-description';

/** The OpenAPI document as served at /docs/json, read as a client generator reads it. */
type Response = { description?: string; content?: Record<string, { schema?: { $ref?: string } }> };
type FormSchema = {
  type?: string;
  required?: string[];
  properties?: Record<string, { type?: string; format?: string; description?: string; enum?: string[] }>;
};
type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: FormSchema }> };
  security?: unknown[];
  responses: Record<string, Response>;
};
type Doc = {
  paths: Record<string, Record<string, Operation & { tags?: string[]; description?: string; summary?: string }>>;
  tags?: { name: string; description?: string }[];
  security?: unknown[];
  servers?: { url: string }[];
  components?: {
    schemas?: Record<string, { type?: string; required?: string[]; properties?: Record<string, unknown> }>;
  };
};

let t: TestApp;
let doc: Doc;
/** Each documented operation, with the route's access from the route table. */
let operations: { label: string; method: string; path: string; op: Operation; permission: string | null }[];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Doc;
  if (process.env.DUMP_OPENAPI) writeFileSync(process.env.DUMP_OPENAPI, JSON.stringify(doc, null, 2));
  const access = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access.permission]));
  operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const key = `${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
      // /downloads/:file is outside /v1 (and the route table) but behind the session guard.
      // /product/v1 routes answer a service client's signature (product-auth.ts), not a session.
      const permission =
        access.get(key) ??
        (p.startsWith('/downloads/') ? 'self.account' : p.startsWith('/product/v1/') ? 'product-signature' : null);
      return { label: key, method, path: p, op, permission };
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

const ERROR_REF = '#/components/schemas/ErrorBody';
const errorSchemaOf = (op: Operation, status: number) =>
  op.responses[String(status)]?.content?.['application/json']?.schema?.$ref;
const takesInput = (op: Operation) =>
  !!op.requestBody ||
  (op.parameters ?? []).some((p) => p.in !== 'header' || ['longitude', 'latitude', 'user-agent'].includes(p.name));

describe('the API description (/docs/json) for client generators', () => {
  it('names every operation with a unique camelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(140);
    const ids = operations.map((o) => o.op.operationId);
    for (const { label, op } of operations) expect(op.operationId, label).toMatch(/^[a-z][A-Za-z0-9]+$/);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it('gives known operations the ids derived from their area, method and path', () => {
    const idOf = (method: string, path: string) => doc.paths[path]?.[method]?.operationId;
    expect(idOf('post', '/v1/admin/login')).toBe('authPostLogin');
    expect(idOf('get', '/v1/admin/roles')).toBe('adminTeamGetRoles');
    expect(idOf('delete', '/v1/admin/roles/{id}')).toBe('adminTeamDeleteRolesById');
    expect(idOf('patch', '/v1/admin/users/admin/{id}/role')).toBe('adminTeamPatchUsersAdminRoleById');
    expect(idOf('post', '/v1/newsletters/{id}/send')).toBe('newslettersPostSendById');
    expect(idOf('get', '/v1/newsletters')).toBe('newslettersGet');
    expect(idOf('post', '/v1/admin/kyc/take-over-kyc')).toBe('kycPostTakeOverKyc');
    expect(idOf('get', '/downloads/{file}')).toBe('exportsGetDownloadsByFile');
  });

  it('derives an id from the route alone, so registering routes in another order changes none', () => {
    const routes = [
      ['GET', '/v1/admin/roles', 'admin team'],
      ['POST', '/v1/advanced/liquidity-providers', 'liquidity providers'],
      ['PUT', '/v1/admin/kycLevel/update-kycLevel', 'kyc'],
    ] as const;
    const forward = routes.map(([m, u, a]) => operationIdFor(m, u, a));
    const backward = [...routes]
      .reverse()
      .map(([m, u, a]) => operationIdFor(m, u, a))
      .reverse();
    expect(forward).toEqual(['adminTeamGetRoles', 'liquidityProvidersPost', 'kycPutLevelUpdateKycLevel']);
    expect(backward).toEqual(forward);
  });

  it('declares every area (tag) it uses with a description, and says on each operation who may call it', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    expect(declared.size).toBe(Object.keys(API_AREAS).length);
    for (const description of declared.values()) expect(description).toBeTruthy();
    const used = new Set(operations.flatMap(({ path, method }) => doc.paths[path]![method]!.tags ?? []));
    expect([...used].sort()).toEqual([...declared.keys()].sort());
    for (const { label, path, method } of operations) {
      const op = doc.paths[path]![method]!;
      expect(op.summary, label).toBeTruthy();
      expect(op.description, label).toMatch(
        /^(Public: no session needed\.|Needs a session whose role holds the permission `[a-z.]+`|Needs a service client's signature)/,
      );
    }
    expect(doc.paths['/v1/admin/roles']!.get!.description).toContain(
      'With `kind=customer`, it needs the permission `users.read`',
    );
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('asks for the bearer token on every operation but the public ones', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    const open = operations.filter((o) => o.permission === 'public');
    expect(open.map((o) => o.label).sort()).toContain('POST /v1/admin/login');
    for (const { label, op, permission } of operations) {
      // `security: []` overrides the document's default; absent, the bearer token is needed.
      if (permission === 'public') expect(op.security, label).toEqual([]);
      else if (permission === 'product-signature') expect(op.security, label).toEqual([{ productSignature: [] }]);
      else expect(op.security, label).toBeUndefined();
    }
  });

  it('holds the error envelope once, as components/schemas/ErrorBody { message, code, fields?, reference? }', () => {
    const schema = doc.components?.schemas?.ErrorBody;
    expect(schema?.type).toBe('object');
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(['code', 'fields', 'message', 'reference']);
    expect([...(schema?.required ?? [])].sort()).toEqual(['code', 'message']);
    // Only what something refers to: no unused twin (the provider's ErrorBodyInput).
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(['ErrorBody']);
  });

  it('documents a success answer on every operation, with its content type where it is not JSON', () => {
    for (const { label, op } of operations)
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        label,
      ).toBe(true);
    expect(Object.keys(doc.paths['/downloads/{file}']!.get!.responses['200']!.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(doc.paths['/v1/ipfs/{cid}']!.get!.responses['200']!.content ?? {})).toEqual([
      'application/octet-stream',
    ]);
    expect(Object.keys(doc.paths['/v1/newsletters/unsubscribe']!.get!.responses['200']!.content ?? {})).toEqual([
      'text/html',
    ]);
  });

  it('documents 400 where an operation takes input, 401 where it needs a session and 403 where it declares a permission, each with ErrorBody', () => {
    const missing: string[] = [];
    for (const { label, op, permission } of operations) {
      expect(permission, `${label} is in the route table`).not.toBeNull();
      const expected = [
        ...(takesInput(op) ? [400] : []),
        ...(permission !== 'public' ? [401, 403] : []),
        ...(/\{\w+\}/.test(label) || label.includes(':') ? [404] : []),
        503,
      ];
      for (const status of expected) if (errorSchemaOf(op, status) !== ERROR_REF) missing.push(`${label} ${status}`);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${label} ${status}`).toBeTruthy();
        if (status.startsWith('4')) expect(errorSchemaOf(op, Number(status)), `${label} ${status}`).toBe(ERROR_REF);
      }
    }
    expect(missing).toEqual([]);
    // The sign-in's lockout and wrong password are declared on the route, not derived.
    const signIn = doc.paths['/v1/admin/login']!.post!;
    expect(Object.keys(signIn.responses).sort()).toEqual(['200', '400', '401', '409', '429', '503']);
    expect(Object.keys(doc.paths['/v1/admin/me']!.get!.responses).sort()).toEqual(['200', '400', '401', '403', '503']);
  });

  it('answers 401, 403 and 400 as documented: exactly the ErrorBody of the contract, no other key', async () => {
    const documented = errorBody.strict();
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/roles' });
    expect(res.statusCode).toBe(401);
    expect(documented.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const token = await login(t.app, 'support');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/v1/admin/roles/not-an-id',
      headers: bearer(token),
      payload: {},
    });
    expect(bad.statusCode).toBe(403);
    expect(documented.safeParse(bad.json()).success).toBe(true);
    expect(bad.json()).toMatchObject({ code: 'FORBIDDEN' });
    const superToken = await login(t.app, 'superadmin');
    const invalid = await t.app.inject({
      method: 'PATCH',
      url: '/v1/admin/roles/not-an-id',
      headers: bearer(superToken),
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    expect(documented.safeParse(invalid.json()).success).toBe(true);
    expect(invalid.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { id: expect.any(Array) } });
  });

  it('describes the body of every multipart operation: its text fields, and each file part as binary', () => {
    // Issue 34, finding 8: the three agent uploads took multipart/form-data and described no body.
    const multipart = operations.filter((o) => o.op.requestBody?.content?.['multipart/form-data']);
    expect(multipart.map((o) => o.label).sort()).toEqual([
      'PUT /v1/admin/update-agent-idcard',
      'PUT /v1/admin/update-shopImage',
      'PUT /v1/admin/update-shopagent-selfie',
    ]);
    for (const { label, op } of multipart) {
      expect(op.requestBody!.required, label).toBe(true);
      const form = op.requestBody!.content!['multipart/form-data']!.schema!;
      expect(form.type, label).toBe('object');
      const files = Object.entries(form.properties ?? {}).filter(([, p]) => p.format === 'binary');
      expect(files, label).toHaveLength(1);
      for (const [name, part] of files) {
        expect(form.required, label).toContain(name);
        expect(part, label).toMatchObject({ type: 'string', description: expect.stringMatching(/JPG or PNG.* MB$/) });
      }
    }
    const form = (p: string) => doc.paths[p]!.put!.requestBody!.content!['multipart/form-data']!.schema!;
    expect(Object.keys(form('/v1/admin/update-agent-idcard').properties!)).toEqual(['cardUrl', 'idcardType']);
    expect(form('/v1/admin/update-agent-idcard').properties!.idcardType!.enum).toEqual([
      'National_ID',
      'International_ID',
      'Drivers_License',
    ]);
    expect(Object.keys(form('/v1/admin/update-shopagent-selfie').properties!)).toEqual(['imageUrl']);
    expect(Object.keys(form('/v1/admin/update-shopImage').properties!)).toEqual(['shopUrl']);
  });

  it('refuses to register a multipart route that does not describe its form, and a form on a route that takes no multipart', async () => {
    const register = async (consumes: string[] | undefined, uploadForm?: z.ZodObject) => {
      const app = Fastify();
      registerApiDescription(app);
      try {
        app.put(
          '/v1/admin/update-example',
          { schema: { tags: ['agents'], ...(consumes ? { consumes } : {}) }, config: { uploadForm } },
          async () => ({}),
        );
        await app.ready();
        return 'registered';
      } catch (err) {
        return (err as Error).message;
      } finally {
        await app.close();
      }
    };
    expect(await register(['multipart/form-data'])).toBe(
      'Route PUT /v1/admin/update-example takes multipart/form-data but declares no config.uploadForm: name its fields and file parts for the API description',
    );
    const picture = z.object({ picture: uploadPart('A picture', 1024) });
    expect(await register(undefined, picture)).toBe(
      'Route PUT /v1/admin/update-example declares config.uploadForm but its schema.consumes does not name multipart/form-data',
    );
    expect(await register(['multipart/form-data'], picture)).toBe('registered');
  });

  it('counts in the README the operations the document has (under /v1, and in all)', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
    const v1 = operations.filter((o) => o.path.startsWith('/v1/')).length;
    expect([...readme.matchAll(/all (\d+) `\/v1` operations/g)].map((m) => Number(m[1]))).toEqual([v1]);
    expect([...readme.matchAll(/the (\d+) operations in `\/docs\/json`/g)].map((m) => Number(m[1]))).toEqual([
      operations.length,
    ]);
  });
});
