import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, demo, expect400, heldSum, useTestApp } from '../../../test/helpers';

const { t, tokens, q } = useTestApp();
const get = (url: string, token = tokens.compliance) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = tokens.compliance) =>
  t.app.inject({ method, url, payload: payload as object, headers: bearer(token) });
const audits = (action: string, targetId: string) =>
  q<{ actor_email: string; before: unknown; after: unknown }>(
    `SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  );

const BAD_PAGING: [string, string][] = [
  ['page=0', 'page'],
  ['page=-2', 'page'],
  ['page=abc', 'page'],
  ['page=1.5', 'page'],
  ['pageSize=0', 'pageSize'],
  ['pageSize=101', 'pageSize'],
  ['pageSize=many', 'pageSize'],
  ['pageSize=2.5', 'pageSize'],
];
const holds = (planId: string) =>
  q<{ kind: string; amount: string; held_after: string }>(
    `SELECT kind, trim_scale(amount)::text AS amount, trim_scale(held_after)::text AS held_after FROM savings_lock_entries WHERE plan_id = $1 ORDER BY id`,
    [planId],
  );

let seq = 0;
async function insertUser() {
  const n = ++seq;
  const [u] = await q<{ id: string; username: string; email: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id, username::text, email::text`,
    [`Compliance Person${n}`, `comp${n}`, `comp${n}@example.test`, `COMP${n}`],
  );
  return u!;
}

