import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@vaultdesk/contract';
import { createVaultdeskClient } from '../../../../test/api-client/client';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from '../../../../scripts/api-client';
import { apiDescription, writeText } from '../../../../scripts/openapi';
import { createTestApp, demo, DEMO_PASSWORD, freshCode, type TestApp } from '../../test/helpers';

/**
 * The API description as its clients use it: Redocly's lint (recommended rules, redocly.yaml),
 * the typed client's types kept current with it, and a call of the real API through that client.
 */

let t: TestApp;
let doc: Record<string, unknown>;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Record<string, unknown>;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

type LintReport = {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
};

describe('the API description', () => {
  it('is what scripts/openapi.ts writes without a server or database', async () => {
    expect(await apiDescription()).toEqual(doc);
  });

  it('passes redocly lint with the recommended rules: 0 errors, 0 warnings', async () => {
    // The file redocly.yaml names (and .redocly.lint-ignore.yaml's one ignored place refers to).
    writeText('.data/openapi.json', `${JSON.stringify(doc, null, 2)}\n`);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--format=json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    // The one ignored problem: the specification's two ambiguous newsletter paths.
    expect(report.totals.ignored).toBe(1);
  });

  it(`generates the checked-in client types (${CLIENT_SCHEMA_FILE}): run \`npm run api:client\` when this fails`, async () => {
    const generated = await clientSchemaSource(doc);
    const checkedIn = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
    const [a, b] = [checkedIn.split('\n'), generated.split('\n')];
    const line = a.findIndex((l, i) => l !== b[i]);
    const where =
      line < 0
        ? a.length === b.length
          ? ''
          : `line ${Math.min(a.length, b.length) + 1}`
        : `line ${line + 1}: ${JSON.stringify(a[line])} should be ${JSON.stringify(b[line])}`;
    expect(where, `${CLIENT_SCHEMA_FILE} is stale (run npm run api:client)`).toBe('');
    expect(checkedIn === generated).toBe(true);
  });
});

describe('the typed client (openapi-fetch on the generated types)', () => {
  it('signs in with password and code, reads the own account and a paged list, and gets a typed ErrorBody', async () => {
    const api = createVaultdeskClient(baseUrl);
    const account = demo('superadmin');

    // No session yet: 401, the error envelope, typed as ErrorBody.
    const anonymous = await api.GET('/v1/admin/me');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.data).toBeUndefined();
    expect(errorBody.strict().safeParse(anonymous.error).success).toBe(true);
    expect(anonymous.error?.code).toBe('UNAUTHENTICATED');

    const signIn = await api.POST('/v1/admin/login', {
      body: { email: account.email, password: DEMO_PASSWORD, code: await freshCode(account.totpSecret!) },
    });
    expect(signIn.response.status).toBe(200);
    const token = signIn.data?.data.token;
    expect(token).toEqual(expect.any(String));
    expect(signIn.data?.data.codeRequired).toBe(false);
    api.signIn(token!);

    const me = await api.GET('/v1/admin/me');
    expect(me.response.status).toBe(200);
    const self = me.data!.data;
    expect(self.user.email).toBe(account.email);
    expect(self.authRole.permissions).toContain('admins.read');
    expect(self.enable2FA).toBe(true);
    expect(self.expiresIn).toBeGreaterThan(Date.now());

    const admins = await api.GET('/v1/admin/users/admin', { params: { query: { page: 1, pageSize: 2 } } });
    expect(admins.response.status).toBe(200);
    const page = admins.data!.data;
    expect(page.current).toBe(1);
    expect(page.pageSize).toBe(2);
    expect(page.records).toHaveLength(2);
    expect(page.totalRecords).toBeGreaterThanOrEqual(4);
    const { rows } = await t.db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff`);
    expect(page.totalRecords).toBe(rows[0]!.n);
    for (const record of page.records) {
      expect(record._id).toEqual(expect.any(String));
      expect(record.role.title).toEqual(expect.any(String));
    }

    // Bad input: 400 with the failing field named in `fields`.
    const invalid = await api.GET('/v1/admin/users/admin', { params: { query: { page: 0 } } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.code).toBe('BAD_REQUEST');
    expect(Object.keys(invalid.error?.fields ?? {})).toEqual(['page']);

    // The permission is checked: a support account reads its own account but not the admin list.
    const support = createVaultdeskClient(baseUrl);
    const supportAccount = demo('support');
    const supportSignIn = await api.POST('/v1/admin/login', {
      body: { email: supportAccount.email, password: DEMO_PASSWORD, code: await freshCode(supportAccount.totpSecret!) },
    });
    support.signIn(supportSignIn.data!.data.token!);
    const refused = await support.GET('/v1/admin/users/admin', { params: { query: {} } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.code).toBe('FORBIDDEN');
    expect(refused.error?.message).toEqual(expect.any(String));
  });
});
