import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { bearer, createTestApp, demo, heldSum, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
const tokens: Record<'superadmin' | 'compliance' | 'support', string> = { superadmin: '', compliance: '', support: '' };
const staffIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['superadmin', 'compliance', 'support'] as const) {
    tokens[role] = await sessionFor(t.db, demo(role).email);
    const { rows } = await t.db.$client.query<{ id: string }>('SELECT id FROM staff WHERE email = $1', [
      demo(role).email,
    ]);
    staffIds[role] = rows[0]!.id;
  }
});
afterAll(async () => {
  await t?.close();
});

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];

let seq = 0;
async function insertUser(db: Db) {
  const n = ++seq;
  const { rows } = await db.$client.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`Funds Customer ${n}`, `funds${n}`, `funds${n}@example.test`, `FUNDS${n}`],
  );
  return rows[0]!.id;
}
async function insertWallet(userId: string, createdAt: string) {
  const n = ++seq;
  const [w] = await q<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, `Wallet ${n}`, `0x${String(n).padStart(40, 'a')}`, createdAt],
  );
  return w!.id;
}
const credit = (walletId: string, currency: string, amount: string) =>
  q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, $2, $3, 'funding')`, [
    walletId,
    currency,
    amount,
  ]);
async function insertPlan(userId: string, planType: 'fixed' | 'flexible', depositAmount: string, planState = 'active') {
  const [p] = await q<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, plan_state) VALUES ($1, $2, 'Plan', $3, $4) RETURNING id`,
    [userId, planType, depositAmount, planState],
  );
  return p!.id;
}
const balances = async (userId: string) =>
  Object.fromEntries(
    (
      await q<{ wallet_id: string; currency: string; balance: string }>(
        `SELECT wb.wallet_id, wb.currency, trim_scale(wb.balance)::text AS balance FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id WHERE w.user_id = $1`,
        [userId],
      )
    ).map((r) => [`${r.wallet_id}:${r.currency}`, r.balance]),
  );
const planRow = async (id: string) =>
  (
    await q(
      `SELECT locked, trim_scale(locked_amount)::text AS locked_amount, locked_comment, locked_by, locked_at, unlocked_by, unlocked_at FROM savings_plans WHERE id = $1`,
      [id],
    )
  )[0]!;