describe('blacklisted devices', () => {
  it('POST blacklists a device for a customer named by username, answers "done", audits; 409 for a listed device', async () => {
    const u = await insertUser();
    const res = await send('POST', '/v1/advanced/blacklisted-device', { deviceId: 'DEVICE-ABC-1', userId: u.username });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'done',
      data: { deviceId: 'DEVICE-ABC-1', userId: u.username, customerId: u.id, blacklisted: true },
    });
    const id = res.json().data._id;
    expect((await audits('device.blacklist', id))[0]!.actor_email).toBe(demo('compliance').email);
    const again = await send('POST', '/v1/advanced/blacklisted-device', { deviceId: 'DEVICE-ABC-1' });
    expect(again.statusCode).toBe(409);
    const unknown = await send('POST', '/v1/advanced/blacklisted-device', {
      deviceId: 'DEVICE-XYZ',
      userId: 'nobody-here',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await send('POST', '/v1/advanced/blacklisted-device', { deviceId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.deviceId).toBeDefined();
    expect((await q(`SELECT count(*)::int AS n FROM blacklisted_devices`))[0]!.n).toBe(1);
  });

  it('PUT de-lists and re-lists with a guarded update; a stale second de-list is 409; GET lists page size 10', async () => {
    const res = await send('POST', '/v1/advanced/blacklisted-device', { deviceId: 'DEVICE-TOGGLE' });
    const id = res.json().data._id;
    const [a, b] = await Promise.all([
      send('PUT', '/v1/advanced/blacklisted-device', { blacklistedRecordId: id, blacklisted: false }),
      send(
        'PUT',
        '/v1/advanced/blacklisted-device',
        { blacklistedRecordId: id, blacklisted: false },
        tokens.superadmin,
      ),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect((await q(`SELECT blacklisted FROM blacklisted_devices WHERE id = $1`, [id]))[0]!.blacklisted).toBe(false);
    expect(await audits('device.delist', id)).toHaveLength(1);
    const relist = await send('PUT', '/v1/advanced/blacklisted-device', { blacklistedRecordId: id, blacklisted: true });
    expect(relist.json().data.blacklisted).toBe(true);
    const deviceRow = async () =>
      (await q(`SELECT device_id, blacklisted, user_id, updated_at FROM blacklisted_devices WHERE id = $1`, [id]))[0];
    const saved = await deviceRow();
    const auditCount = async () =>
      (await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1`, [id]))[0]!.n;
    const auditsBefore = await auditCount();
    const bad = await send('PUT', '/v1/advanced/blacklisted-device', { blacklistedRecordId: id, blacklisted: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.blacklisted).toBeDefined();
    expect400(
      await send('PUT', '/v1/advanced/blacklisted-device', { blacklistedRecordId: 'not-a-record', blacklisted: false }),
      'blacklistedRecordId',
      'malformed id',
    );
    // Re-read: the device is still listed, as the good re-list left it, and nothing was audited.
    expect(await deviceRow()).toEqual(saved);
    expect(saved).toMatchObject({ device_id: 'DEVICE-TOGGLE', blacklisted: true });
    expect(await auditCount()).toBe(auditsBefore);
    expect(
      (await send('PUT', '/v1/advanced/blacklisted-device', { blacklistedRecordId: randomUUID(), blacklisted: true }))
        .statusCode,
    ).toBe(404);
    const list = await get('/v1/advanced/blacklisted-device?page=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ currentPage: 1, totalRecords: 2, pageSize: 10 });
    expect(list.json().data.records[0]).toMatchObject({ deviceId: 'DEVICE-TOGGLE', blacklisted: true });
  });

  it('is for Super Admin and Compliance only (403 for an open role)', async () => {
    expect((await get('/v1/advanced/blacklisted-device', tokens.support)).statusCode).toBe(403);
    expect(
      (await send('POST', '/v1/advanced/blacklisted-device', { deviceId: 'DEVICE-SUPPORT' }, tokens.support))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /security/retrieve-watchlist', () => {
  it('lists watchlisted users newest first with records, currentPage, totalRecords; 403 for an open role', async () => {
    const a = await insertUser();
    const b = await insertUser();
    await q(
      `INSERT INTO watchlist (user_id, reason, created_at) VALUES ($1, 'Trust score below 15', now() - interval '1 day'), ($2, 'Registered with a blacklisted device', now())`,
      [a.id, b.id],
    );
    const res = await get('/v1/security/retrieve-watchlist?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ currentPage: 1, totalRecords: 2 });
    expect(data.records.map((r: { user: { _id: string } }) => r.user._id)).toEqual([b.id, a.id]);
    expect(data.records[0].user).toMatchObject({
      fullName: expect.stringContaining('Compliance Person'),
      username: expect.any(String),
    });
    expect((await get('/v1/security/retrieve-watchlist', tokens.support)).statusCode).toBe(403);
    expect((await get('/v1/security/retrieve-watchlist?page=0')).statusCode).toBe(400);
  });
});

describe('GET admin/compliance/double-fundings', () => {
  it('filters by status (pending default, deleted), pages by 10, for every signed-in admin', async () => {
    const u = await insertUser();
    for (let i = 0; i < 12; i++) {
      await q(
        `INSERT INTO double_fundings (user_id, status, funding_status, amount_received, total_amount_deposited, deposit_address, receiving_address, created_at)
               VALUES ($1, $2, $3, 10.5, 21, '0xdep', '0xrecv', now() - make_interval(mins => $4))`,
        [u.id, i < 11 ? 'pending' : 'deleted', i % 2 ? 'done' : 'failed', i],
      );
    }
    const res = await get('/v1/admin/compliance/double-fundings?page=2&pageSize=10', tokens.support);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ totalRecords: 11, pageSize: 10, currentPage: 2, totalPage: 2 });
    expect(res.json().data.result).toHaveLength(1);
    expect(res.json().data.result[0]).toMatchObject({
      userEmail: u.email,
      status: 'pending',
      amountReceived: '10.5',
      totalAmountDeposited: '21',
      processList: { creator: { email: null } },
    });
    const deleted = await get('/v1/admin/compliance/double-fundings?status=deleted', tokens.support);
    expect(deleted.json().data.totalRecords).toBe(1);
    const bad = await get('/v1/admin/compliance/double-fundings?status=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBeDefined();
  });
});

describe('fraud list and double-funding totals (counters kept by triggers)', () => {
  it('totals equal a count of the table after inserts, deletes, status changes and concurrent writers; deep pages match plain SQL', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => insertUser()));
    // Concurrent writers, each in its own transaction: the counter row serialises them.
    await Promise.all(
      users.map((u, i) =>
        q(
          `INSERT INTO watchlist (user_id, reason, created_at) VALUES ($1, 'Trust score below 15', now() - make_interval(mins => $2))`,
          [u.id, i],
        ),
      ),
    );
    await q(`DELETE FROM watchlist WHERE user_id = $1`, [users[3]!.id]);
    await Promise.all(
      users.map((u, i) =>
        q(
          `INSERT INTO double_fundings (user_id, status, amount_received, total_amount_deposited, deposit_address, receiving_address, created_at)
      VALUES ($1, 'pending', 5, 10, '0xdep', '0xrecv', now() - make_interval(mins => $2))`,
          [u.id, 100 + i],
        ),
      ),
    );
    await q(`UPDATE double_fundings SET status = 'deleted' WHERE user_id = ANY($1::uuid[])`, [
      [users[0]!.id, users[1]!.id],
    ]);
    await q(`UPDATE double_fundings SET funding_status = 'done' WHERE user_id = $1`, [users[2]!.id]);
    await q(`DELETE FROM double_fundings WHERE user_id = $1 AND status = 'pending'`, [users[4]!.id]);

    const [c] = await q<{ w: number; p: number; d: number }>(`SELECT (SELECT count(*)::int FROM watchlist) AS w,
      (SELECT count(*)::int FROM double_fundings WHERE status = 'pending') AS p, (SELECT count(*)::int FROM double_fundings WHERE status = 'deleted') AS d`);
    const watch = (await get('/v1/security/retrieve-watchlist?page=1')).json().data;
    expect(watch.totalRecords).toBe(c!.w);
    expect(watch.totalPage).toBe(Math.ceil(c!.w / 20));
    for (const [status, n] of [
      ['pending', c!.p],
      ['deleted', c!.d],
    ] as const) {
      for (let page = 1; page <= Math.ceil(n / 3) + 1; page++) {
        const data = (await get(`/v1/admin/compliance/double-fundings?status=${status}&page=${page}&pageSize=3`)).json()
          .data;
        const plain = await q<{ id: string }>(
          `SELECT id FROM double_fundings WHERE status = $1 ORDER BY created_at DESC, id LIMIT 3 OFFSET $2`,
          [status, (page - 1) * 3],
        );
        expect(data.totalRecords, `${status} total`).toBe(n);
        expect(
          data.result.map((r: { _id: string }) => r._id),
          `${status} page ${page}`,
        ).toEqual(plain.map((r) => r.id));
      }
    }
    const past = (await get('/v1/security/retrieve-watchlist?page=40')).json().data;
    expect(past).toMatchObject({ records: [], totalRecords: c!.w, currentPage: 40 });
  });
});

describe('locked savings', () => {
  it('lists locked and unlocked fixed and flexible plans; unlocking a flexible plan releases exactly its locked amount', async () => {
    const u = await insertUser();
    const [fixed] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) VALUES ($1, 'fixed', 'Fixed 90', 500) RETURNING id`,
      [u.id],
    );
    const [flex] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) VALUES ($1, 'flexible', 'Flex', 300) RETURNING id`,
      [u.id],
    );
    const lock = await send(
      'PUT',
      '/v1/admin/lock-flexible-savings',
      {
        flexibleSavingsId: flex!.id,
        lockedAmount: '120.25',
        lockedComment: 'Source of funds check',
        lockStatus: 'lock',
      },
      tokens.support,
    );
    expect(lock.statusCode, lock.body).toBe(200);
    await send(
      'PUT',
      '/v1/admin/lock-fixed-savings',
      { fixedSavingsId: fixed!.id, lockedComment: 'Source of funds check', lockStatus: 'lock' },
      tokens.support,
    );

    const flexList = await get('/v1/admin/locked-flexible-savings', tokens.support);
    expect(flexList.statusCode, flexList.body).toBe(200);
    expect(flexList.json().data).toMatchObject({ currentPage: 1, totalRecords: 1, totalPages: 1 });
    expect(flexList.json().data.records[0]).toMatchObject({
      _id: flex!.id,
      email: u.email,
      planName: 'Flex',
      locked: true,
      lockedAmount: '120.25',
      lockedComment: 'Source of funds check',
      lockedAdmin: { email: demo('support').email },
      unLockedAdmin: { email: null },
      userId: { _id: u.id },
    });
    expect((await get('/v1/admin/locked-fixed-savings', tokens.support)).json().data.records[0]).toMatchObject({
      _id: fixed!.id,
      locked: true,
    });

    const unlock = await send(
      'PUT',
      '/v1/admin/lock-flexible-savings',
      { flexibleSavingsId: flex!.id, lockedAmount: '120.25', lockedComment: 'Cleared', lockStatus: 'unlock' },
      tokens.support,
    );
    expect(unlock.statusCode, unlock.body).toBe(200);
    const after = (await get('/v1/admin/locked-flexible-savings', tokens.support)).json().data.records[0];
    expect(after).toMatchObject({ locked: false, lockedAmount: null, unLockedAdmin: { email: demo('support').email } });
    expect(after.unLockedDate).not.toBeNull();
    const [a] = await audits('savings-plan.unlock', flex!.id);
    expect(a!.before).toMatchObject({ locked: true, lockedAmount: '120.25' });
    expect(a!.after).toMatchObject({ locked: false, lockedAmount: null });
    // The hold ledger: the release is exactly the amount locked, and nothing stays held.
    expect(await holds(flex!.id)).toEqual([
      { kind: 'lock', amount: '120.25', held_after: '120.25' },
      { kind: 'unlock', amount: '-120.25', held_after: '0' },
    ]);
    expect(await heldSum(t.db, flex!.id)).toBe('0');
    // A second unlock (a stale screen) changes nothing.
    // (The list calls page by 20 although the specification sends no query: see docs/decisions/compliance-and-fraud.md.)
    expect(
      (
        await send(
          'PUT',
          '/v1/admin/lock-flexible-savings',
          { flexibleSavingsId: flex!.id, lockedComment: 'Cleared', lockStatus: 'unlock' },
          tokens.support,
        )
      ).statusCode,
    ).toBe(409);
    expect(await holds(flex!.id)).toHaveLength(2);
    expect(await audits('savings-plan.unlock', flex!.id)).toHaveLength(1);
  });

  it('two unlocks of a locked fixed plan at once: one release of exactly the deposit held, one 409', async () => {
    const u = await insertUser();
    const [fixed] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) VALUES ($1, 'fixed', 'Fixed 180', 777.77) RETURNING id`,
      [u.id],
    );
    expect(
      (
        await send(
          'PUT',
          '/v1/admin/lock-fixed-savings',
          { fixedSavingsId: fixed!.id, lockedComment: 'Review', lockStatus: 'lock' },
          tokens.support,
        )
      ).statusCode,
    ).toBe(200);
    expect(await holds(fixed!.id)).toEqual([{ kind: 'lock', amount: '777.77', held_after: '777.77' }]);
    // The locked-savings page sends what it shows; the server releases what the ledger holds.
    const results = await Promise.all(
      [tokens.support, tokens.compliance].map((token) =>
        send(
          'PUT',
          '/v1/admin/lock-fixed-savings',
          { fixedSavingsId: fixed!.id, lockedComment: 'Unlocked from locked savings', lockStatus: 'unlock' },
          token,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await holds(fixed!.id)).toEqual([
      { kind: 'lock', amount: '777.77', held_after: '777.77' },
      { kind: 'unlock', amount: '-777.77', held_after: '0' },
    ]);
    expect(await heldSum(t.db, fixed!.id)).toBe('0');
    expect(await audits('savings-plan.unlock', fixed!.id)).toHaveLength(1);
    const row = (await get('/v1/admin/locked-fixed-savings', tokens.support))
      .json()
      .data.records.find((r: { _id: string }) => r._id === fixed!.id);
    expect(row).toMatchObject({ locked: false, planState: expect.any(String) });
  });
});

describe('locked savings and plans about to mature: bad paging', () => {
  it('400 naming page or pageSize on each list, the plans unchanged', async () => {
    const u = await insertUser();
    const [plan] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, lock_period) VALUES ($1, 'fixed', 'Paging', 60, now() + interval '90 days') RETURNING id`,
      [u.id],
    );
    expect(
      (
        await send(
          'PUT',
          '/v1/admin/lock-fixed-savings',
          { fixedSavingsId: plan!.id, lockedComment: 'Paging check', lockStatus: 'lock' },
          tokens.support,
        )
      ).statusCode,
    ).toBe(200);
    const plans = () =>
      q(
        `SELECT id, locked, locked_amount::text, locked_comment, plan_state, updated_at FROM savings_plans ORDER BY id`,
      );
    const before = { plans: await plans(), holds: await holds(plan!.id) };
    for (const [path, token] of [
      ['/v1/admin/locked-fixed-savings', tokens.support],
      ['/v1/admin/locked-flexible-savings', tokens.support],
      ['/v1/advanced/plans-about-to-mature', tokens.compliance],
    ] as const) {
      for (const [query, field] of BAD_PAGING)
        expect400(await get(`${path}?${query}`, token), field, `${path}?${query}`);
      // The specification's call without a query still answers, with the first page.
      const plain = await get(path, token);
      expect(plain.statusCode, `${path} ${plain.body}`).toBe(200);
      expect(plain.json().data.currentPage).toBe(1);
    }
    expect({ plans: await plans(), holds: await holds(plan!.id) }).toEqual(before);
  });
});

describe('GET /admin/funding-request', () => {
  it('finds by e-mail, hash (with or without 0x) or receiving address; one of them, well-formed', async () => {
    const u = await insertUser();
    const hash = `0x${'ab'.repeat(32)}`;
    const address = `0x${'12'.repeat(20)}`;
    await q(
      `INSERT INTO funding_requests (user_id, amount_received, currency, receiving_address, transaction_hash) VALUES ($1, 99.5, 'BUSD', $2, $3)`,
      [u.id, address, hash],
    );
    for (const query of [
      `email=${encodeURIComponent(u.email)}`,
      `transactionHash=${hash}`,
      `transactionHash=${'AB'.repeat(32)}`,
      `receivingAddress=${address.toUpperCase().replace('0X', '0x')}`,
    ]) {
      const res = await get(`/v1/admin/funding-request?${query}`);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
      expect(res.json().data.records, query).toEqual([
        expect.objectContaining({
          userEmail: u.email,
          amountReceived: '99.5',
          currency: 'BUSD',
          transactionHash: hash,
        }),
      ]);
    }
    const none = await get(`/v1/admin/funding-request?email=nobody@example.test`);
    expect(none.json()).toEqual({ message: 'Failed to get result', data: { records: [] } });
    for (const query of [
      '',
      'email=not-an-email',
      'transactionHash=0x12',
      `email=${encodeURIComponent(u.email)}&transactionHash=${hash}`,
    ]) {
      expect((await get(`/v1/admin/funding-request?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(`/v1/admin/funding-request?transactionHash=${hash}`, tokens.support)).statusCode).toBe(403);
  });
});

