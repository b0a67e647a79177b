import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let superToken: string;
let supportToken: string;
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await sessionFor(t.db, demo('superadmin').email);
  supportToken = await sessionFor(t.db, demo('support').email);
  const { rows } = await t.db.$client.query<{ id: string; slug: string }>('SELECT id, slug FROM customer_roles');
  roleIds = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload, remoteAddress: '10.30.0.1' });
const q = (db: Db, text: string, params: unknown[] = []) => db.$client.query(text, params).then((r) => r.rows);

let n = 0;
async function insertUser(extra: Record<string, unknown> = {}) {
  n++;
  const cols: Record<string, unknown> = {
    full_name: `Ada Customer ${n}`,
    username: `ada${n}`,
    email: `ada${n}@example.test`,
    referral_code: `ADA${n}`,
    phone_no: `+2348000000${n}`,
    has_completed_profile: true,
    kyc_level_two_status: 'approved',
    trust_score: 50,
    enabled_two_factor: true,
    registration_device_details: JSON.stringify({
      type: 'android',
      build: '2.4.1',
      description: 'Tecno Spark 10',
      serial: `SER-${n}`,
      country: 'NG',
    }),
    registration_coordinates: JSON.stringify({ lat: 6.5, long: 3.4 }),
    last_login_at: '2026-11-01T10:00:00Z',
    last_login_location: JSON.stringify({
      deviceType: 'mobile',
      locationCoordinates: '6.45,3.39',
      userDevice: 'Android 13',
      cfIpCountry: 'NG',
      xRealIp: '102.89.1.2',
    }),
    ...extra,
  };
  const keys = Object.keys(cols);
  const [row] = await q(
    t.db,
    `INSERT INTO users (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(cols),
  );
  return row!.id as string;
}
async function insertWallet(userId: string, name: string, address: string, created = '2026-01-01T00:00:00Z') {
  const [row] = await q(
    t.db,
    `INSERT INTO wallets (user_id, name, address, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, name, address, created],
  );
  return row!.id as string;
}
/** A wallet transaction and its ledger row, as the product writes them. */
async function move(
  userId: string,
  walletId: string,
  m: {
    cur: string;
    amount: string;
    state: number;
    type: string;
    from: string;
    to: string;
    credit: boolean;
    at: string;
    isActive?: boolean;
  },
) {
  const [tx] = await q(
    t.db,
    `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, currency, transaction_state, type_of_transaction, description, txn_hash, to_address, from_address, is_active, created_at)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      userId,
      walletId,
      m.amount,
      m.cur,
      m.state,
      m.type,
      `${m.type} ${m.amount} ${m.cur}`,
      `0x${'ab'.repeat(32)}`,
      m.to,
      m.from,
      m.isActive ?? true,
      m.at,
    ],
  );
  await ledger(walletId, m.cur, m.credit ? m.amount : `-${m.amount}`, m.type, tx!.id as string);
  return tx!.id as string;
}
const ledger = (walletId: string, cur: string, amount: string, kind: string, ref: string) =>
  q(
    t.db,
    `INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type, reference_id) VALUES ($1, $2, $3, $4, 'wallet_transaction', $5)`,
    [walletId, cur, amount, kind, ref],
  );
const auditRows = (action: string, targetId: string) =>
  q(
    t.db,
    `SELECT actor_email, action, target_type, target_id, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  );
const auditCount = async () => (await q(t.db, 'SELECT count(*)::int AS n FROM audit_log'))[0]!.n as number;

const A1 = '0x1111111111111111111111111111111111111111';
const A2 = '0x2222222222222222222222222222222222222222';
const EXT = '0x9999999999999999999999999999999999999999';