const auditRows = (action: string, targetId: string) =>
  q<{ actor_email: string; before: Record<string, unknown>; after: Record<string, unknown>; target_type: string }>(
    `SELECT actor_email, before, after, target_type FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  );
const counts = async () =>
  (
    await q<{ ledger: number; remittances: number; audit: number; wtx: number; holds: number }>(
      `SELECT (SELECT count(*)::int FROM ledger_entries) AS ledger, (SELECT count(*)::int FROM remittances) AS remittances,
          (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM wallet_transactions) AS wtx,
          (SELECT count(*)::int FROM savings_lock_entries) AS holds`,
    )
  )[0]!;
/** The plan's hold ledger, oldest first. */
const holds = (planId: string) =>
  q<{ kind: string; currency: string; amount: string; held_after: string; staff_id: string | null }>(
    `SELECT kind, currency, trim_scale(amount)::text AS amount, trim_scale(held_after)::text AS held_after, staff_id
     FROM savings_lock_entries WHERE plan_id = $1 ORDER BY id`,
    [planId],
  );

const call = (method: 'PUT' | 'POST', url: string, payload: unknown, token?: string) =>
  t.app.inject({ method, url, payload: payload as object, headers: token ? bearer(token) : {} });

describe('PUT admin/lock-fixed-savings', () => {
  const url = '/v1/admin/lock-fixed-savings';

  it('locks the whole plan, records who and why, audits it, and refuses a second lock with 409', async () => {
    const userId = await insertUser(t.db);
    const planId = await insertPlan(userId, 'fixed', '250');
    const res = await call(
      'PUT',
      url,
      { fixedSavingsId: planId, lockedComment: 'Funding source under review', lockStatus: 'lock' },
      tokens.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('updated successfully');
    expect(body.data).toMatchObject({
      _id: planId,
      planType: 'fixed',
      locked: true,
      lockedAmount: null,
      lockedComment: 'Funding source under review',
      lockedBy: staffIds.support,
      unlockedBy: null,
      unlockedAt: null,
    });
    expect(new Date(body.data.lockedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const row = await planRow(planId);
    expect(row).toMatchObject({
      locked: true,
      locked_amount: null,
      locked_comment: 'Funding source under review',
      locked_by: staffIds.support,
    });
    // A fixed plan is held whole: the hold is exactly its deposit.
    expect(await holds(planId)).toEqual([
      { kind: 'lock', currency: 'BUSD', amount: '250', held_after: '250', staff_id: staffIds.support },
    ]);
    const audit = await auditRows('savings-plan.lock', planId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: demo('support').email, target_type: 'savings_plan' });
    expect(audit[0]!.before).toMatchObject({ locked: false, lockedComment: null });
    expect(audit[0]!.after).toMatchObject({
      locked: true,
      lockedComment: 'Funding source under review',
      planType: 'fixed',
      hold: { amount: '250', heldAfter: '250' },
    });

    const before = await counts();
    const again = await call(
      'PUT',
      url,
      { fixedSavingsId: planId, lockedComment: 'Second try', lockStatus: 'lock' },
      tokens.compliance,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'The plan is already locked', code: 'CONFLICT' });
    expect(await planRow(planId)).toEqual(row);
    expect(await counts()).toEqual(before);
  });

  it('lets staff clicking at once lock only once', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'fixed', '80');
    // Six at once rather than two: the overlap of the requests does not depend on luck.
    const results = await Promise.all(
      [...Array(6).keys()].map((i) =>
        call(
          'PUT',
          url,
          { fixedSavingsId: planId, lockedComment: `Click ${i}`, lockStatus: 'lock' },
          i % 2 ? tokens.support : tokens.compliance,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('The plan is already locked');
    const winner = results.find((r) => r.statusCode === 200)!;
    expect((await planRow(planId)).locked_comment).toBe(winner.json().data.lockedComment);
    expect(await auditRows('savings-plan.lock', planId)).toHaveLength(1);
    expect(await holds(planId)).toEqual([expect.objectContaining({ kind: 'lock', amount: '80', held_after: '80' })]);
  });

  it('unlocks with a reason, keeps the last lock on record, and refuses to unlock an unlocked plan', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'fixed', '80');
    expect(
      (
        await call(
          'PUT',
          url,
          { fixedSavingsId: planId, lockedComment: 'Suspicious', lockStatus: 'lock' },
          tokens.support,
        )
      ).statusCode,
    ).toBe(200);
    const res = await call(
      'PUT',
      url,
      { fixedSavingsId: planId, lockedComment: 'Cleared by compliance', lockStatus: 'unlock' },
      tokens.compliance,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('updated successfully');
    expect(res.json().data).toMatchObject({
      locked: false,
      lockedComment: 'Suspicious',
      lockedBy: staffIds.support,
      unlockedBy: staffIds.compliance,
    });
    expect(await planRow(planId)).toMatchObject({ locked: false, unlocked_by: staffIds.compliance });
    // The release is exactly what the lock held, and nothing stays held.
    expect(await holds(planId)).toEqual([
      { kind: 'lock', currency: 'BUSD', amount: '80', held_after: '80', staff_id: staffIds.support },
      { kind: 'unlock', currency: 'BUSD', amount: '-80', held_after: '0', staff_id: staffIds.compliance },
    ]);
    expect(await heldSum(t.db, planId)).toBe('0');
    const audit = await auditRows('savings-plan.unlock', planId);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ locked: true });
    expect(audit[0]!.after).toMatchObject({
      locked: false,
      comment: 'Cleared by compliance',
      hold: { amount: '-80', heldAfter: '0' },
    });

    const before = await counts();
    const again = await call(
      'PUT',
      url,
      { fixedSavingsId: planId, lockedComment: 'Again', lockStatus: 'unlock' },
      tokens.compliance,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The plan is not locked');
    expect(await counts()).toEqual(before);
    // A plan unlocked can be locked again, and holds its deposit again.
    expect(
      (
        await call(
          'PUT',
          url,
          { fixedSavingsId: planId, lockedComment: 'New finding', lockStatus: 'lock' },
          tokens.support,
        )
      ).statusCode,
    ).toBe(200);
    expect(await heldSum(t.db, planId)).toBe('80');
  });

  it('two unlocks at once: one release of exactly the held amount, the other 409, nothing held after', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'fixed', '1234.000000000000000009');
    expect(
      (await call('PUT', url, { fixedSavingsId: planId, lockedComment: 'Review', lockStatus: 'lock' }, tokens.support))
        .statusCode,
    ).toBe(200);
    const results = await Promise.all(
      [tokens.support, tokens.compliance].map((token, i) =>
        call('PUT', url, { fixedSavingsId: planId, lockedComment: `Unlock ${i}`, lockStatus: 'unlock' }, token),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('The plan is not locked');
    const rows = await holds(planId);
    expect(rows.map((r) => [r.kind, r.amount, r.held_after])).toEqual([
      ['lock', '1234.000000000000000009', '1234.000000000000000009'],
      ['unlock', '-1234.000000000000000009', '0'],
    ]);
    expect(await heldSum(t.db, planId)).toBe('0');
    expect(await auditRows('savings-plan.unlock', planId)).toHaveLength(1);
  });

  it('holds follow the lock however it is changed: a plan locked by a direct update holds, and its unlock releases exactly that', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'fixed', '42.5');
    await q(
      `UPDATE savings_plans SET locked = true, locked_comment = 'Loaded', locked_by = $2, locked_at = now() WHERE id = $1`,
      [planId, staffIds.support],
    );
    const res = await call(
      'PUT',
      url,
      { fixedSavingsId: planId, lockedComment: 'Cleared', lockStatus: 'unlock' },
      tokens.compliance,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await holds(planId)).toEqual([
      { kind: 'lock', currency: 'BUSD', amount: '42.5', held_after: '42.5', staff_id: staffIds.support },
      { kind: 'unlock', currency: 'BUSD', amount: '-42.5', held_after: '0', staff_id: staffIds.compliance },
    ]);
    // Locked directly again after a hold and release: the new lock's hold is recorded as well.
    await q(`UPDATE savings_plans SET locked = true, locked_by = $2, locked_at = now() WHERE id = $1`, [
      planId,
      staffIds.superadmin,
    ]);
    expect(
      (
        await call(
          'PUT',
          url,
          { fixedSavingsId: planId, lockedComment: 'Cleared again', lockStatus: 'unlock' },
          tokens.compliance,
        )
      ).statusCode,
    ).toBe(200);
    expect((await holds(planId)).slice(2)).toEqual([
      { kind: 'lock', currency: 'BUSD', amount: '42.5', held_after: '42.5', staff_id: staffIds.superadmin },
      { kind: 'unlock', currency: 'BUSD', amount: '-42.5', held_after: '0', staff_id: staffIds.compliance },
    ]);
  });

  it('keeps the hold ledger append-only and never below zero', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'fixed', '10');
    expect(
      (await call('PUT', url, { fixedSavingsId: planId, lockedComment: 'Review', lockStatus: 'lock' }, tokens.support))
        .statusCode,
    ).toBe(200);
    await expect(q(`UPDATE savings_lock_entries SET amount = 1 WHERE plan_id = $1`, [planId])).rejects.toThrow(
      /append-only/,
    );
    await expect(q(`DELETE FROM savings_lock_entries WHERE plan_id = $1`, [planId])).rejects.toThrow(/append-only/);
    await expect(q(`TRUNCATE savings_lock_entries`)).rejects.toThrow(/append-only/);
    await expect(
      q(
        `INSERT INTO savings_lock_entries (plan_id, currency, amount, kind) VALUES ($1, 'BUSD', -10.000000000000000001, 'unlock')`,
        [planId],
      ),
    ).rejects.toThrow(/more released than held/);
    await expect(
      q(`INSERT INTO savings_lock_entries (plan_id, currency, amount, kind) VALUES ($1, 'BUSD', 5, 'unlock')`, [
        planId,
      ]),
    ).rejects.toThrow(/sign_check/);
    expect(await holds(planId)).toEqual([expect.objectContaining({ kind: 'lock', amount: '10', held_after: '10' })]);
  });

  it('answers 404 for an unknown plan or a flexible plan, 409 for a withdrawn plan, nothing changed', async () => {
    const userId = await insertUser(t.db);
    const flexible = await insertPlan(userId, 'flexible', '10');
    const withdrawn = await insertPlan(userId, 'fixed', '10', 'withdrawn');
    const before = await counts();
    const unknown = await call(
      'PUT',
      url,
      { fixedSavingsId: '00000000-0000-4000-8000-000000000000', lockedComment: 'x', lockStatus: 'lock' },
      tokens.support,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Fixed savings plan not found');
    expect(
      (await call('PUT', url, { fixedSavingsId: flexible, lockedComment: 'x', lockStatus: 'lock' }, tokens.support))
        .statusCode,
    ).toBe(404);
    const gone = await call(
      'PUT',
      url,
      { fixedSavingsId: withdrawn, lockedComment: 'x', lockStatus: 'lock' },
      tokens.support,
    );
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toMatch(/withdrawn/);
    const empty = await insertPlan(userId, 'fixed', '0');
    const nothing = await call(
      'PUT',
      url,
      { fixedSavingsId: empty, lockedComment: 'x', lockStatus: 'lock' },
      tokens.support,
    );
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('The plan holds no deposit: there is nothing to lock');
    expect((await planRow(empty)).locked).toBe(false);
    expect((await planRow(flexible)).locked).toBe(false);
    expect((await planRow(withdrawn)).locked).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with 400 naming the field, and a call without a session with 401', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'fixed', '10');
    const cases: [unknown, string][] = [
      [{ fixedSavingsId: planId, lockStatus: 'lock' }, 'lockedComment'],
      [{ fixedSavingsId: planId, lockedComment: '   ', lockStatus: 'lock' }, 'lockedComment'],
      [{ fixedSavingsId: planId, lockedComment: 'ok', lockStatus: 'freeze' }, 'lockStatus'],
      [{ fixedSavingsId: 'not-a-plan', lockedComment: 'ok', lockStatus: 'lock' }, 'fixedSavingsId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', url, payload, tokens.support);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect(
      (await call('PUT', url, { fixedSavingsId: planId, lockedComment: 'ok', lockStatus: 'lock' })).statusCode,
    ).toBe(401);
    expect((await planRow(planId)).locked).toBe(false);
  });
});

describe('PUT admin/lock-flexible-savings', () => {
  const url = '/v1/admin/lock-flexible-savings';

  it('locks an amount up to the deposit, exactly, and audits it', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'flexible', '100.123456789012345678');
    const res = await call(
      'PUT',
      url,
      {
        flexibleSavingsId: planId,
        lockedAmount: '100.123456789012345678',
        lockedComment: 'Court order',
        lockStatus: 'lock',
      },
      tokens.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('updated successfully');
    expect(res.json().data).toMatchObject({
      _id: planId,
      planType: 'flexible',
      locked: true,
      lockedAmount: '100.123456789012345678',
      lockedComment: 'Court order',
    });
    expect(await planRow(planId)).toMatchObject({
      locked: true,
      locked_amount: '100.123456789012345678',
      locked_by: staffIds.support,
    });
    const audit = await auditRows('savings-plan.lock', planId);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ locked: true, lockedAmount: '100.123456789012345678' });

    const again = await call(
      'PUT',
      url,
      { flexibleSavingsId: planId, lockedAmount: '1', lockedComment: 'More', lockStatus: 'lock' },
      tokens.support,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The plan is already locked');

    // Unlocking releases the whole locked amount and needs no amount.
    const unlock = await call(
      'PUT',
      url,
      { flexibleSavingsId: planId, lockedComment: 'Order lifted', lockStatus: 'unlock' },
      tokens.support,
    );
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json().data).toMatchObject({ locked: false, lockedAmount: null });
    expect(await planRow(planId)).toMatchObject({ locked: false, locked_amount: null });
    expect(await holds(planId)).toEqual([
      {
        kind: 'lock',
        currency: 'BUSD',
        amount: '100.123456789012345678',
        held_after: '100.123456789012345678',
        staff_id: staffIds.support,
      },
      {
        kind: 'unlock',
        currency: 'BUSD',
        amount: '-100.123456789012345678',
        held_after: '0',
        staff_id: staffIds.support,
      },
    ]);
    expect(await heldSum(t.db, planId)).toBe('0');
  });

  it('holds only the locked part of a flexible plan and releases exactly that; two unlocks at once give one release and one 409', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'flexible', '900');
    expect(
      (
        await call(
          'PUT',
          url,
          { flexibleSavingsId: planId, lockedAmount: '333.3', lockedComment: 'Review', lockStatus: 'lock' },
          tokens.support,
        )
      ).statusCode,
    ).toBe(200);
    expect(await heldSum(t.db, planId)).toBe('333.3');
    const results = await Promise.all(
      [tokens.support, tokens.compliance].map((token) =>
        call(
          'PUT',
          url,
          { flexibleSavingsId: planId, lockedAmount: '900', lockedComment: 'Lifted', lockStatus: 'unlock' },
          token,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const releases = (await holds(planId)).filter((h) => h.kind === 'unlock');
    // The amount a client sends with an unlock is ignored: the release is what the ledger holds.
    expect(releases).toEqual([expect.objectContaining({ amount: '-333.3', held_after: '0' })]);
    expect(await heldSum(t.db, planId)).toBe('0');
  });

  it('accepts a number amount, as older clients send it', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'flexible', '50');
    const res = await call(
      'PUT',
      url,
      { flexibleSavingsId: planId, lockedAmount: 12.5, lockedComment: 'Review', lockStatus: 'lock' },
      tokens.compliance,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await planRow(planId)).locked_amount).toBe('12.5');
  });

  it('refuses an amount above the deposit, zero, missing or malformed with 400 on lockedAmount, nothing changed', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'flexible', '50');
    const before = await counts();
    const over = await call(
      'PUT',
      url,
      { flexibleSavingsId: planId, lockedAmount: '50.000000000000000001', lockedComment: 'x', lockStatus: 'lock' },
      tokens.support,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("The amount to lock cannot exceed the plan's deposit of 50 BUSD");
    expect(over.json().fields.lockedAmount).toBeTruthy();
    for (const lockedAmount of ['0', '0.000', '-1', 'abc', '1.0000000000000000001', undefined]) {
      const res = await call(
        'PUT',
        url,
        { flexibleSavingsId: planId, lockedAmount, lockedComment: 'x', lockStatus: 'lock' },
        tokens.support,
      );
      expect(res.statusCode, String(lockedAmount)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain('lockedAmount');
    }
    expect((await planRow(planId)).locked).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('says what is wrong with the amount: greater than 0, too large, at most 18 decimals only when that is the problem; nothing changed', async () => {
    const planId = await insertPlan(await insertUser(t.db), 'flexible', '50');
    const before = await counts();
    const cases: [unknown, string][] = [
      ['-1', 'The amount must be greater than 0'],
      ['-0.5', 'The amount must be greater than 0'],
      [-3, 'The amount must be greater than 0'],
      ['0', 'The amount must be greater than 0'],
      ['0.000000000000000000', 'The amount must be greater than 0'],
      ['123456789012345678901', 'The amount is too large: at most 20 digits before the decimal point'],
      ['99999999999999999999999999999999999999', 'The amount is too large: at most 20 digits before the decimal point'],
      [1e30, 'The amount is too large: at most 20 digits before the decimal point'],
      // Past what any amount can be written in, the length is what is wrong (as for every bounded string).
      ['9'.repeat(101), 'lockedAmount is too long: at most 40 characters'],
      ['1.0000000000000000001', 'Enter an amount with at most 18 decimals'],
      ['abc', 'Enter the amount as a number, for example 12.5'],
      ['1,5', 'Enter the amount as a number, for example 12.5'],
    ];
    for (const [lockedAmount, said] of cases) {
      const res = await call(
        'PUT',
        url,
        { flexibleSavingsId: planId, lockedAmount, lockedComment: 'x', lockStatus: 'lock' },
        tokens.support,
      );
      expect(res.statusCode, String(lockedAmount)).toBe(400);
      expect(res.json().fields.lockedAmount, String(lockedAmount)).toEqual([said]);
      expect(res.json().message, String(lockedAmount)).toBe(`lockedAmount: ${said}`);
    }
    expect(await planRow(planId)).toMatchObject({ locked: false, locked_amount: null });
    expect(await counts()).toEqual(before);
    // Leading zeros are read as the number they write; the plan keeps the plain decimal.
    const ok = await call(
      'PUT',
      url,
      { flexibleSavingsId: planId, lockedAmount: '007.50', lockedComment: 'x', lockStatus: 'lock' },
      tokens.support,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await planRow(planId)).locked_amount).toBe('7.5');
  });

  it('answers 404 for a fixed plan given as flexible', async () => {
    const fixed = await insertPlan(await insertUser(t.db), 'fixed', '50');
    const res = await call(
      'PUT',
      url,
      { flexibleSavingsId: fixed, lockedAmount: '1', lockedComment: 'x', lockStatus: 'lock' },
      tokens.support,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Flexible savings plan not found');
    expect((await planRow(fixed)).locked).toBe(false);
  });
});

describe('POST /advanced/trigger-remittance', () => {
  const url = '/v1/advanced/trigger-remittance';

  async function customerWithFunds() {
    const userId = await insertUser(t.db);
    const w1 = await insertWallet(userId, '2024-01-01T00:00:00Z');
    const w2 = await insertWallet(userId, '2024-02-01T00:00:00Z');
    await credit(w1, 'BUSD', '100.5');
    await credit(w2, 'BUSD', '20.000000000000000001');
    await credit(w1, 'VLT', '7');
    await credit(w2, 'BNB', '0.3');
    return { userId, w1, w2 };
  }

  it('debits every wallet of the customer in that currency through the ledger and records one pending remittance', async () => {
    const { userId, w1, w2 } = await customerWithFunds();
    const res = await call('POST', url, { userId, currency: 1 }, tokens.superadmin);
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('BUSD remittance trigger done');
    expect(data).toMatchObject({
      userId,
      currency: 'BUSD',
      currencyCode: 1,
      amount: '120.500000000000000001',
      status: 'pending',
      requestedBy: staffIds.superadmin,
    });
    expect(data.debits).toHaveLength(2);
    expect(data.debits).toEqual(
      expect.arrayContaining([
        { walletId: w1, amount: '100.5', balanceAfter: '0' },
        { walletId: w2, amount: '20.000000000000000001', balanceAfter: '0' },
      ]),
    );

    expect(await balances(userId)).toEqual({
      [`${w1}:BUSD`]: '0',
      [`${w2}:BUSD`]: '0',
      [`${w1}:VLT`]: '7',
      [`${w2}:BNB`]: '0.3',
    });
    const ledger = await q<{
      wallet_id: string;
      amount: string;
      kind: string;
      reference_type: string;
      reference_id: string;
      staff_id: string;
    }>(
      `SELECT wallet_id, trim_scale(amount)::text AS amount, kind, reference_type, reference_id, staff_id FROM ledger_entries WHERE kind = 'remittance' AND reference_id = $1 ORDER BY amount`,
      [data._id],
    );
    expect(ledger).toEqual([
      {
        wallet_id: w1,
        amount: '-100.5',
        kind: 'remittance',
        reference_type: 'remittance',
        reference_id: data._id,
        staff_id: staffIds.superadmin,
      },
      {
        wallet_id: w2,
        amount: '-20.000000000000000001',
        kind: 'remittance',
        reference_type: 'remittance',
        reference_id: data._id,
        staff_id: staffIds.superadmin,
      },
    ]);
    const [remittance] = await q(
      `SELECT user_id, currency, trim_scale(amount)::text AS amount, status, requested_by FROM remittances WHERE id = $1`,
      [data._id],
    );
    expect(remittance).toEqual({
      user_id: userId,
      currency: 'BUSD',
      amount: '120.500000000000000001',
      status: 'pending',
      requested_by: staffIds.superadmin,
    });
    // The customer's history explains the balance change: one withdrawal per wallet.
    const history = await q<{ wallet_id: string; transaction_state: number; amount: string }>(
      `SELECT wallet_id, transaction_state, trim_scale(amount)::text AS amount FROM wallet_transactions WHERE user_id = $1 ORDER BY amount`,
      [userId],
    );
    expect(history).toEqual([
      { wallet_id: w1, transaction_state: 1, amount: '100.5' },
      { wallet_id: w2, transaction_state: 1, amount: '20.000000000000000001' },
    ]);
    const audit = await auditRows('remittance.trigger', userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: demo('superadmin').email, target_type: 'user' });
    expect(audit[0]!.after).toMatchObject({
      remittanceId: data._id,
      currency: 'BUSD',
      amount: '120.500000000000000001',
      status: 'pending',
    });
    expect(audit[0]!.before).toMatchObject({ currency: 'BUSD' });

    // VLT is its own remittance, with its own message.
    const vlt = await call('POST', url, { userId, currency: 2 }, tokens.superadmin);
    expect(vlt.statusCode, vlt.body).toBe(200);
    expect(vlt.json()).toMatchObject({
      message: 'VLT remittance trigger done',
      data: { currency: 'VLT', currencyCode: 2, amount: '7' },
    });
    expect((await balances(userId))[`${w1}:VLT`]).toBe('0');
    expect((await balances(userId))[`${w2}:BNB`]).toBe('0.3');
  });

  it('refuses a second remittance while one is pending (409), even after new funds, with nothing changed', async () => {
    const { userId, w1 } = await customerWithFunds();
    expect((await call('POST', url, { userId, currency: 1 }, tokens.superadmin)).statusCode).toBe(200);
    await credit(w1, 'BUSD', '5');
    const before = await counts();
    const res = await call('POST', url, { userId, currency: 1 }, tokens.superadmin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A BUSD remittance for this customer is already pending');
    expect(await counts()).toEqual(before);
    expect((await balances(userId))[`${w1}:BUSD`]).toBe('5');
  });

  it('requests at once: one remittance, one debit per wallet, the others refused with 409', async () => {
    const { userId, w1, w2 } = await customerWithFunds();
    const before = await counts();
    const results = await Promise.all(
      [...Array(5).keys()].map(() => call('POST', url, { userId, currency: 1 }, tokens.superadmin)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('A BUSD remittance for this customer is already pending');
    const rem = await q<{ id: string; amount: string }>(
      `SELECT id, trim_scale(amount)::text AS amount FROM remittances WHERE user_id = $1`,
      [userId],
    );
    expect(rem).toEqual([{ id: expect.any(String), amount: '120.500000000000000001' }]);
    const debits = await q<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, trim_scale(sum(l.amount))::text AS total FROM ledger_entries l JOIN wallets w ON w.id = l.wallet_id WHERE w.user_id = $1 AND l.kind = 'remittance'`,
      [userId],
    );
    expect(debits[0]).toEqual({ n: 2, total: '-120.500000000000000001' });
    expect(await balances(userId)).toMatchObject({ [`${w1}:BUSD`]: '0', [`${w2}:BUSD`]: '0' });
    const after = await counts();
    expect(after.remittances - before.remittances).toBe(1);
    expect(after.ledger - before.ledger).toBe(2);
    expect(after.audit - before.audit).toBe(1);
  });

  it('answers 409 when there is nothing to remit and 404 for an unknown customer, nothing changed', async () => {
    const userId = await insertUser(t.db);
    const w = await insertWallet(userId, '2024-01-01T00:00:00Z');
    await credit(w, 'VLT', '3');
    const before = await counts();
    const empty = await call('POST', url, { userId, currency: 1 }, tokens.superadmin);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('There is no BUSD balance to remit');
    const noWallet = await call('POST', url, { userId: await insertUser(t.db), currency: 2 }, tokens.superadmin);
    expect(noWallet.statusCode).toBe(409);
    expect(noWallet.json().message).toBe('There is no VLT balance to remit');
    const unknown = await call(
      'POST',
      url,
      { userId: '00000000-0000-4000-8000-000000000000', currency: 1 },
      tokens.superadmin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with 400, Compliance and Support with 403, no session with 401, nothing changed', async () => {
    const { userId, w1 } = await customerWithFunds();
    const before = await counts();
    for (const [payload, field] of [
      [{ userId, currency: 3 }, 'currency'],
      [{ userId, currency: '1' }, 'currency'],
      [{ userId }, 'currency'],
      [{ userId: 'nobody', currency: 1 }, 'userId'],
    ] as const) {
      const res = await call('POST', url, payload, tokens.superadmin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect((await call('POST', url, { userId, currency: 1 }, tokens.support)).statusCode).toBe(403);
    expect((await call('POST', url, { userId, currency: 1 }, tokens.compliance)).statusCode).toBe(403);
    expect((await call('POST', url, { userId, currency: 1 })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect((await balances(userId))[`${w1}:BUSD`]).toBe('100.5');
  });
});

describe('POST /resolve-multiple-wallet-issue', () => {
  const url = '/v1/resolve-multiple-wallet-issue';

  async function customerWithDuplicates() {
    const userId = await insertUser(t.db);
    // Created out of order on purpose: the primary is the oldest, not the first inserted.
    const dup = await insertWallet(userId, '2024-03-01T00:00:00Z');
    const primary = await insertWallet(userId, '2023-12-01T00:00:00Z');
    const dup2 = await insertWallet(userId, '2024-05-01T00:00:00Z');
    await credit(primary, 'BUSD', '1');
    await credit(dup, 'BUSD', '10.000000000000000001');
    await credit(dup, 'VLT', '5.5');
    await credit(dup2, 'BUSD', '2');
    return { userId, primary, dup, dup2 };
  }

  it('moves every balance of the duplicate into the oldest active wallet through the ledger and deactivates it', async () => {
    const { userId, primary, dup, dup2 } = await customerWithDuplicates();
    const res = await call('POST', url, { walletId: dup }, tokens.compliance);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('resolve action triggered');
    expect(res.json().data).toEqual({
      walletId: dup,
      isActive: false,
      primaryWalletId: primary,
      moved: expect.arrayContaining([
        { currency: 'BUSD', amount: '10.000000000000000001' },
        { currency: 'VLT', amount: '5.5' },
      ]),
    });
    expect(await balances(userId)).toEqual({
      [`${primary}:BUSD`]: '11.000000000000000001',
      [`${primary}:VLT`]: '5.5',
      [`${dup}:BUSD`]: '0',
      [`${dup}:VLT`]: '0',
      [`${dup2}:BUSD`]: '2',
    });
    const ledger = await q(
      `SELECT wallet_id, currency, trim_scale(amount)::text AS amount, reference_type, reference_id FROM ledger_entries WHERE kind = 'wallet-merge' AND reference_id = $1 ORDER BY currency, amount`,
      [dup],
    );
    expect(ledger).toEqual([
      {
        wallet_id: dup,
        currency: 'BUSD',
        amount: '-10.000000000000000001',
        reference_type: 'wallet-merge',
        reference_id: dup,
      },
      {
        wallet_id: primary,
        currency: 'BUSD',
        amount: '10.000000000000000001',
        reference_type: 'wallet-merge',
        reference_id: dup,
      },
      { wallet_id: dup, currency: 'VLT', amount: '-5.5', reference_type: 'wallet-merge', reference_id: dup },
      { wallet_id: primary, currency: 'VLT', amount: '5.5', reference_type: 'wallet-merge', reference_id: dup },
    ]);
    const wallets = await q<{ id: string; is_active: boolean }>(
      `SELECT id, is_active FROM wallets WHERE user_id = $1`,
      [userId],
    );
    expect(Object.fromEntries(wallets.map((w) => [w.id, w.is_active]))).toEqual({
      [primary]: true,
      [dup]: false,
      [dup2]: true,
    });
    const history = await q<{ wallet_id: string; transaction_state: number }>(
      `SELECT wallet_id, transaction_state FROM wallet_transactions WHERE user_id = $1 ORDER BY transaction_state, currency`,
      [userId],
    );
    expect(history).toEqual([
      { wallet_id: dup, transaction_state: 2 },
      { wallet_id: dup, transaction_state: 2 },
      { wallet_id: primary, transaction_state: 3 },
      { wallet_id: primary, transaction_state: 3 },
    ]);
    const audit = await auditRows('wallet.resolve', dup);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: demo('compliance').email, target_type: 'wallet' });
    expect(audit[0]!.before).toMatchObject({ isActive: true, userId });
    expect(audit[0]!.after).toMatchObject({ isActive: false, primaryWalletId: primary });

    // Cannot run twice; the primary itself is refused; the last duplicate still can be resolved.
    const before = await counts();
    const again = await call('POST', url, { walletId: dup }, tokens.superadmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This wallet has already been resolved');
    const primaryRes = await call('POST', url, { walletId: primary }, tokens.superadmin);
    expect(primaryRes.statusCode).toBe(409);
    expect(primaryRes.json().message).toMatch(/primary wallet/);
    expect(await counts()).toEqual(before);
    expect((await call('POST', url, { walletId: dup2 }, tokens.superadmin)).statusCode).toBe(200);
    expect((await balances(userId))[`${primary}:BUSD`]).toBe('13.000000000000000001');
    // Now the customer has one active wallet.
    const single = await call('POST', url, { walletId: primary }, tokens.superadmin);
    expect(single.statusCode).toBe(409);
  });

  it('answers 409 for a customer with one wallet, 404 for an unknown wallet, 400 for a malformed id, nothing changed', async () => {
    const userId = await insertUser(t.db);
    const only = await insertWallet(userId, '2024-01-01T00:00:00Z');
    await credit(only, 'BUSD', '4');
    const before = await counts();
    const one = await call('POST', url, { walletId: only }, tokens.superadmin);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe('The customer has only one active wallet: there is nothing to resolve');
    const unknown = await call('POST', url, { walletId: '00000000-0000-4000-8000-000000000000' }, tokens.superadmin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Wallet not found');
    const bad = await call('POST', url, { walletId: 'wallet-1' }, tokens.superadmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.walletId).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('refuses Support with 403 and no session with 401, nothing changed', async () => {
    const { userId, dup } = await customerWithDuplicates();
    const before = await balances(userId);
    expect((await call('POST', url, { walletId: dup }, tokens.support)).statusCode).toBe(403);
    expect((await call('POST', url, { walletId: dup })).statusCode).toBe(401);
    expect(await balances(userId)).toEqual(before);
    expect((await q(`SELECT is_active FROM wallets WHERE id = $1`, [dup]))[0]).toEqual({ is_active: true });
  });

  it('resolves of the same wallet at once move the balances once', async () => {
    const { userId, primary, dup } = await customerWithDuplicates();
    const results = await Promise.all(
      [...Array(5).keys()].map((i) =>
        call('POST', url, { walletId: dup }, i % 2 ? tokens.superadmin : tokens.compliance),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('This wallet has already been resolved');
    expect((await balances(userId))[`${primary}:BUSD`]).toBe('11.000000000000000001');
    expect(
      await q(`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'wallet-merge' AND reference_id = $1`, [dup]),
    ).toEqual([{ n: 4 }]);
    expect(await auditRows('wallet.resolve', dup)).toHaveLength(1);
  });

  it('a resolve and a remittance of the same customer at once both complete, and the remittance takes every BUSD', async () => {
    const { userId, primary, dup, dup2 } = await customerWithDuplicates();
    const [resolve, remit] = await Promise.all([
      call('POST', url, { walletId: dup }, tokens.superadmin),
      call('POST', '/v1/advanced/trigger-remittance', { userId, currency: 1 }, tokens.superadmin),
    ]);
    expect(resolve.statusCode, resolve.body).toBe(200);
    expect(remit.statusCode, remit.body).toBe(200);
    expect(remit.json().data.amount).toBe('13.000000000000000001');
    const after = await balances(userId);
    expect([after[`${primary}:BUSD`], after[`${dup}:BUSD`], after[`${dup2}:BUSD`]]).toEqual(['0', '0', '0']);
    expect(after[`${primary}:VLT`]).toBe('5.5');
  });
});