describe('GET /advanced/plans-about-to-mature', () => {
  it('lists fixed plans whose lock ends within a week or has ended, soonest first, with the reward in USD', async () => {
    const u = await insertUser();
    const [soon] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, share_balance, lock_period) VALUES ($1, 'fixed', 'Soon', 100, 98, now() + interval '2 days') RETURNING id`,
      [u.id],
    );
    const [past] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, lock_period) VALUES ($1, 'fixed', 'Past', 50, now() - interval '2 days') RETURNING id`,
      [u.id],
    );
    await q(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, lock_period) VALUES ($1, 'fixed', 'Later', 50, now() + interval '30 days')`,
      [u.id],
    );
    await q(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, lock_period, plan_state) VALUES ($1, 'fixed', 'Gone', 50, now() - interval '1 day', 'withdrawn')`,
      [u.id],
    );
    await q(`INSERT INTO reward_records (plan_id, user_id, amount, currency) VALUES ($1, $2, 10, 'VLT')`, [
      soon!.id,
      u.id,
    ]);
    await q(
      `INSERT INTO token_prices (currency, usd_price) VALUES ('VLT', 0.5) ON CONFLICT (currency) DO UPDATE SET usd_price = 0.5`,
    );
    const res = await get('/v1/advanced/plans-about-to-mature?page=1&pageSize=10');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ totalRecords: 2, currentPage: 1, pageSize: 10 });
    expect(data.records.map((r: { _id: string }) => r._id)).toEqual([past!.id, soon!.id]);
    expect(data.records[1]).toMatchObject({
      rewardInUSD: '5',
      planId: { planName: 'Soon', depositAmount: '100', shareBalance: '98', userId: { email: u.email } },
    });
    expect(typeof data.records[1].planId.lockedPeriod).toBe('number');
    expect((await get('/v1/advanced/plans-about-to-mature', tokens.support)).statusCode).toBe(403);
  });
});
