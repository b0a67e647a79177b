import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, DEMO_PASSWORD, freshCode, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type AuditRow = {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  longitude: number | null;
  latitude: number | null;
  user_agent: string | null;
  json: string;
};
const auditRows = async (where = 'true', params: unknown[] = []) =>
  (
    await t.db.$client.query<AuditRow>(
      // `at` and the chain's hashes are left out of the JSON text: their digits could look like a 6-digit code.
      `SELECT id, actor_id, actor_email, action, target_type, target_id, before, after, host(ip) AS ip, longitude, latitude, user_agent,
            (to_jsonb(a) - 'at' - 'prev_hash' - 'hash')::text AS json
       FROM audit_log a WHERE ${where} ORDER BY id`,
      params,
    )
  ).rows;
const staffId = async (email: string) =>
  (await t.db.$client.query(`SELECT id FROM staff WHERE email = $1`, [email])).rows[0].id as string;

describe('audit rows written by staff actions', () => {
  it('record who, what, which record, before/after and where, and never a secret', async () => {
    const remoteAddress = '10.30.0.1';
    const where = { longitude: '3.3792', latitude: '6.5244' };
    const secrets: string[] = [DEMO_PASSWORD, demo('superadmin').totpSecret!];
    const send = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => {
      const res = await t.app.inject({
        method,
        url,
        payload,
        remoteAddress,
        headers: { ...where, ...(token ? bearer(token) : {}) },
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const firstId = Number((await t.db.$client.query(`SELECT coalesce(max(id), 0) AS n FROM audit_log`)).rows[0].n);

    // Super Admin signs in with a code and sets up an admin.
    const superCode = await freshCode(demo('superadmin').totpSecret!);
    const superToken = (
      await send('POST', '/v1/admin/login', undefined, {
        email: demo('superadmin').email,
        password: DEMO_PASSWORD,
        code: superCode,
      })
    ).token;
    secrets.push(superCode, superToken);
    const {
      rows: [role],
    } = await t.db.$client.query(`SELECT id FROM roles WHERE title = 'Support'`);
    const email = 'audrey.audit@vaultdesk.test';
    const created = await send('POST', '/v1/admin/setup', superToken, {
      fullName: 'Audrey Audit',
      email,
      roleId: role.id,
    });
    secrets.push(created.temporaryPassword);
    const mail = (await t.db.$client.query(`SELECT text FROM mail_outbox WHERE "to" = $1`, [email])).rows[0]
      .text as string;
    const confirmToken = /confirm-admin\/([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    secrets.push(confirmToken);
    await send('POST', `/v1/admin/confirm-super?token=${confirmToken}`);

    // The new admin signs in, enables 2FA, signs in with a code, changes the password, signs out.
    const pendingToken = (
      await send('POST', '/v1/admin/login', undefined, { email, password: created.temporaryPassword })
    ).token;
    secrets.push(pendingToken);
    const { secret } = await send('POST', '/v1/auth/2fa/start/enable', pendingToken);
    const enableCode = await freshCode(secret);
    secrets.push(secret, enableCode);
    await send('POST', '/v1/auth/2fa/create/enable', pendingToken, {
      secret,
      code: enableCode,
      password: created.temporaryPassword,
    });
    const loginCode = await freshCode(secret);
    const token = (
      await send('POST', '/v1/admin/login', undefined, { email, password: created.temporaryPassword, code: loginCode })
    ).token;
    secrets.push(loginCode, token);
    const newPassword = 'Audr3y-Own-Passw0rd!';
    secrets.push(newPassword);
    await send('PUT', '/v1/admin/password/update', token, {
      currentPassword: created.temporaryPassword,
      password: newPassword,
      confirmPassword: newPassword,
    });
    await send('POST', '/v1/admin/logout', token);

    const superId = await staffId(demo('superadmin').email);
    const newId = await staffId(email);
    const rows = await auditRows('id > $1', [firstId]);
    expect(rows.map((r) => [r.action, r.actor_email, r.target_type, r.target_id])).toEqual([
      ['auth.login', demo('superadmin').email, 'staff', superId],
      ['admin.create', demo('superadmin').email, 'staff', newId],
      ['admin.confirm', email, 'staff', newId],
      ['auth.login', email, 'staff', newId],
      ['auth.2fa.start', email, 'staff', newId],
      ['auth.2fa.enable', email, 'staff', newId],
      ['auth.login', email, 'staff', newId],
      ['auth.password.update', email, 'staff', newId],
      ['auth.logout', email, 'staff', newId],
    ]);
    for (const r of rows) {
      expect(r.actor_id, r.action).toBe(r.actor_email === email ? newId : superId);
      expect(r.ip, r.action).toBe(remoteAddress);
      expect(r.longitude, r.action).toBe(3.3792);
      expect(r.latitude, r.action).toBe(6.5244);
      expect(r.user_agent, r.action).toBeTruthy();
    }
    const byAction = (action: string) => rows.filter((r) => r.action === action);
    expect(byAction('admin.create')[0]!.after).toEqual({
      email,
      fullName: 'Audrey Audit',
      role: 'Support',
      status: 'pending',
    });
    expect(byAction('admin.confirm')[0]!).toMatchObject({ before: { status: 'pending' }, after: { status: 'active' } });
    expect(byAction('auth.2fa.enable')[0]!).toMatchObject({ before: { enable2FA: false }, after: { enable2FA: true } });
    expect(byAction('auth.login').map((r) => (r.after as { twoFactor: boolean }).twoFactor)).toEqual([
      true,
      false,
      true,
    ]);
    expect(byAction('auth.password.update')[0]!.after).toEqual({ otherSessionsRevoked: 0 });
    const {
      rows: [session],
    } = await t.db.$client.query(
      `SELECT id FROM staff_sessions WHERE staff_id = $1 AND revoked_at IS NOT NULL AND two_factor_passed ORDER BY created_at DESC LIMIT 1`,
      [newId],
    );
    expect(byAction('auth.logout')[0]!.after).toEqual({ sessionId: session.id });

    // No secret anywhere in the trail: not in this run's rows, not in any row.
    for (const r of await auditRows()) {
      for (const s of secrets) expect(r.json.includes(s), `${r.action} contains a secret`).toBe(false);
      // Nor a field that would hold one.
      expect(JSON.stringify([r.before, r.after]), r.action).not.toMatch(/"[^"]*(password|token|secret|code)[^"]*":/i);
    }
  });

  it('drops malformed or out-of-range coordinates instead of failing', async () => {
    const token = await sessionFor(t.db, demo('support').email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/logout',
      remoteAddress: '10.30.0.2',
      headers: { ...bearer(token), longitude: 'east', latitude: '95' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await auditRows(`action = 'auth.logout' AND host(ip) = '10.30.0.2'`);
    expect(row).toMatchObject({ actor_email: demo('support').email, longitude: null, latitude: null });
  });
});

describe('the recorded address', () => {
  it('is the connecting address: a forwarded-for header is ignored unless TRUST_PROXY is set', async () => {
    const token = await sessionFor(t.db, demo('compliance').email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/logout',
      remoteAddress: '10.30.0.3',
      headers: { ...bearer(token), 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(`host(ip) IN ('10.30.0.3', '203.0.113.9')`);
    expect(rows.map((r) => r.ip)).toEqual(['10.30.0.3']);
  });
});

describe('the audit table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and the rows stay as written', async () => {
    const {
      rows: [row],
    } = await t.db.$client.query(
      `INSERT INTO audit_log (action, target_type, target_id, after) VALUES ('test.tamper', 'staff', 'x', '{"v":1}') RETURNING id`,
    );
    const before = await auditRows();
    await expect(
      t.db.$client.query(`UPDATE audit_log SET action = 'test.changed' WHERE id = $1`, [row.id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query(`UPDATE audit_log SET after = NULL`)).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query(`DELETE FROM audit_log WHERE id = $1`, [row.id])).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect(await auditRows()).toEqual(before);
  });
});

describe('GET admin/audit-logs', () => {
  // Rows with fixed times and names of their own, so the filters have known answers whatever
  // else the other tests have written.
  const seeded = [
    {
      at: '2024-01-10T12:00:00Z',
      actor: 'alice@example.test',
      action: 'report.export',
      targetType: 'report',
      targetId: 'r1',
    },
    {
      at: '2024-01-15T12:00:00Z',
      actor: 'bob@example.test',
      action: 'report.delete',
      targetType: 'report',
      targetId: 'r2',
    },
    {
      at: '2024-01-20T12:00:00Z',
      actor: 'alice@example.test',
      action: 'reportage.view',
      targetType: 'page',
      targetId: 'p1',
    },
    {
      at: '2024-01-25T12:00:00Z',
      actor: 'carol@example.test',
      action: 'rep_rt.odd',
      targetType: 'other',
      targetId: 'o1',
    },
  ];
  let superToken: string;
  beforeAll(async () => {
    superToken = await sessionFor(t.db, demo('superadmin').email);
    for (const s of seeded) {
      await t.db.$client.query(
        `INSERT INTO audit_log (at, actor_email, action, target_type, target_id, ip, longitude, latitude, before, after)
         VALUES ($1, $2, $3, $4, $5, '192.0.2.7', 1.5, -2.25, '{"state":"a"}', '{"state":"b"}')`,
        [s.at, s.actor, s.action, s.targetType, s.targetId],
      );
    }
  });
  const list = async (query = '', token = superToken) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/admin/audit-logs${query}`, headers: bearer(token) });
    return res;
  };
  const actions = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.records as { action: string }[]).map((r) => r.action);
  };

  it('lists newest first with the paging fields', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const {
      rows: [{ n }],
    } = await t.db.$client.query(`SELECT count(*)::int AS n FROM audit_log`);
    expect(data).toMatchObject({ currentPage: 1, pageSize: 50, totalRecords: n, totalPage: Math.ceil(n / 50) });
    const ids = data.records.map((r: { _id: string }) => Number(r._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const seededRecord = data.records.find((r: { action: string }) => r.action === 'report.delete');
    expect(seededRecord).toEqual({
      _id: expect.any(String),
      at: '2024-01-15T12:00:00.000Z',
      actorId: null,
      actorEmail: 'bob@example.test',
      action: 'report.delete',
      targetType: 'report',
      targetId: 'r2',
      before: { state: 'a' },
      after: { state: 'b' },
      ip: '192.0.2.7',
      longitude: 1.5,
      latitude: -2.25,
      // Written outside a request (a fixture): no request id.
      requestId: null,
    });
  });

  it('filters by action prefix, actor, target type and id', async () => {
    expect(await actions('?action=report.')).toEqual(['report.delete', 'report.export']);
    expect(await actions('?action=report')).toEqual(['reportage.view', 'report.delete', 'report.export']);
    expect(await actions('?action=rep')).toEqual(['rep_rt.odd', 'reportage.view', 'report.delete', 'report.export']);
    // The prefix is literal: LIKE wildcards in it match only themselves.
    expect(await actions('?action=rep_rt')).toEqual(['rep_rt.odd']);
    expect(await actions('?action=%25')).toEqual([]);
    expect(await actions('?actor=alice@example.test')).toEqual(['reportage.view', 'report.export']);
    expect(await actions('?targetType=report')).toEqual(['report.delete', 'report.export']);
    expect(await actions('?targetType=report&targetId=r1')).toEqual(['report.export']);
    expect(await actions('?actor=alice@example.test&action=report.')).toEqual(['report.export']);
  });

  it('filters by start and end date, both inclusive', async () => {
    expect(await actions('?start=2024-01-12&end=2024-01-20')).toEqual(['reportage.view', 'report.delete']);
    expect(await actions('?start=2024-01-15&end=2024-01-15')).toEqual(['report.delete']);
    expect(await actions('?end=2024-01-14')).toEqual(['report.export']);
    expect(await actions('?start=2024-01-21&action=rep')).toEqual(['rep_rt.odd']);
  });

  it('pages with records, currentPage, pageSize, totalRecords and totalPage', async () => {
    const res = await list('?action=rep&pageSize=3&page=2');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ currentPage: 2, pageSize: 3, totalRecords: 4, totalPage: 2 });
    expect(data.records.map((r: { action: string }) => r.action)).toEqual(['report.export']);
    const beyond = (await list('?action=rep&pageSize=3&page=3')).json().data;
    expect(beyond).toMatchObject({ records: [], currentPage: 3, totalRecords: 4, totalPage: 2 });
  });

  it('answers 400 naming the field for a start after the end, a malformed date or a bad page', async () => {
    const reversed = await list('?start=2024-02-01&end=2024-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('BAD_REQUEST');
    expect(reversed.json().fields.start).toEqual(['Start must not be after end']);
    for (const [query, field] of [
      ['?start=2024-1-5', 'start'],
      ['?end=yesterday', 'end'],
      ['?start=2024-02-30', 'start'],
      ['?end=9999-99-99', 'end'],
      ['?page=0', 'page'],
      ['?pageSize=201', 'pageSize'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields), query).toContain(field);
    }
  });

  it('answers 403 to Compliance and Support', async () => {
    for (const role of ['compliance', 'support'] as const) {
      const res = await list('', await sessionFor(t.db, demo(role).email));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });
});
