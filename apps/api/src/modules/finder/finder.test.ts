import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let support: string;
let superadmin: string;
let userId: string;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  support = await sessionFor(t.db, demo('support').email);
  superadmin = await sessionFor(t.db, demo('superadmin').email);
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, last_login_at, last_login_location)
     VALUES ('Finder Fola', 'finderfola', 'fola@example.test', 'FIND1', '2026-05-01T10:00:00Z', '{"cfIpCountry": "NG", "deviceType": "android", "userDevice": "Pixel 7"}') RETURNING id`,
  );
  userId = u!.id;
  const [w] = await q<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', '0xfinder') RETURNING id`,
    [userId],
  );
  await q(
    `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, currency, transaction_state, type_of_transaction, created_at)
           VALUES ($1, $2, 5, 5, 'BUSD', 0, 'funding', '2026-05-02'), ($1, $2, 2, 2, 'BUSD', 1, 'withdraw', '2026-05-03')`,
    [userId, w!.id],
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/admin/finder', () => {
  it("finds a customer's sign-in, transactions and the staff actions on them by e-mail", async () => {
    // A staff action through the API, so the audit trail has it.
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/update-user-trustscore',
      headers: bearer(support),
      payload: { userId, trustScore: 77 },
    });
    expect(change.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/finder?email=FOLA@example.test',
      headers: bearer(support),
    });
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Search Done');
    expect(data.user).toMatchObject({ _id: userId, username: 'finderfola' });
    expect(data.transactions.map((x: { amount: string; kind: string }) => [x.kind, x.amount])).toEqual([
      ['wallet', '2'],
      ['wallet', '5'],
    ]);
    expect(data.staffActions).toEqual([
      expect.objectContaining({
        action: 'user.trust-score.update',
        actorEmail: demo('support').email,
        targetId: userId,
      }),
    ]);
    // Support sees when, not from which device or country (users.devices).
    expect(data.signIns).toEqual([{ at: '2026-05-01T10:00:00.000Z', country: null, device: null }]);
    const full = (
      await t.app.inject({
        method: 'GET',
        url: '/v1/admin/finder?email=fola@example.test',
        headers: bearer(superadmin),
      })
    ).json().data;
    expect(full.signIns).toEqual([{ at: '2026-05-01T10:00:00.000Z', country: 'NG', device: 'android · Pixel 7' }]);
  });

  it('answers an empty result for an unknown e-mail and 400 for a malformed one', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/finder?email=nobody@example.test',
      headers: bearer(support),
    });
    expect(none.json()).toEqual({
      message: 'No user with this e-mail',
      data: { user: null, signIns: [], transactions: [], staffActions: [], notes: [] },
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/finder?email=not-an-email',
      headers: bearer(support),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('email');
  });
});

describe('GET /v1/admin/finder: staff actions on the KYC case and withdrawal requests', () => {
  it("shows a KYC decision and a withdrawal request's status change on the customer, and not those on another customer", async () => {
    const compliance = await sessionFor(t.db, demo('compliance').email);
    const kycOf = async (user: string) =>
      (
        await q<{ id: string }>(
          `INSERT INTO kyc_records (user_id, first_name, last_name, level_two_status) VALUES ($1, 'Finder', 'Case', 'submitted') RETURNING id`,
          [user],
        )
      )[0]!.id;
    const [other] = await q<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ('Other Oye', 'otheroye', 'oye@example.test', 'FIND2') RETURNING id`,
    );
    const kycId = await kycOf(userId);
    const otherKyc = await kycOf(other!.id);
    const [w] = await q<{ id: string }>(`SELECT id FROM wallets WHERE user_id = $1`, [userId]);
    const [request] = await q<{ id: string }>(
      `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address)
       VALUES ($1, $2, 1, 40, 1, 39, 140, 100, 8, '0xdest') RETURNING id`,
      [userId, w!.id],
    );

    const send = (method: 'POST' | 'PUT', url: string, payload: object, token: string) =>
      t.app.inject({ method, url, payload, headers: bearer(token) });
    expect(
      (await send('POST', '/v1/admin/kyc/update-levelTwo-kyc', { id: kycId, kycStatus: 'approved' }, support))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('POST', '/v1/admin/kyc/update-levelTwo-kyc', { id: otherKyc, kycStatus: 'approved' }, support))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', '/v1/admin/withdrawal-request-update', { requestId: request!.id, status: 7 }, compliance))
        .statusCode,
    ).toBe(200);

    const data = (
      await t.app.inject({ method: 'GET', url: '/v1/admin/finder?email=fola@example.test', headers: bearer(support) })
    ).json().data;
    const actions = data.staffActions.map(
      (a: { action: string; targetType: string; targetId: string; actorEmail: string }) => [
        a.action,
        a.targetType,
        a.targetId,
        a.actorEmail,
      ],
    );
    expect(actions).toEqual([
      ['withdrawal.status', 'withdrawal_request', request!.id, demo('compliance').email],
      ['kyc.approved', 'kyc_record', kycId, demo('support').email],
      ['user.trust-score.update', 'user', userId, demo('support').email],
    ]);
    const others = (
      await t.app.inject({ method: 'GET', url: '/v1/admin/finder?email=oye@example.test', headers: bearer(support) })
    ).json().data;
    expect(others.staffActions.map((a: { targetId: string }) => a.targetId)).toEqual([otherKyc]);
  });
});
