import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let supportToken: string;
const q = (text: string, params: unknown[] = []) => t.db.$client.query(text, params);
const get = (url: string, token = supportToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

let n = 0;
async function user(name: string, kyc: string | null = 'approved') {
  n += 1;
  const {
    rows: [u],
  } = await q(
    `INSERT INTO users (full_name, username, email, referral_code, kyc_level_two_status) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [name, name.toLowerCase(), `${name.toLowerCase()}@example.com`, `REF${n}`, kyc],
  );
  return u.id as string;
}
async function refer(
  referrerId: string,
  count: number,
  opts: { devices?: number; unverified?: number; at?: string } = {},
) {
  for (let i = 0; i < count; i++) {
    const referred = await user(
      `Ref${referrerId.slice(0, 6)}x${n}`,
      i < (opts.unverified ?? 0) ? (i % 2 ? 'rejected' : null) : 'approved',
    );
    await q(
      `INSERT INTO referrals (referrer_id, referred_user_id, device_serial_number, created_at) VALUES ($1, $2, $3, $4)`,
      [referrerId, referred, `dev-${referrerId}-${i % (opts.devices ?? count)}`, opts.at ?? '2026-01-15T12:00:00Z'],
    );
  }
}
async function member(userId: string, type: string) {
  await q(`INSERT INTO user_usertypes (user_id, user_type_id) SELECT $1, id FROM user_types WHERE name = $2`, [
    userId,
    type,
  ]);
}

let agentA: string;
let agentB: string;
beforeAll(async () => {
  t = await createTestApp();
  supportToken = await sessionFor(t.db, demo('support').email);
  await q(`INSERT INTO user_types (name) VALUES ('Agent'), ('Merchant'), ('Ambassador') ON CONFLICT DO NOTHING`);
  agentA = await user('AgentAlpha');
  agentB = await user('AgentBravo');
  const merchant = await user('MerchantMia');
  const plain = await user('PlainPete');
  const idle = await user('IdleIvy');
  // Alpha: 5 referrals from 2 phones (3 fake), 2 unverified; one more outside the range.
  await refer(agentA, 5, { devices: 2, unverified: 2 });
  await refer(agentA, 1, { at: '2025-06-01T00:00:00Z' });
  await refer(agentB, 2);
  await refer(merchant, 3, { devices: 3, unverified: 1 });
  await refer(plain, 4);
  await member(agentA, 'Agent');
  await member(agentB, 'Agent');
  await member(merchant, 'Merchant');
  await member(agentA, 'Merchant');
  await member(idle, 'Agent');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/admin/get-usertype-referals', () => {
  it('reports the referrers of a user type in the range, most referrals first, to any staff', async () => {
    const res = await get('/v1/admin/get-usertype-referals?userType=Agent&start=2026-01-01&end=2026-01-31&page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Successfully fetched records');
    expect(body.data).toEqual({
      records: [
        {
          _id: agentA,
          username: 'agentalpha',
          email: 'agentalpha@example.com',
          totalReferred: 5,
          uniqueDevice: 2,
          unverified: 2,
        },
        {
          _id: agentB,
          username: 'agentbravo',
          email: 'agentbravo@example.com',
          totalReferred: 2,
          uniqueDevice: 2,
          unverified: 0,
        },
      ],
      currentPage: 1,
      totalRecords: 2,
      pageSize: 10,
      userType: 'Agent',
      start: '2026-01-01',
      end: '2026-01-31',
    });
  });

  it('counts only referrals created inside [start, end], both days included', async () => {
    const wide = (await get('/v1/admin/get-usertype-referals?userType=agent&start=2025-06-01&end=2026-01-15')).json()
      .data;
    expect(wide.records[0]).toMatchObject({ username: 'agentalpha', totalReferred: 6 });
    const none = (await get('/v1/admin/get-usertype-referals?userType=Agent&start=2025-06-02&end=2026-01-14')).json()
      .data;
    expect(none).toMatchObject({ records: [], totalRecords: 0 });
  });

  it("'all' (the default) reports the members of any user type, each once, and no one outside a type", async () => {
    for (const url of [
      '/v1/admin/get-usertype-referals?userType=all&start=2026-01-01',
      '/v1/admin/get-usertype-referals?start=2026-01-01',
      '/v1/admin/get-usertype-referals',
    ]) {
      const data = (await get(url)).json().data;
      expect(
        data.records.map((r: { username: string }) => r.username),
        url,
      ).toEqual(['agentalpha', 'merchantmia', 'agentbravo']);
      expect(data.userType).toBe('all');
    }
  });

  it('pages by 10 and keeps the total past the last page', async () => {
    for (let i = 0; i < 11; i++) {
      const id = await user(`Ambassador${i}`);
      await refer(id, 1);
      await member(id, 'Ambassador');
    }
    const p1 = (await get('/v1/admin/get-usertype-referals?userType=Ambassador&page=1')).json().data;
    const p2 = (await get('/v1/admin/get-usertype-referals?userType=Ambassador&page=2')).json().data;
    const p3 = (await get('/v1/admin/get-usertype-referals?userType=Ambassador&page=3')).json().data;
    expect([p1.records.length, p2.records.length, p3.records.length]).toEqual([10, 1, 0]);
    expect([p1.totalRecords, p2.totalRecords, p3.totalRecords]).toEqual([11, 11, 11]);
    expect(new Set([...p1.records, ...p2.records].map((r: { _id: string }) => r._id)).size).toBe(11);
  });

  it('answers 400 for start after end, an end after today, a bad date or an unknown user type', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const [query, field] of [
      ['start=2026-02-01&end=2026-01-01', 'start'],
      [`start=2026-01-01&end=${future}`, 'end'],
      ['start=2026-13-01', 'start'],
      ['start=01/10/2021', 'start'],
      ['userType=Nobody', 'userType'],
      ['page=0', 'page'],
    ] as const) {
      const res = await get(`/v1/admin/get-usertype-referals?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toHaveProperty(field);
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/get-usertype-referals' })).statusCode).toBe(401);
  });
});

describe('GET /v1/admin/referral-user-types', () => {
  it('lists the user types by name', async () => {
    const res = await get('/v1/admin/referral-user-types');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userTypes.map((u: { name: string }) => u.name)).toEqual(['Agent', 'Ambassador', 'Merchant']);
  });
});