describe('GET admin/search-details', () => {
  let userId: string;
  let w1: string;
  let w2: string;
  beforeAll(async () => {
    const referrer = await insertUser({ username: 'bigreferrer' });
    userId = await insertUser({ referee_id: referrer, is_staff: false });
    const r1 = await insertUser();
    const r2 = await insertUser();
    await q(
      t.db,
      `INSERT INTO referrals (referrer_id, referred_user_id, device_serial_number) VALUES ($1, $2, 'D1'), ($1, $3, 'D1')`,
      [userId, r1, r2],
    );
    await q(t.db, `INSERT INTO referrals (referrer_id, referred_user_id) VALUES ($1, $2)`, [referrer, userId]);
    w1 = await insertWallet(userId, 'Main Wallet', A1, '2026-01-01T00:00:00Z');
    w2 = await insertWallet(userId, 'Wallet 2', A2, '2026-02-01T00:00:00Z');
    // Wallet 1: funded 100 BUSD, withdrew 30, swapped 20 BUSD into 400 VLT, sent 10 BUSD to wallet 2.
    await move(userId, w1, {
      cur: 'BUSD',
      amount: '100',
      state: 0,
      type: 'funding',
      from: EXT,
      to: A1,
      credit: true,
      at: '2026-03-01T00:00:00Z',
    });
    await move(userId, w1, {
      cur: 'BUSD',
      amount: '30',
      state: 1,
      type: 'withdraw',
      from: A1,
      to: EXT,
      credit: false,
      at: '2026-03-02T00:00:00Z',
    });
    await move(userId, w1, {
      cur: 'BUSD',
      amount: '20',
      state: 4,
      type: 'swap',
      from: A1,
      to: EXT,
      credit: false,
      at: '2026-03-03T00:00:00Z',
    });
    await move(userId, w1, {
      cur: 'VLT',
      amount: '400.5',
      state: 4,
      type: 'swap',
      from: EXT,
      to: A1,
      credit: true,
      at: '2026-03-03T00:00:00Z',
    });
    await move(userId, w1, {
      cur: 'BUSD',
      amount: '10',
      state: 2,
      type: 'transfer',
      from: A1,
      to: A2,
      credit: false,
      at: '2026-03-04T00:00:00Z',
    });
    await move(userId, w2, {
      cur: 'BUSD',
      amount: '10',
      state: 3,
      type: 'transfer',
      from: A1,
      to: A2,
      credit: true,
      at: '2026-03-04T00:00:00Z',
    });
  });

  const details = async (token = superToken, id = userId) => inject('GET', `/v1/admin/search-details?id=${id}`, token);

  it('answers the profile, balances per wallet, wallets, addresses and activities with the names of the spec', async () => {
    const res = await details();
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully fetched records');
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'addresses',
      'balanceMismatch',
      'balances',
      'profile',
      'userActivities',
      'wallets',
    ]);
    expect(data.profile).toMatchObject({
      _id: userId,
      username: `ada${n - 2}`,
      hasCompletedProfile: true,
      deactivated: false,
      enabledTwoFactor: true,
      isStaff: false,
      role: { _id: roleIds.user, title: 'User' },
      kycLevelTwoStatus: 'approved',
      kycLevelThreeStatus: null,
      trustScore: 50,
      referralCount: 2,
      refereeName: 'bigreferrer',
      registrationDeviceDetails: { type: 'android', serial: expect.stringMatching(/^SER-/) },
      registrationCoordinates: { lat: 6.5, long: 3.4 },
    });
    expect(data.profile.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.balances).toEqual([
      { walletId: w1, name: 'Main Wallet', busd: '40', vlt: '400.5', bnb: '0', xbusd: '0' },
      { walletId: w2, name: 'Wallet 2', busd: '10', vlt: '0', bnb: '0', xbusd: '0' },
    ]);
    expect(data.wallets.map((w: { _id: string }) => w._id)).toEqual([w1, w2]);
    expect(data.wallets[0]).toEqual({
      _id: w1,
      name: 'Main Wallet',
      network: 56,
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(data.addresses).toEqual([
      { walletId: w1, address: A1 },
      { walletId: w2, address: A2 },
    ]);
    expect(data.userActivities).toEqual({
      lastLogin: '2026-11-01T10:00:00.000Z',
      lastLoginLocation: {
        locationCoordinates: '6.45,3.39',
        deviceType: 'mobile',
        userDevice: 'Android 13',
        cfIpCountry: 'NG',
        xRealIp: '102.89.1.2',
      },
    });
    expect(data.balanceMismatch).toEqual({ flagged: false, tolerance: 5, entries: [] });
  });

  it('leaves device and IP details out for staff without users.devices', async () => {
    const data = (await details(supportToken)).json().data;
    expect(data.profile).not.toHaveProperty('registrationDeviceDetails');
    expect(data.profile).not.toHaveProperty('registrationCoordinates');
    expect(data.userActivities.lastLoginLocation).toEqual({ locationCoordinates: '6.45,3.39' });
  });

  it('flags a deposit credited twice in the ledger, and not a difference of 5 or less', async () => {
    const small = await move(userId, w2, {
      cur: 'VLT',
      amount: '50',
      state: 0,
      type: 'funding',
      from: EXT,
      to: A2,
      credit: true,
      at: '2026-03-05T00:00:00Z',
    });
    await ledger(w2, 'VLT', '5', 'adjustment', small);
    expect((await details()).json().data.balanceMismatch.flagged).toBe(false);
    const fund = await move(userId, w1, {
      cur: 'BUSD',
      amount: '25',
      state: 0,
      type: 'funding',
      from: EXT,
      to: A1,
      credit: true,
      at: '2026-03-06T00:00:00Z',
    });
    await ledger(w1, 'BUSD', '25', 'funding', fund);
    const data = (await details()).json().data;
    expect(data.balanceMismatch).toEqual({
      flagged: true,
      tolerance: 5,
      entries: [{ walletId: w1, currency: 'BUSD', balance: '90', transactionsNet: '65', difference: '25' }],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed or missing one', async () => {
    const unknown = await details(superToken, '00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const bad = await details(superToken, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
    expect((await inject('GET', '/v1/admin/search-details', superToken)).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await inject('GET', `/v1/admin/search-details?id=${userId}`)).statusCode).toBe(401);
  });
});

describe('lists of one customer', () => {
  let userId: string;
  let walletId: string;
  beforeAll(async () => {
    userId = await insertUser();
    walletId = await insertWallet(userId, 'Main Wallet', '0x3333333333333333333333333333333333333333');
    for (let i = 0; i < 35; i++) {
      await move(userId, walletId, {
        cur: 'BUSD',
        amount: String(i + 1),
        state: 0,
        type: 'funding',
        from: EXT,
        to: '0x3333333333333333333333333333333333333333',
        credit: true,
        at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        isActive: i !== 34,
      });
    }
    const plans = await q(
      t.db,
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, lock_period, deposit_time, deposit_transaction_hash, created_at)
       VALUES ($1, 'fixed', 'Rent 2026', '100', '2026-06-01T00:00:00Z', '2026-03-01T00:00:00Z', '{0xaa}', '2026-03-01T00:00:00Z'),
              ($1, 'flexible', 'Rainy day', '12.5', NULL, '2026-04-01T00:00:00Z', '{}', '2026-04-01T00:00:00Z') RETURNING id`,
      [userId],
    );
    for (let i = 0; i < 12; i++) {
      await q(
        t.db,
        `INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, description, is_active, created_at)
        VALUES ($1, $2, $3, 'BUSD', 6, 'Fixed save', $4, $5)`,
        [userId, plans[0]!.id, String(i + 1), i !== 11, new Date(Date.UTC(2026, 2, 1 + i)).toISOString()],
      );
    }
    await q(
      t.db,
      `INSERT INTO user_bank_accounts (user_id, bank_name, account_name, account_number, country) VALUES ($1, 'Zenith Bank', 'Ada Customer', '0123456789', 'NG')`,
      [userId],
    );
    const [type] = await q(t.db, `INSERT INTO user_types (name) VALUES ('agent') RETURNING id`);
    await q(t.db, `INSERT INTO user_usertypes (user_id, user_type_id) VALUES ($1, $2)`, [userId, type!.id]);
  });

  it('GET admin/user-wallet-transactions: newest first, page size 30, hidden rows marked', async () => {
    const res = await inject('GET', `/v1/admin/user-wallet-transactions?id=${userId}&page=1&pageSize=30`, supportToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ currentPage: 1, totalRecords: 35, pageSize: 30 });
    expect(data.records).toHaveLength(30);
    expect(data.records[0]).toMatchObject({
      amount: '35.000000000000000000',
      isActive: false,
      currency: 'BUSD',
      typeOfTransaction: 'funding',
      transactionState: 0,
      userId,
      walletId,
    });
    expect(Object.keys(data.records[0]).sort()).toEqual(
      [
        '_id',
        'amount',
        'confirmations',
        'createdAt',
        'currency',
        'description',
        'finalAmount',
        'fromAddress',
        'isActive',
        'toAddress',
        'transactionState',
        'txnHash',
        'typeOfTransaction',
        'userId',
        'walletId',
      ].sort(),
    );
    const second = (
      await inject('GET', `/v1/admin/user-wallet-transactions?id=${userId}&page=2&pageSize=30`, supportToken)
    ).json().data;
    expect(second.records).toHaveLength(5);
    expect(second.records[4].amount).toBe('1.000000000000000000');
    expect(
      (await inject('GET', `/v1/admin/user-wallet-transactions?id=${userId}&pageSize=500`, supportToken)).statusCode,
    ).toBe(400);
    expect((await inject('GET', `/v1/admin/user-wallet-transactions?id=x`, supportToken)).statusCode).toBe(400);
  });

  it('GET admin/user-savings-transactions: paged by 10 with the spec fields', async () => {
    const res = await inject('GET', `/v1/admin/user-savings-transactions?id=${userId}&page=1`, supportToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ currentPage: 1, totalRecords: 12, pageSize: 10 });
    expect(data.records[0]).toMatchObject({
      amount: '12.000000000000000000',
      currency: 'BUSD',
      network: 56,
      transactionState: 6,
      isActive: false,
      description: 'Fixed save',
    });
    expect(
      (await inject('GET', `/v1/admin/user-savings-transactions?id=${userId}&page=2`, supportToken)).json().data
        .records,
    ).toHaveLength(2);
  });

  it('GET admin/user-plans: fixed and flexible plans with the spec fields, lockPeriod in unix time', async () => {
    const res = await inject('GET', `/v1/admin/user-plans?userId=${userId}`, supportToken);
    expect(res.statusCode).toBe(200);
    const { records, totalRecords } = res.json().data;
    expect(totalRecords).toBe(2);
    expect(records.map((p: { planType: string }) => p.planType)).toEqual(['flexible', 'fixed']);
    expect(records[1]).toMatchObject({
      planName: 'Rent 2026',
      protocolName: 'xAuto',
      lockPeriod: Date.UTC(2026, 5, 1) / 1000,
      depositAmount: '100.000000000000000000',
      depositTransactionHash: ['0xaa'],
      withdrawalTransactionHash: [],
      planState: 'active',
      saveStatus: 'saved',
      userId,
      currency: 'BUSD',
      locked: false,
      lockedAmount: null,
      lockedComment: null,
      depositTime: '2026-03-01T00:00:00.000Z',
      withdrawalTime: null,
    });
    expect(records[0].lockPeriod).toBeNull();
    expect(
      (await inject('GET', '/v1/admin/user-plans?userId=00000000-0000-0000-0000-000000000001', supportToken))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404, not an empty list, for every list of an unknown customer', async () => {
    const unknown = '00000000-0000-0000-0000-000000000002';
    for (const url of [
      `/v1/admin/user-plans?userId=${unknown}`,
      `/v1/admin/user-wallet-transactions?id=${unknown}`,
      `/v1/admin/user-savings-transactions?id=${unknown}`,
      `/v1/admin/user-bank-details?userId=${unknown}`,
      `/v1/admin/get-user-usertypes?userId=${unknown}`,
    ]) {
      const res = await inject('GET', url, supportToken);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe('User not found');
    }
  });

  it('GET admin/user-bank-details and admin/get-user-usertypes', async () => {
    const bank = await inject('GET', `/v1/admin/user-bank-details?userId=${userId}`, supportToken);
    expect(bank.statusCode).toBe(200);
    expect(bank.json().data.records).toEqual([
      expect.objectContaining({
        bankName: 'Zenith Bank',
        accountName: 'Ada Customer',
        accountNumber: '0123456789',
        country: 'NG',
      }),
    ]);
    const types = await inject('GET', `/v1/admin/get-user-usertypes?userId=${userId}`, supportToken);
    expect(types.statusCode).toBe(200);
    expect(types.json().data.records).toEqual([
      expect.objectContaining({ usertype: expect.objectContaining({ name: 'agent' }) }),
    ]);
    expect((await inject('GET', '/v1/admin/user-bank-details?userId=nope', supportToken)).statusCode).toBe(400);
  });
});

describe('referrals of one customer', () => {
  let username: string;
  beforeAll(async () => {
    const id = await insertUser();
    username = `ada${n}`;
    const referred = [await insertUser(), await insertUser(), await insertUser(), await insertUser()];
    await q(
      t.db,
      `INSERT INTO referrals (referrer_id, referred_user_id, referral_state, device_serial_number, created_at) VALUES
      ($1, $2, 'pending', 'DEV-A', '2026-01-10T12:00:00Z'), ($1, $3, 'verified', 'DEV-A', '2026-01-11T12:00:00Z'),
      ($1, $4, 'paid', 'DEV-B', '2026-01-12T23:59:00Z'), ($1, $5, 'pending', 'DEV-C', '2025-06-01T00:00:00Z')`,
      [id, ...referred],
    );
  });

  it('GET admin/filter-referal-users: records of the range, end day included', async () => {
    const res = await inject(
      'GET',
      `/v1/admin/filter-referal-users?username=${username}&start=2026/01/01&end=2026/01/12&page=1`,
      supportToken,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ currentPage: 1, totalRecords: 3 });
    expect(data.records[0]).toEqual({
      refferalState: 'paid',
      createdAt: '2026-01-12T23:59:00.000Z',
      userIdUsedRef: {
        _id: expect.any(String),
        username: expect.any(String),
        email: expect.stringContaining('@'),
        deviceSerialNumber: 'DEV-B',
      },
    });
  });

  it('GET admin/user-referral-info: total, unverified and unique devices (fake = total - unique)', async () => {
    const res = await inject(
      'GET',
      `/v1/admin/user-referral-info?username=${username}&start=2021/10/01&end=2026/01/31`,
      supportToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ totalReferrals: 4, unverified: 2, numOfUniqueDeviceIds: 3 });
  });

  it('refuses a start after the end, an end after today, a malformed date, and answers 404 for an unknown username', async () => {
    const after = await inject(
      'GET',
      `/v1/admin/user-referral-info?username=${username}&start=2026/02/01&end=2026/01/01`,
      supportToken,
    );
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe('start must not be after end');
    const future = await inject(
      'GET',
      `/v1/admin/filter-referal-users?username=${username}&start=2026/01/01&end=2999/01/01`,
      supportToken,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('end must not be after today');
    expect(
      (await inject('GET', `/v1/admin/user-referral-info?username=${username}&start=2026-01-01`, supportToken))
        .statusCode,
    ).toBe(400);
    expect((await inject('GET', `/v1/admin/user-referral-info?username=nobody-here`, supportToken)).statusCode).toBe(
      404,
    );
  });
});

describe('actions', () => {
  it('POST admin/update-user-trustscore: updates, answers the profile, writes the audit row', async () => {
    const userId = await insertUser({ trust_score: 30 });
    const res = await inject('POST', '/v1/admin/update-user-trustscore', supportToken, { userId, trustScore: 85 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('trust score updated successfully');
    expect(res.json().data).toMatchObject({ _id: userId, trustScore: 85 });
    expect(res.json().data).not.toHaveProperty('registrationDeviceDetails');
    expect((await q(t.db, 'SELECT trust_score FROM users WHERE id = $1', [userId]))[0]!.trust_score).toBe(85);
    expect(await auditRows('user.trust-score.update', userId)).toEqual([
      {
        actor_email: demo('support').email,
        action: 'user.trust-score.update',
        target_type: 'user',
        target_id: userId,
        before: { trustScore: 30 },
        after: { trustScore: 85 },
      },
    ]);
  });

  it('POST admin/update-user-trustscore: 400 with a message and nothing changed outside 1-100 or not whole', async () => {
    const userId = await insertUser({ trust_score: 30 });
    const audits = await auditCount();
    for (const trustScore of [0, 101, 50.5, '50', null]) {
      const res = await inject('POST', '/v1/admin/update-user-trustscore', supportToken, { userId, trustScore });
      expect(res.statusCode, String(trustScore)).toBe(400);
      expect(res.json().fields).toHaveProperty('trustScore');
      expect(res.json().message).toBeTruthy();
    }
    // Out of bounds or not whole is refused (never clamped to 1 or 100), naming the field and the bounds.
    for (const trustScore of [0, 101, -5, 1_000_000, 50.5, 0.5, 100.01]) {
      const res = await inject('POST', '/v1/admin/update-user-trustscore', supportToken, { userId, trustScore });
      expect(res.statusCode, String(trustScore)).toBe(400);
      expect(res.json().message, String(trustScore)).toMatch(
        /^trustScore: trustScore must be (a whole number )?between 1 and 100$/,
      );
      expect(res.json().fields.trustScore[0], String(trustScore)).toContain('between 1 and 100');
    }
    expect(
      (
        await inject('POST', '/v1/admin/update-user-trustscore', supportToken, {
          userId: '00000000-0000-0000-0000-000000000000',
          trustScore: 40,
        })
      ).statusCode,
    ).toBe(404);
    expect((await q(t.db, 'SELECT trust_score FROM users WHERE id = $1', [userId]))[0]!.trust_score).toBe(30);
    expect(await auditCount()).toBe(audits);
    // The bounds themselves are accepted as sent.
    for (const trustScore of [1, 100]) {
      const res = await inject('POST', '/v1/admin/update-user-trustscore', supportToken, { userId, trustScore });
      expect(res.statusCode, res.body).toBe(200);
      expect((await q(t.db, 'SELECT trust_score FROM users WHERE id = $1', [userId]))[0]!.trust_score).toBe(trustScore);
    }
  });

  it('PUT admin/deactivate-user-two-factor: turns it off once, 409 the second time', async () => {
    const userId = await insertUser({ enabled_two_factor: true });
    const res = await inject('PUT', '/v1/admin/deactivate-user-two-factor', superToken, { userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '2fa deactivated successfully', data: { userId, enabledTwoFactor: false } });
    expect((await q(t.db, 'SELECT enabled_two_factor FROM users WHERE id = $1', [userId]))[0]!.enabled_two_factor).toBe(
      false,
    );
    const again = await inject('PUT', '/v1/admin/deactivate-user-two-factor', superToken, { userId });
    expect(again.statusCode).toBe(409);
    expect(await auditRows('user.2fa.deactivate', userId)).toHaveLength(1);
    expect((await inject('PUT', '/v1/admin/deactivate-user-two-factor', superToken, {})).statusCode).toBe(400);
  });

  it('PUT admin/switch-wallet-record and switch-savings-record toggle is_active with an audit row each', async () => {
    const userId = await insertUser();
    const walletId = await insertWallet(userId, 'Main Wallet', '0x4444444444444444444444444444444444444444');
    const txId = await move(userId, walletId, {
      cur: 'BUSD',
      amount: '7',
      state: 0,
      type: 'funding',
      from: EXT,
      to: '0x4444444444444444444444444444444444444444',
      credit: true,
      at: '2026-05-01T00:00:00Z',
    });
    const off = await inject('PUT', '/v1/admin/switch-wallet-record', supportToken, { recordId: txId });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: 'status updated', data: { _id: txId, isActive: false } });
    const on = await inject('PUT', '/v1/admin/switch-wallet-record', supportToken, { recordId: txId });
    expect(on.json().data.isActive).toBe(true);
    expect((await auditRows('wallet-transaction.visibility.switch', txId)).map((r) => r.after)).toEqual([
      { isActive: false, userId },
      { isActive: true, userId },
    ]);

    const [plan] = await q(
      t.db,
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) VALUES ($1, 'flexible', 'Car', '5') RETURNING id`,
      [userId],
    );
    const [stx] = await q(
      t.db,
      `INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state) VALUES ($1, $2, '5', 'BUSD', 8) RETURNING id`,
      [userId, plan!.id],
    );
    const sres = await inject('PUT', '/v1/admin/switch-savings-record', supportToken, { recordId: stx!.id });
    expect(sres.json()).toEqual({ message: 'status updated', data: { _id: stx!.id, isActive: false } });
    expect((await q(t.db, 'SELECT is_active FROM savings_transactions WHERE id = $1', [stx!.id]))[0]!.is_active).toBe(
      false,
    );
    expect(await auditRows('savings-transaction.visibility.switch', stx!.id as string)).toHaveLength(1);

    expect(
      (
        await inject('PUT', '/v1/admin/switch-wallet-record', supportToken, {
          recordId: '00000000-0000-0000-0000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect((await inject('PUT', '/v1/admin/switch-savings-record', supportToken, { recordId: 12 })).statusCode).toBe(
      400,
    );
  });

  it('POST admin/roles/change-role: sets the customer role and keeps is_staff in step', async () => {
    const userId = await insertUser();
    const res = await inject('POST', '/v1/admin/roles/change-role', supportToken, { roleId: roleIds.staff, userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'updated successfully',
      data: { userId, role: { _id: roleIds.staff, title: 'Staff' }, isStaff: true },
    });
    expect((await q(t.db, 'SELECT role_id, is_staff FROM users WHERE id = $1', [userId]))[0]).toEqual({
      role_id: roleIds.staff,
      is_staff: true,
    });
    const profile = (await inject('GET', `/v1/admin/search-details?id=${userId}`, supportToken)).json().data.profile;
    expect(profile).toMatchObject({ isStaff: true, role: { title: 'Staff' } });
    expect(
      (await inject('POST', '/v1/admin/roles/change-role', supportToken, { roleId: roleIds.staff, userId })).statusCode,
    ).toBe(409);
    const back = await inject('POST', '/v1/admin/roles/change-role', supportToken, { roleId: roleIds.user, userId });
    expect(back.json().data.isStaff).toBe(false);
    expect((await auditRows('user.role.change', userId)).map((r) => r.after)).toEqual([
      { roleId: roleIds.staff, role: 'Staff', isStaff: true },
      { roleId: roleIds.user, role: 'User', isStaff: false },
    ]);
  });

  it('POST admin/roles/change-role: 400 and nothing changed for a staff role id or a malformed id', async () => {
    const userId = await insertUser();
    const audits = await auditCount();
    const [staffRole] = await q(t.db, `SELECT id FROM roles WHERE title = 'Super Admin'`);
    const res = await inject('POST', '/v1/admin/roles/change-role', supportToken, { roleId: staffRole!.id, userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose an active customer role');
    expect(
      (await inject('POST', '/v1/admin/roles/change-role', supportToken, { roleId: 'x', userId })).statusCode,
    ).toBe(400);
    expect((await q(t.db, 'SELECT role_id, is_staff FROM users WHERE id = $1', [userId]))[0]).toEqual({
      role_id: null,
      is_staff: false,
    });
    expect(await auditCount()).toBe(audits);
  });

  it('GET admin/roles?kind=customer lists the customer roles for any staff; the staff roles still need admins.read', async () => {
    const res = await inject('GET', '/v1/admin/roles?kind=customer', supportToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ currentPage: 1, pageSize: 10, totalRecords: 2 });
    expect(
      res
        .json()
        .data.records.map((r: { title: string }) => r.title)
        .sort(),
    ).toEqual(['Staff', 'User']);
    expect(res.json().data.records[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      slug: expect.any(String),
      isActive: true,
    });
    const staffRoles = await inject('GET', '/v1/admin/roles', supportToken);
    expect(staffRoles.statusCode).toBe(403);
    // Any other kind asks for the staff roles' permission: refused before it is validated...
    expect((await inject('GET', '/v1/admin/roles?kind=other', supportToken)).statusCode).toBe(403);
    // ...and refused as bad input for those who hold it.
    expect((await inject('GET', '/v1/admin/roles?kind=other', superToken)).statusCode).toBe(400);
  });

  it('actions answer 401 without a session', async () => {
    expect((await inject('POST', '/v1/admin/update-user-trustscore', undefined, {})).statusCode).toBe(401);
    expect((await inject('PUT', '/v1/admin/switch-wallet-record', undefined, {})).statusCode).toBe(401);
  });
});
