import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, demo, insertStaff, sessionFor, useTestApp } from '../../../test/helpers';
import { productCall } from '../../../test/product';
import { webhookUrlProblem } from './webhook-url';

const { t, tokens, q } = useTestApp();
let superB: string;

beforeAll(async () => {
  await insertStaff(t.db, 'integrations-second@vaultdesk.test', 'Second Integrator', 'Super Admin');
  superB = await sessionFor(t.db, 'integrations-second@vaultdesk.test');
});

const BASE = '/v1/advanced/integrations';
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object, reason?: string) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(token), ...(reason ? { 'x-approval-reason': encodeURIComponent(reason) } : {}) },
  });

type Created = { client: { _id: string; keyId: string; name: string }; secret: string };
let seq = 0;
async function create(body: object = {}, token = tokens.superadmin): Promise<Created> {
  const res = await call('POST', BASE, token, { name: `Customer app ${++seq}`, scopes: ['customers.read'], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Created;
}
const whoAmI = (c: Created, secret = c.secret) =>
  productCall(t.app, { keyId: c.client.keyId, secret }, 'GET', '/product/v1/client');
const row = async (id: string) =>
  (await q<Record<string, unknown>>(`SELECT * FROM service_clients WHERE id = $1`, [id]))[0]!;
const auditOf = (id: string) =>
  q<{ action: string; actor_email: string; before: unknown; after: unknown }>(
    `SELECT action, actor_email::text AS actor_email, before, after FROM audit_log WHERE target_id = $1 ORDER BY id`,
    [id],
  );
const snapshot = () =>
  q(`SELECT (SELECT count(*)::int FROM service_clients) AS clients, (SELECT count(*)::int FROM audit_log) AS audit,
            (SELECT max(updated_at)::text FROM service_clients) AS updated`);

describe('service clients', () => {
  it('creates a client, answers its secret once, and a call signed with it works; the list never shows a secret', async () => {
    const made = await create({
      scopes: ['customers.read', 'events.read'],
      webhookUrl: 'https://app.example.com/hooks',
      eventTypes: ['kyc.approved'],
      rateLimitPerMinute: 120,
    });
    expect(made.secret).toMatch(/^vds_/);
    expect(made.client).toMatchObject({
      keyId: expect.stringMatching(/^vdk_/),
      scopes: ['customers.read', 'events.read'],
      webhookUrl: 'https://app.example.com/hooks',
      eventTypes: ['kyc.approved'],
      rateLimitPerMinute: 120,
      status: 'active',
      createdBy: demo('superadmin').fullName,
      lastUsedAt: null,
    });
    const me = await whoAmI(made);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ name: made.client.name, keyId: made.client.keyId });

    const list = await call('GET', BASE, tokens.superadmin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.body).not.toMatch(/secret_?enc|"secret"/i);
    const listed = list.json().data.records.find((r: { _id: string }) => r._id === made.client._id);
    expect(listed).toMatchObject({ status: 'active', lastUsedAt: expect.any(String), secretToReveal: false });
    // Stored sealed, never in clear; the audit row has no secret either.
    expect(JSON.stringify(await row(made.client._id))).not.toContain(made.secret);
    const audit = await auditOf(made.client._id);
    expect(audit.map((a) => a.action)).toEqual(['integrations.create']);
    expect(JSON.stringify(audit)).not.toContain(made.secret);
  });

  it('refuses a duplicate name (any case) with 409', async () => {
    const made = await create();
    const before = await snapshot();
    const res = await call('POST', BASE, tokens.superadmin, {
      name: made.client.name.toUpperCase(),
      scopes: ['customers.read'],
    });
    expect(res.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const made = await create();
    const before = await snapshot();
    const bad: [string, object][] = [
      ['no scopes', { name: 'x1', scopes: [] }],
      ['unknown scope', { name: 'x2', scopes: ['admins.manage'] }],
      ['empty name', { name: '', scopes: ['customers.read'] }],
      ['long name', { name: 'n'.repeat(101), scopes: ['customers.read'] }],
      ['rate 0', { name: 'x3', scopes: ['customers.read'], rateLimitPerMinute: 0 }],
      ['rate too high', { name: 'x4', scopes: ['customers.read'], rateLimitPerMinute: 100_001 }],
      ['unknown event', { name: 'x5', scopes: ['customers.read'], eventTypes: ['user.deleted'] }],
      ['public http', { name: 'x6', scopes: ['customers.read'], webhookUrl: 'http://example.com/h' }],
      ['credentials', { name: 'x7', scopes: ['customers.read'], webhookUrl: 'https://u:p@example.com/h' }],
      ['fragment', { name: 'x8', scopes: ['customers.read'], webhookUrl: 'https://example.com/h#x' }],
      ['too long', { name: 'x9', scopes: ['customers.read'], webhookUrl: `https://example.com/${'a'.repeat(2000)}` }],
      ['ftp', { name: 'x10', scopes: ['customers.read'], webhookUrl: 'ftp://example.com/h' }],
      ['extra field', { name: 'x11', scopes: ['customers.read'], secret: 'mine' }],
    ];
    for (const [what, body] of bad) {
      const res = await call('POST', BASE, tokens.superadmin, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    }
    const id = made.client._id;
    for (const [what, body] of [
      ['empty patch', {}],
      ['bad scope', { scopes: ['nope'] }],
      ['public http', { webhookUrl: 'http://8.8.8.8/h' }],
    ] as const) {
      const res = await call('PATCH', `${BASE}/${id}`, tokens.superadmin, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    }
    for (const graceHours of [-1, 169, 1.5]) {
      expect((await call('POST', `${BASE}/${id}/rotate`, tokens.superadmin, { graceHours })).statusCode).toBe(400);
    }
    expect((await call('PATCH', `${BASE}/not-a-uuid`, tokens.superadmin, { name: 'y' })).statusCode).toBe(400);
    expect(
      (await call('PATCH', `${BASE}/00000000-0000-4000-8000-000000000000`, tokens.superadmin, { name: 'y' }))
        .statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('the webhook rule: https anywhere, http only to the local network and only when allowed', () => {
    const on = { allowHttp: true };
    const off = { allowHttp: false };
    expect(webhookUrlProblem('https://example.com/h', off)).toBeNull();
    for (const local of ['http://localhost:4000/h', 'http://127.0.0.1/h', 'http://10.1.2.3/h', 'http://192.168.1.9/h'])
      expect(webhookUrlProblem(local, on), local).toBeNull();
    expect(webhookUrlProblem('http://172.20.0.1/h', on)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:9000/h', on)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/h', off)).toMatch(/https/);
    expect(webhookUrlProblem('http://172.32.0.1/h', on)).toMatch(/loopback or private/);
    expect(webhookUrlProblem('http://example.com/h', on)).toMatch(/loopback or private/);
    expect(webhookUrlProblem('not a url', on)).toMatch(/not a valid/);
  });

  it('updates settings (a loopback http webhook in tests), audited before and after', async () => {
    const made = await create({ scopes: ['customers.read', 'events.read'] });
    const res = await call('PATCH', `${BASE}/${made.client._id}`, tokens.superadmin, {
      webhookUrl: 'http://127.0.0.1:4999/hooks',
      rateLimitPerMinute: 30,
      eventTypes: ['deposit.credited', 'kyc.approved'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      webhookUrl: 'http://127.0.0.1:4999/hooks',
      rateLimitPerMinute: 30,
      scopes: ['customers.read', 'events.read'],
      eventTypes: ['deposit.credited', 'kyc.approved'],
    });
    expect(res.body).not.toContain(made.secret);
    const audit = await auditOf(made.client._id);
    expect(audit.at(-1)).toMatchObject({
      action: 'integrations.update',
      before: { rateLimitPerMinute: 600, webhookUrl: null },
      after: { rateLimitPerMinute: 30, webhookUrl: 'http://127.0.0.1:4999/hooks' },
    });
  });

  it('rotates: old and new secrets both work during the grace, the old one is refused after it', async () => {
    const made = await create();
    const res = await call('POST', `${BASE}/${made.client._id}/rotate`, tokens.superadmin, { graceHours: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const { secret, client } = res.json().data as Created;
    expect(secret).not.toBe(made.secret);
    expect(client.keyId).toBe(made.client.keyId);
    expect(res.json().data.client.previousSecretValidUntil).toEqual(expect.any(String));
    expect((await whoAmI(made, secret)).statusCode).toBe(200);
    expect((await whoAmI(made)).statusCode).toBe(200);
    // The grace runs out (moved back rather than waited for).
    await q(`UPDATE service_clients SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [
      made.client._id,
    ]);
    expect((await whoAmI(made)).statusCode).toBe(401);
    expect((await whoAmI(made, secret)).statusCode).toBe(200);
    const audit = await auditOf(made.client._id);
    expect(audit.at(-1)).toMatchObject({ action: 'integrations.rotate', after: { graceHours: 2 } });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('rotates with no grace: the old secret is refused at once; a second rotation replaces the previous one', async () => {
    const made = await create();
    const first = (await call('POST', `${BASE}/${made.client._id}/rotate`, tokens.superadmin, { graceHours: 0 })).json()
      .data as Created;
    expect((await whoAmI(made)).statusCode).toBe(401);
    expect((await whoAmI(made, first.secret)).statusCode).toBe(200);
    const second = (await call('POST', `${BASE}/${made.client._id}/rotate`, tokens.superadmin, {})).json()
      .data as Created;
    const third = (await call('POST', `${BASE}/${made.client._id}/rotate`, tokens.superadmin, {})).json()
      .data as Created;
    // Only the last two are valid: the third's secret, and the second's during its 24-hour grace.
    expect((await whoAmI(made, third.secret)).statusCode).toBe(200);
    expect((await whoAmI(made, second.secret)).statusCode).toBe(200);
    expect((await whoAmI(made, first.secret)).statusCode).toBe(401);
  });

  it('revokes at once: every later call 401; a revoked client is never edited, rotated or revoked again (409)', async () => {
    const made = await create();
    expect((await whoAmI(made)).statusCode).toBe(200);
    const res = await call('POST', `${BASE}/${made.client._id}/revoke`, tokens.superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await whoAmI(made)).statusCode).toBe(401);
    const before = await snapshot();
    expect((await call('PATCH', `${BASE}/${made.client._id}`, tokens.superadmin, { name: 'Again' })).statusCode).toBe(
      409,
    );
    expect((await call('POST', `${BASE}/${made.client._id}/rotate`, tokens.superadmin, {})).statusCode).toBe(409);
    expect((await call('POST', `${BASE}/${made.client._id}/revoke`, tokens.superadmin)).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    expect((await auditOf(made.client._id)).at(-1)).toMatchObject({
      action: 'integrations.revoke',
      actor_email: demo('superadmin').email,
      after: { status: 'revoked' },
    });
  });

  it('is refused to Compliance and Support (403), and to anonymous callers (401)', async () => {
    const made = await create();
    const before = await snapshot();
    for (const token of [tokens.compliance, tokens.support]) {
      expect((await call('GET', BASE, token)).statusCode).toBe(403);
      expect((await call('POST', BASE, token, { name: 'Theirs', scopes: ['customers.read'] })).statusCode).toBe(403);
      expect((await call('PATCH', `${BASE}/${made.client._id}`, token, { name: 'Theirs' })).statusCode).toBe(403);
      expect((await call('POST', `${BASE}/${made.client._id}/rotate`, token, {})).statusCode).toBe(403);
      expect((await call('POST', `${BASE}/${made.client._id}/revoke`, token)).statusCode).toBe(403);
      expect((await call('POST', `${BASE}/${made.client._id}/reveal-secret`, token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    // A service client's signature opens no staff route.
    expect((await productCall(t.app, { keyId: made.client.keyId, secret: made.secret }, 'GET', BASE)).statusCode).toBe(
      401,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('four eyes (the admins kind on)', () => {
  const setPolicy = (admins: boolean) =>
    q(`INSERT INTO approval_policy_versions (policy, created_at) VALUES ($1, clock_timestamp())`, [
      JSON.stringify({
        remitFunds: { thresholdUsd: null },
        withdrawalOut: { thresholdUsd: null },
        settings: { required: false },
        admins: { required: admins },
        blacklist: { required: false },
        expiryHours: 24,
        coolingOffDays: 0,
      }),
    ]);
  const approve = async (id: string) => {
    const res = await call('POST', `/v1/admin/approval-requests/${id}/approve`, superB);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('holds a create; once approved, only the requester reveals the secret, once, and it signs calls', async () => {
    await setPolicy(true);
    try {
      const name = `Held app ${++seq}`;
      const noReason = await call('POST', BASE, tokens.superadmin, { name, scopes: ['customers.read'] });
      expect(noReason.statusCode).toBe(428);
      const held = await call('POST', BASE, tokens.superadmin, { name, scopes: ['customers.read'] }, 'Our app backend');
      expect(held.statusCode, held.body).toBe(202);
      const requestId = held.json().data.approvalRequestId as string;
      expect(await q(`SELECT 1 FROM service_clients WHERE name = $1`, [name])).toHaveLength(0);

      const approved = await approve(requestId);
      const clientId = approved.json().data.result.client._id as string;
      // The approver's answer, the stored request and its audit carry no secret.
      expect(approved.json().data.result.secret).toBeUndefined();
      const [stored] = await q<{ payload: unknown; result: unknown }>(
        `SELECT payload, result FROM approval_requests WHERE id = $1`,
        [requestId],
      );
      expect(JSON.stringify(stored)).not.toMatch(/vds_/);

      // The approver (who holds the permission) cannot reveal it; the list tells the requester it waits.
      expect((await call('POST', `${BASE}/${clientId}/reveal-secret`, superB)).statusCode).toBe(404);
      const mine = (await call('GET', BASE, tokens.superadmin)).json().data.records;
      expect(mine.find((r: { _id: string }) => r._id === clientId)).toMatchObject({ secretToReveal: true });
      const theirs = (await call('GET', BASE, superB)).json().data.records;
      expect(theirs.find((r: { _id: string }) => r._id === clientId)).toMatchObject({ secretToReveal: false });

      const revealed = await call('POST', `${BASE}/${clientId}/reveal-secret`, tokens.superadmin);
      expect(revealed.statusCode, revealed.body).toBe(200);
      const { secret, client } = revealed.json().data as Created;
      expect((await whoAmI({ client, secret })).statusCode).toBe(200);
      // Once only; the sealed copy is gone.
      expect((await call('POST', `${BASE}/${clientId}/reveal-secret`, tokens.superadmin)).statusCode).toBe(404);
      expect(
        await q(`SELECT 1 FROM service_client_reveals WHERE client_id = $1 AND secret_enc IS NOT NULL`, [clientId]),
      ).toHaveLength(0);
      const audit = await auditOf(clientId);
      expect(audit.map((a) => a.action)).toEqual(['integrations.create', 'integrations.reveal-secret']);
      expect(audit[0]!.actor_email).toBe('integrations-second@vaultdesk.test');
      expect(audit[1]!.actor_email).toBe(demo('superadmin').email);
      expect(JSON.stringify(audit)).not.toContain(secret);
    } finally {
      await setPolicy(false);
    }
  });

  it('holds a rotate; the old secret works until the approval, the new one reaches the requester only', async () => {
    const made = await create();
    await setPolicy(true);
    try {
      const held = await call(
        'POST',
        `${BASE}/${made.client._id}/rotate`,
        tokens.superadmin,
        { graceHours: 0 },
        'A leaked secret',
      );
      expect(held.statusCode, held.body).toBe(202);
      expect((await whoAmI(made)).statusCode).toBe(200);
      const approved = await approve(held.json().data.approvalRequestId as string);
      expect(approved.body).not.toMatch(/vds_/);
      expect((await whoAmI(made)).statusCode).toBe(401);
      const revealed = await call('POST', `${BASE}/${made.client._id}/reveal-secret`, tokens.superadmin);
      expect(revealed.statusCode).toBe(200);
      expect((await whoAmI(made, revealed.json().data.secret as string)).statusCode).toBe(200);

      // A held revoke, approved: the client is refused at once.
      const revoke = await call('POST', `${BASE}/${made.client._id}/revoke`, tokens.superadmin, undefined, 'Retired');
      expect(revoke.statusCode).toBe(202);
      await approve(revoke.json().data.approvalRequestId as string);
      expect((await row(made.client._id)).status).toBe('revoked');
    } finally {
      await setPolicy(false);
    }
  });

  it('voids a waiting reveal when the secret is rotated again before it is revealed', async () => {
    const made = await create();
    await setPolicy(true);
    let requestId: string;
    try {
      const held = await call('POST', `${BASE}/${made.client._id}/rotate`, tokens.superadmin, {}, 'Rotate');
      requestId = held.json().data.approvalRequestId as string;
      await approve(requestId);
    } finally {
      await setPolicy(false);
    }
    expect((await call('POST', `${BASE}/${made.client._id}/rotate`, superB, {})).statusCode).toBe(200);
    expect((await call('POST', `${BASE}/${made.client._id}/reveal-secret`, tokens.superadmin)).statusCode).toBe(404);
  });
});
