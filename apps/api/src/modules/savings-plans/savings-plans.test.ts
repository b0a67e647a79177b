import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let superToken: string;
let complianceToken: string;
let supportToken: string;
const q = (text: string, params: unknown[] = []) => t.db.$client.query(text, params);
const hex64 = (c: string) => `0x${c.repeat(64)}`;

let userId: string;
let n = 0;
async function plan(
  opts: { type?: 'fixed' | 'flexible'; saveStatus?: string; planState?: string; deposits?: string[] } = {},
) {
  n += 1;
  const {
    rows: [p],
  } = await q(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, share_balance, lock_period, deposit_time,
                                deposit_transaction_hash, plan_state, save_status, created_at, updated_at)
     VALUES ($1, $2, $3, '1250.5', '1190.123456789', '2027-01-01T00:00:00Z', '2026-01-02T10:00:00Z', $4, $5, $6,
             '2026-01-02T10:00:00Z', '2026-01-02T10:00:00Z') RETURNING id`,
    [
      userId,
      opts.type ?? 'fixed',
      `Plan ${n}`,
      opts.deposits ?? [],
      opts.planState ?? 'active',
      opts.saveStatus ?? 'pending',
    ],
  );
  return p.id as string;
}
// A transaction carries one batch (the database refuses a hash twice): each batch its own hash.
const batchHashes = new Map<string, string>();
async function batch(
  action: 'deposit' | 'withdraw',
  planType: 'fixed' | 'flexible',
  parts: { planId: string; amount?: string; status?: string }[],
  createdAt = '2026-01-03T08:00:00Z',
) {
  const hash = `0x${String(batchHashes.size + 1).padStart(64, 'b')}`;
  const {
    rows: [b],
  } = await q(
    `INSERT INTO batches (action, plan_type, transaction_hash, status, created_at) VALUES ($1, $2, $3, 'confirmed', $4) RETURNING id`,
    [action, planType, hash, createdAt],
  );
  batchHashes.set(b.id as string, hash);
  for (const p of parts) {
    await q(
      `INSERT INTO batch_plans (batch_id, plan_id, amount, status, resolved_hash, resolved_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        b.id,
        p.planId,
        p.amount ?? '1250.5',
        p.status ?? 'included',
        p.status === 'resolved' ? hex64('b') : null,
        p.status === 'resolved' ? createdAt : null,
      ],
    );
  }
  return b.id as string;
}
const get = (url: string, token = superToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const resolve = (payload: object, token = superToken) =>
  t.app.inject({ method: 'POST', url: '/v1/advanced/resolve-plan', payload, headers: bearer(token) });
const planRow = async (id: string) =>
  (
    await q(
      `SELECT save_status, plan_state, deposit_transaction_hash, withdrawal_transaction_hash, withdrawal_time, withdrawal_amount::text FROM savings_plans WHERE id = $1`,
      [id],
    )
  ).rows[0];
const partRow = async (batchId: string, planId: string) =>
  (
    await q(
      `SELECT status, resolved_hash, resolved_by, resolved_at FROM batch_plans WHERE batch_id = $1 AND plan_id = $2`,
      [batchId, planId],
    )
  ).rows[0];
const auditCount = async (planId: string) =>
  Number(
    (await q(`SELECT count(*) FROM audit_log WHERE action = 'plan.resolve' AND target_id = $1`, [planId])).rows[0]
      .count,
  );

beforeAll(async () => {
  t = await createTestApp();
  superToken = await sessionFor(t.db, demo('superadmin').email);
  complianceToken = await sessionFor(t.db, demo('compliance').email);
  supportToken = await sessionFor(t.db, demo('support').email);
  const {
    rows: [u],
  } = await q(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ('Ada Saver', 'adasaver', 'ada.saver@example.com', 'ADASAVE1') RETURNING id`,
  );
  userId = u.id;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/admin/savings-plan-details', () => {
  it('answers the plan with the specification names, its owner, and lockPeriod in unix time', async () => {
    const id = await plan({ deposits: [hex64('a')] });
    const res = await get(`/v1/admin/savings-plan-details?planId=${id}&planType=fixed`, complianceToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Successfully fetched records');
    expect(body.data).toEqual({
      _id: id,
      planName: expect.stringMatching(/^Plan \d+$/),
      protocolName: 'xAuto',
      planType: 'fixed',
      currency: 'BUSD',
      shareBalance: '1190.123456789000000000',
      lockPeriod: Date.parse('2027-01-01T00:00:00Z') / 1000,
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
      depositTime: '2026-01-02T10:00:00.000Z',
      withdrawalTime: null,
      depositAmount: '1250.500000000000000000',
      withdrawalAmount: null,
      depositTransactionHash: [hex64('a')],
      withdrawalTransactionHash: [],
      planState: 'active',
      saveStatus: 'pending',
      locked: false,
      userId,
      username: 'adasaver',
      email: 'ada.saver@example.com',
    });
  });

  it('answers 404 for the wrong type or an unknown id, 400 for a bad type or id', async () => {
    const id = await plan({ type: 'flexible' });
    expect((await get(`/v1/admin/savings-plan-details?planId=${id}&planType=fixed`)).statusCode).toBe(404);
    expect((await get(`/v1/admin/savings-plan-details?planId=${randomUUID()}&planType=flexible`)).statusCode).toBe(404);
    expect((await get(`/v1/admin/savings-plan-details?planId=${id}&planType=flexible`)).statusCode).toBe(200);
    const bad = await get(`/v1/admin/savings-plan-details?planId=${id}&planType=locked`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('planType');
    const badId = await get(`/v1/admin/savings-plan-details?planId=nope&planType=fixed`);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toHaveProperty('planId');
  });

  it('is refused to Support (403) and without a session (401)', async () => {
    const id = await plan();
    expect((await get(`/v1/admin/savings-plan-details?planId=${id}&planType=fixed`, supportToken)).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/admin/savings-plan-details?planId=${id}&planType=fixed` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /v1/advanced/batches-plan-was-involved', () => {
  it('lists the batches with the state of the plan part, newest first', async () => {
    const id = await plan();
    const other = await plan();
    const older = await batch(
      'deposit',
      'fixed',
      [{ planId: id, amount: '100', status: 'resolved' }, { planId: other }],
      '2026-01-03T08:00:00Z',
    );
    const newer = await batch('withdraw', 'fixed', [{ planId: id, amount: '101.25' }], '2026-02-03T08:00:00Z');
    await batch('deposit', 'fixed', [{ planId: other }]);
    const res = await get(`/v1/advanced/batches-plan-was-involved?planId=${id}&planType=fixed`, complianceToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      batches: [
        {
          _id: newer,
          action: 'withdraw',
          transactionHash: batchHashes.get(newer),
          createdAt: '2026-02-03T08:00:00.000Z',
          batchStatus: 'confirmed',
          status: 'included',
          amount: '101.250000000000000000',
          resolvedHash: null,
          resolvedAt: null,
        },
        {
          _id: older,
          action: 'deposit',
          transactionHash: batchHashes.get(older),
          createdAt: '2026-01-03T08:00:00.000Z',
          batchStatus: 'confirmed',
          status: 'resolved',
          amount: '100.000000000000000000',
          resolvedHash: hex64('b'),
          resolvedAt: '2026-01-03T08:00:00.000Z',
        },
      ],
    });
    expect((await get(`/v1/advanced/batches-plan-was-involved?planId=${id}&planType=flexible`)).statusCode).toBe(404);
    expect(
      (await get(`/v1/advanced/batches-plan-was-involved?planId=${id}&planType=fixed`, supportToken)).statusCode,
    ).toBe(403);
  });

  it('answers an empty list for a plan never batched', async () => {
    const id = await plan();
    const res = await get(`/v1/advanced/batches-plan-was-involved?planId=${id}&planType=fixed`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ batches: [] });
  });
});

// Resolve with a chain (every check of its hash, races): resolve-plan.test.ts.
describe('POST /v1/advanced/resolve-plan without a chain', () => {
  it('is refused (409): no hash can be checked, so none resolves a part; nothing changes', async () => {
    const id = await plan({ saveStatus: 'failed' });
    const batchId = await batch('deposit', 'fixed', [{ planId: id }]);
    const res = await resolve({ batchId, hash: hex64('c'), planId: id }, complianceToken);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('No chain is configured: transactions cannot be checked, so none can be saved');
    expect(await partRow(batchId, id)).toMatchObject({ status: 'included', resolved_hash: null });
    expect(await planRow(id)).toMatchObject({ save_status: 'failed', deposit_transaction_hash: [] });
    expect(await auditCount(id)).toBe(0);
    // Support is refused before anything is looked at.
    expect((await resolve({ batchId, hash: hex64('a'), planId: id }, supportToken)).statusCode).toBe(403);
  });
});

describe('GET /v1/advanced/vlt-reward-record', () => {
  it('lists the records of a plan with their total', async () => {
    const id = await plan({ saveStatus: 'saved' });
    await q(
      `INSERT INTO reward_records (plan_id, user_id, amount, currency, status, transaction_hash, created_at) VALUES
         ($1, $2, '1.5', 'VLT', 'paid', $3, '2026-02-01T00:00:00Z'), ($1, $2, '0.25', 'VLT', 'pending', NULL, '2026-03-01T00:00:00Z')`,
      [id, userId, hex64('f')],
    );
    const res = await get(`/v1/advanced/vlt-reward-record?planId=${id}`, complianceToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Search Done');
    expect(body.data).toEqual({
      planId: id,
      records: [
        {
          _id: expect.any(String),
          amount: '0.250000000000000000',
          currency: 'VLT',
          status: 'pending',
          transactionHash: null,
          createdAt: '2026-03-01T00:00:00.000Z',
        },
        {
          _id: expect.any(String),
          amount: '1.500000000000000000',
          currency: 'VLT',
          status: 'paid',
          transactionHash: hex64('f'),
          createdAt: '2026-02-01T00:00:00.000Z',
        },
      ],
      total: { VLT: '1.750000000000000000' },
    });
  });

  it('answers an empty list and the specification text when nothing matches', async () => {
    const id = await plan();
    for (const ref of [id, randomUUID(), 'not-a-plan-id']) {
      const res = await get(`/v1/advanced/vlt-reward-record?planId=${ref}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'No data with order reference',
        data: { planId: ref, records: [], total: {} },
      });
    }
  });

  it("refuses a missing reference with 'Input a reference', and Support with 403", async () => {
    for (const url of [
      '/v1/advanced/vlt-reward-record',
      '/v1/advanced/vlt-reward-record?planId=',
      '/v1/advanced/vlt-reward-record?planId=%20',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Input a reference');
    }
    expect((await get(`/v1/advanced/vlt-reward-record?planId=${randomUUID()}`, supportToken)).statusCode).toBe(403);
  });
});
