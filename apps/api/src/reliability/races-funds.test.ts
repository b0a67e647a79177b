/**
 * Races on the users area's money and compliance calls (issue 12, "Races"): remittance, wallet
 * merge (Resolve wallet), savings lock and unlock, savings plan Resolve, KYC decisions, Manage
 * Random KYC and blacklisted devices. For each call, 50 identical requests at once give exactly
 * one success and 49 refusals (409 with their message) and the database shows the move once.
 * Conflicting calls run together for 10 rounds, in both orders: lock against unlock and two KYC
 * decisions give one winner and one 409; a remittance against a wallet merge or a withdrawal
 * refund of the same customer are not exclusive (both succeed) and every unit ends up remitted
 * or in a wallet exactly once. Manage Random KYC hands each case to one reviewer only, and a
 * reviewer's own presses take turns. After every test the wallet ledger equals the balances,
 * every plan holds exactly what it locks, each remittance equals its debits and each KYC record
 * agrees with its customer and history (`assertBooksBalance`).
 *
 * Every request is a real HTTP request through the app (`inject`) against real PostgreSQL: the
 * concurrency is the database's, not a simulation. No assertion depends on timing: each race
 * accepts every order the database may pick and checks the outcome of the order it picked.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MESSAGES } from '@vaultdesk/contract';
import { booksDrift } from '../../test/books';
import { expectOneWinner, inTurn, type Res } from '../../test/races';
import { bearer, insertStaff, sessionFor, useTestApp } from '../../test/helpers';

const { t, tokens, q } = useTestApp();
afterEach(async () => {
  await assertBooksBalance();
});
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = tokens.superadmin) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: bearer(token),
  });

const N = 50;
const ROUNDS = 10;
/** N copies of the same request, sent at once. */
const fifty = (request: () => Promise<Res>) => Promise.all(Array.from({ length: N }, request));

/**
 * The books after every scenario: per wallet and currency the ledger's sum equals the balance,
 * the balance on the latest ledger row equals it, no balance is negative; every plan's hold
 * ledger sums to what the plan locks (0 when unlocked) and its latest row carries that total;
 * every remittance equals the debits that reference it; a KYC record and its customer agree.
 */
async function assertBooksBalance() {
  expect(await booksDrift(t.db.$client), 'ledger against balances, holds against locks').toEqual({});

  const remitDrift = await q(`
    SELECT r.id, r.amount::text, d.s::text AS debited FROM remittances r
      LEFT JOIN (SELECT reference_id, -sum(amount) AS s FROM ledger_entries WHERE kind = 'remittance' GROUP BY reference_id) d ON d.reference_id = r.id::text
     WHERE d.s IS DISTINCT FROM r.amount`);
  expect(remitDrift, 'remittances against their debits').toEqual([]);

  const kycDrift = await q(`
    SELECT k.id FROM kyc_records k JOIN users u ON u.id = k.user_id
     WHERE k.level_two_status IS DISTINCT FROM u.kyc_level_two_status
        OR k.level_two_status IS DISTINCT FROM coalesce(
             (SELECT h.to_status FROM kyc_history h WHERE h.kyc_id = k.id AND h.level = 2 ORDER BY h.id DESC LIMIT 1), 'submitted')`);
  expect(kycDrift, 'KYC records against their customers and history').toEqual([]);
  // A reviewer holds one case at a time.
  expect(
    await q(
      `SELECT claimed_by, count(*)::int AS n FROM kyc_records WHERE claimed_until > now() GROUP BY claimed_by HAVING count(*) > 1`,
    ),
  ).toEqual([]);
}

// --- fixtures ---------------------------------------------------------------------------------

let seq = 0;
async function customer() {
  const n = `${++seq}-${randomUUID().slice(0, 8)}`;
  return (
    await one<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Race Customer ${n}`, `race${n}`, `race${n}@example.test`, `RACE${n}`],
    )
  ).id;
}
async function wallet(userId: string, createdAt: string) {
  const address = `0x${randomUUID().replace(/-/g, '')}${'0'.repeat(8)}`;
  return (
    await one<{ id: string }>(
      `INSERT INTO wallets (user_id, name, address, created_at) VALUES ($1, 'Race wallet', $2, $3) RETURNING id`,
      [userId, address, createdAt],
    )
  ).id;
}
const fund = (walletId: string, currency: string, amount: string) =>
  q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, $2, $3, 'funding')`, [
    walletId,
    currency,
    amount,
  ]);
async function plan(planType: 'fixed' | 'flexible', deposit: string) {
  return (
    await one<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, plan_state) VALUES ($1, $2, 'Race plan', $3, 'active') RETURNING id`,
      [await customer(), planType, deposit],
    )
  ).id;
}
async function kycCase(createdAt?: string) {
  const userId = await customer();
  await q(`UPDATE users SET kyc_level_two_status = 'submitted' WHERE id = $1`, [userId]);
  const k = await one<{ id: string }>(
    `INSERT INTO kyc_records (user_id, first_name, last_name, phone_number, date_of_birth, gender, resident_address, country_code, device_id,
                              idcard_type, idcard_number, level_two_status, created_at)
     VALUES ($1, 'Race', 'Case', $2, '1990-01-01', 'f', '12 Awolowo Road, Lagos', 'NG', $3, 'National_ID', $4, 'submitted', coalesce($5::timestamptz, now())) RETURNING id`,
    [userId, `+23481${String(seq).padStart(8, '0')}`, `race-dev-${seq}`, `RACEID${seq}`, createdAt ?? null],
  );
  return { userId, kycId: k.id };
}

const balancesOf = async (userId: string) =>
  Object.fromEntries(
    (
      await q<{ wallet_id: string; currency: string; balance: string }>(
        `SELECT wb.wallet_id, wb.currency, trim_scale(wb.balance)::text AS balance FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id WHERE w.user_id = $1`,
        [userId],
      )
    ).map((r) => [`${r.wallet_id}:${r.currency}`, r.balance]),
  );
const count = async (text: string, params: unknown[] = []) =>
  (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${text}`, params)).n;
const audits = (action: string, targetId: string) =>
  count(`audit_log WHERE action = $1 AND target_id = $2`, [action, targetId]);

// --- remittance -------------------------------------------------------------------------------

describe('remittance (POST /advanced/trigger-remittance)', () => {
  const remit = (userId: string, currency: 1 | 2) =>
    send('POST', '/v1/advanced/trigger-remittance', { userId, currency });

  it('50 identical remittances pay once: one pending remittance, one debit per funded wallet, one audit row', async () => {
    const userId = await customer();
    const w1 = await wallet(userId, '2026-01-01T00:00:00Z');
    const w2 = await wallet(userId, '2026-02-01T00:00:00Z');
    await fund(w1, 'BUSD', '120.5');
    await fund(w2, 'BUSD', '30');
    await fund(w2, 'VLT', '7');

    const winner = expectOneWinner(
      await fifty(() => remit(userId, 1)),
      'A BUSD remittance for this customer is already pending',
    );
    expect(winner.json()).toMatchObject({
      message: 'BUSD remittance trigger done',
      data: { userId, currency: 'BUSD', amount: '150.5', status: 'pending' },
    });

    const remittanceId = winner.json().data._id as string;
    expect(await count(`remittances WHERE user_id = $1`, [userId])).toBe(1);
    expect(
      await q(
        `SELECT wallet_id, trim_scale(amount)::text AS amount FROM ledger_entries WHERE kind = 'remittance' AND reference_id = $1 ORDER BY wallet_id`,
        [remittanceId],
      ),
    ).toEqual(
      [
        { wallet_id: w1, amount: '-120.5' },
        { wallet_id: w2, amount: '-30' },
      ].sort((a, b) => a.wallet_id.localeCompare(b.wallet_id)),
    );
    expect(await count(`wallet_transactions WHERE user_id = $1 AND type_of_transaction = 'withdraw'`, [userId])).toBe(
      2,
    );
    expect(await audits('remittance.trigger', userId)).toBe(1);
    // VLT was not asked for and stays; BUSD is all in the remittance.
    expect(await balancesOf(userId)).toEqual({ [`${w1}:BUSD`]: '0', [`${w2}:BUSD`]: '0', [`${w2}:VLT`]: '7' });
  });

  it('a retried remittance is refused while the first is pending, and after new funds arrive it is still refused (no second payment by accident)', async () => {
    const userId = await customer();
    const w = await wallet(userId, '2026-01-01T00:00:00Z');
    await fund(w, 'VLT', '9');
    expect((await remit(userId, 2)).statusCode).toBe(200);
    await fund(w, 'VLT', '4');
    const retries = await fifty(() => remit(userId, 2));
    for (const r of retries)
      expect(r.json(), r.body).toMatchObject({
        code: 'CONFLICT',
        message: 'A VLT remittance for this customer is already pending',
      });
    expect(await count(`remittances WHERE user_id = $1`, [userId])).toBe(1);
    expect(await balancesOf(userId)).toEqual({ [`${w}:VLT`]: '4' });
  });

  it('remittance against Resolve wallet of the same customer, 10 rounds: the money is remitted exactly once whichever runs first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const userId = await customer();
      const primary = await wallet(userId, '2026-01-01T00:00:00Z');
      const duplicate = await wallet(userId, '2026-03-01T00:00:00Z');
      await fund(primary, 'BUSD', '40');
      await fund(duplicate, 'BUSD', '60.25');
      await fund(duplicate, 'VLT', '3');
      const calls = [
        () => remit(userId, 1),
        () => send('POST', '/v1/resolve-multiple-wallet-issue', { walletId: duplicate }, tokens.compliance),
      ];
      const [remitRes, resolveRes] = await inTurn(round, calls);
      // Neither spends the other's money: both succeed, in either order, and nothing deadlocks.
      expect(remitRes!.statusCode, remitRes!.body).toBe(200);
      expect(resolveRes!.statusCode, resolveRes!.body).toBe(200);
      expect(remitRes!.json().data.amount).toBe('100.25');
      const moved = resolveRes!.json().data.moved as { currency: string; amount: string }[];
      // Resolve first: it moved the duplicate's BUSD too. Remittance first: only VLT was left.
      expect([
        [
          { currency: 'BUSD', amount: '60.25' },
          { currency: 'VLT', amount: '3' },
        ],
        [{ currency: 'VLT', amount: '3' }],
      ]).toContainEqual([...moved].sort((a, b) => a.currency.localeCompare(b.currency)));
      const after = await balancesOf(userId);
      expect(after[`${primary}:BUSD`]).toBe('0');
      expect(after[`${duplicate}:BUSD`]).toBe('0');
      expect(after[`${primary}:VLT`]).toBe('3');
      expect(after[`${duplicate}:VLT`]).toBe('0');
      expect(
        await count(`ledger_entries WHERE kind = 'remittance' AND reference_id = $1`, [remitRes!.json().data._id]),
      ).toBe(moved.length === 2 ? 1 : 2);
    }
  });

  it('remittance against the cancel of a withdrawal that refunds the same wallet, 10 rounds: every unit is remitted or back in the wallet, once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const userId = await customer();
      const w = await wallet(userId, '2026-01-01T00:00:00Z');
      await fund(w, 'BUSD', '100');
      // The customer asked to withdraw 30: debited when requested, refunded if staff cancel it.
      const request = await one<{ id: string }>(
        `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, final_amount, former_balance, balance, status, destination_address)
         VALUES ($1, $2, 1, 30, 30, 100, 70, 0, $3) RETURNING id`,
        [userId, w, `0x${'c'.repeat(40)}`],
      );
      await q(
        `INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type, reference_id) VALUES ($1, 'BUSD', -30, 'withdrawal', 'withdrawal_request', $2)`,
        [w, request.id],
      );
      const cancel = () =>
        send('PUT', '/v1/admin/withdrawal-request-update', { requestId: request.id, status: 3 }, tokens.compliance);
      const [remitRes, cancelRes] = await inTurn(round, [() => remit(userId, 1), cancel]);
      expect(remitRes!.statusCode, remitRes!.body).toBe(200);
      expect(cancelRes!.statusCode, cancelRes!.body).toBe(200);
      const remitted = remitRes!.json().data.amount as string;
      const left = (await balancesOf(userId))[`${w}:BUSD`];
      // Remittance first: 70 remitted, the 30 refunded after it stays. Refund first: all 100 remitted.
      expect([
        ['70', '30'],
        ['100', '0'],
      ]).toContainEqual([remitted, left]);
      expect(await count(`ledger_entries WHERE kind = 'withdrawal-refund' AND reference_id = $1`, [request.id])).toBe(
        1,
      );
    }
  });
});

// --- Resolve wallet -------------------------------------------------------------------------------

describe('Resolve wallet (POST /resolve-multiple-wallet-issue)', () => {
  it("50 identical resolves move the duplicate's balances once and deactivate it once", async () => {
    const userId = await customer();
    const primary = await wallet(userId, '2026-01-01T00:00:00Z');
    const duplicate = await wallet(userId, '2026-02-01T00:00:00Z');
    await fund(primary, 'BUSD', '5');
    await fund(duplicate, 'BUSD', '95');
    await fund(duplicate, 'VLT', '12.75');

    const winner = expectOneWinner(
      await fifty(() => send('POST', '/v1/resolve-multiple-wallet-issue', { walletId: duplicate }, tokens.compliance)),
      'This wallet has already been resolved',
    );
    expect(winner.json()).toMatchObject({
      message: 'resolve action triggered',
      data: { walletId: duplicate, isActive: false, primaryWalletId: primary },
    });
    expect(await count(`ledger_entries WHERE kind = 'wallet-merge' AND reference_id = $1`, [duplicate])).toBe(4);
    expect(await count(`wallet_transactions WHERE user_id = $1 AND type_of_transaction = 'transfer'`, [userId])).toBe(
      4,
    );
    expect(await audits('wallet.resolve', duplicate)).toBe(1);
    expect(await balancesOf(userId)).toEqual({
      [`${primary}:BUSD`]: '100',
      [`${primary}:VLT`]: '12.75',
      [`${duplicate}:BUSD`]: '0',
      [`${duplicate}:VLT`]: '0',
    });
  });
});

// --- savings locks --------------------------------------------------------------------------------

describe('savings lock and unlock (PUT /admin/lock-fixed-savings, /admin/lock-flexible-savings)', () => {
  const lockFixed = (id: string, lockStatus: 'lock' | 'unlock', token = tokens.support) =>
    send(
      'PUT',
      '/v1/admin/lock-fixed-savings',
      { fixedSavingsId: id, lockedComment: `Race ${lockStatus}`, lockStatus },
      token,
    );
  const lockFlexible = (id: string, lockStatus: 'lock' | 'unlock', token = tokens.support) =>
    send(
      'PUT',
      '/v1/admin/lock-flexible-savings',
      {
        flexibleSavingsId: id,
        lockedComment: `Race ${lockStatus}`,
        lockStatus,
        ...(lockStatus === 'lock' ? { lockedAmount: '40' } : {}),
      },
      token,
    );
  const holdRows = (planId: string) =>
    q<{ kind: string; amount: string }>(
      `SELECT kind, trim_scale(amount)::text AS amount FROM savings_lock_entries WHERE plan_id = $1 ORDER BY id`,
      [planId],
    );

  for (const [type, call, held] of [
    ['fixed', lockFixed, '250'],
    ['flexible', lockFlexible, '40'],
  ] as const) {
    it(`${type}: 50 identical locks hold once, then 50 identical unlocks release once`, async () => {
      const planId = await plan(type, '250');
      expectOneWinner(await fifty(() => call(planId, 'lock')), 'The plan is already locked');
      expect(await holdRows(planId)).toEqual([{ kind: 'lock', amount: held }]);
      expect(await audits('savings-plan.lock', planId)).toBe(1);
      await assertBooksBalance();

      expectOneWinner(await fifty(() => call(planId, 'unlock', tokens.compliance)), 'The plan is not locked');
      expect(await holdRows(planId)).toEqual([
        { kind: 'lock', amount: held },
        { kind: 'unlock', amount: `-${held}` },
      ]);
      expect(await audits('savings-plan.unlock', planId)).toBe(1);
      expect(await one(`SELECT locked, locked_amount FROM savings_plans WHERE id = $1`, [planId])).toEqual({
        locked: false,
        locked_amount: null,
      });
    });
  }

  const version = async (planId: string) =>
    (await one<{ n: number }>(`SELECT count(*)::int AS n FROM savings_lock_entries WHERE plan_id = $1`, [planId])).n;
  const withVersion = (
    type: 'fixed' | 'flexible',
    id: string,
    lockStatus: 'lock' | 'unlock',
    lockVersion: number,
    token: string,
  ) =>
    send(
      'PUT',
      `/v1/admin/lock-${type}-savings`,
      {
        [type === 'fixed' ? 'fixedSavingsId' : 'flexibleSavingsId']: id,
        lockedComment: `Race ${lockStatus}`,
        lockStatus,
        lockVersion,
        ...(type === 'flexible' && lockStatus === 'lock' ? { lockedAmount: '40' } : {}),
      },
      token,
    );
  const changed = (now: 'locked' | 'unlocked', action: 'lock' | 'unlock') =>
    `The plan's lock changed since your screen showed it (it is ${now} now): reload it before you ${action} it`;

  it('lock against unlock of the same plan, both sent from screens showing the same lock version, 10 rounds: one wins, the other 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const type = round % 2 ? 'fixed' : 'flexible';
      const planId = await plan(type, '250');
      const startLocked = round % 4 >= 2;
      if (startLocked) expect((await withVersion(type, planId, 'lock', 0, tokens.support)).statusCode).toBe(200);
      const seen = await version(planId);
      const [lock, unlock] =
        round % 3
          ? await Promise.all([
              withVersion(type, planId, 'lock', seen, tokens.support),
              withVersion(type, planId, 'unlock', seen, tokens.compliance),
            ])
          : (
              await Promise.all([
                withVersion(type, planId, 'unlock', seen, tokens.compliance),
                withVersion(type, planId, 'lock', seen, tokens.support),
              ])
            ).reverse();
      // The call the plan's state allows wins; the other is refused whichever ran first: before
      // the winner by the state it needs, after it by the version that moved.
      const winner = expectOneWinner(
        [lock!, unlock!],
        /^(The plan is already locked|The plan is not locked|The plan's lock changed since your screen showed it)/,
      );
      expect(winner).toBe(startLocked ? unlock : lock);
      const loser = startLocked ? lock! : unlock!;
      expect(
        startLocked
          ? ['The plan is already locked', changed('unlocked', 'lock')]
          : ['The plan is not locked', changed('locked', 'unlock')],
      ).toContain(loser.json().message);
      expect(winner.json().data).toMatchObject({ locked: !startLocked, lockVersion: seen + 1 });
      expect(await version(planId)).toBe(seen + 1);
      expect(await holdRows(planId)).toEqual(
        startLocked
          ? [
              { kind: 'lock', amount: type === 'fixed' ? '250' : '40' },
              { kind: 'unlock', amount: type === 'fixed' ? '-250' : '-40' },
            ]
          : [{ kind: 'lock', amount: type === 'fixed' ? '250' : '40' }],
      );
      expect(await audits('savings-plan.lock', planId)).toBe(1);
      expect(await audits('savings-plan.unlock', planId)).toBe(startLocked ? 1 : 0);
    }
  });

  it('50 identical calls with the version seen: one wins, 49 are told the plan is in the state they wanted', async () => {
    const planId = await plan('fixed', '90');
    expectOneWinner(
      await fifty(() => withVersion('fixed', planId, 'lock', 0, tokens.support)),
      'The plan is already locked',
    );
    expectOneWinner(
      await fifty(() => withVersion('fixed', planId, 'unlock', 1, tokens.compliance)),
      'The plan is not locked',
    );
    expect(await holdRows(planId)).toEqual([
      { kind: 'lock', amount: '90' },
      { kind: 'unlock', amount: '-90' },
    ]);
  });

  it('an unlock from a screen that showed an earlier lock does not release the lock made since', async () => {
    const planId = await plan('flexible', '250');
    expect((await withVersion('flexible', planId, 'lock', 0, tokens.support)).statusCode).toBe(200);
    // A second staff member's screen shows this lock (version 1); meanwhile it is released and a new one made.
    expect((await withVersion('flexible', planId, 'unlock', 1, tokens.support)).statusCode).toBe(200);
    expect((await withVersion('flexible', planId, 'lock', 2, tokens.support)).statusCode).toBe(200);
    const stale = await withVersion('flexible', planId, 'unlock', 1, tokens.compliance);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', message: changed('locked', 'unlock') });
    expect(await one(`SELECT locked FROM savings_plans WHERE id = $1`, [planId])).toEqual({ locked: true });
    expect(await version(planId)).toBe(3);
  });

  it('the lists staff act from show the version the calls expect', async () => {
    const planId = await plan('fixed', '75');
    const { user_id: userId } = await one<{ user_id: string }>(`SELECT user_id FROM savings_plans WHERE id = $1`, [
      planId,
    ]);
    expect((await lockFixed(planId, 'lock')).json().data.lockVersion).toBe(1);
    const profile = await send('GET', `/v1/admin/user-plans?userId=${userId}`, undefined, tokens.support);
    expect(profile.json().data.records).toEqual([
      expect.objectContaining({ _id: planId, locked: true, lockVersion: 1 }),
    ]);
    const locked = await send('GET', '/v1/admin/locked-fixed-savings?page=1&pageSize=100', undefined, tokens.support);
    expect(locked.json().data.records).toContainEqual(
      expect.objectContaining({ _id: planId, locked: true, lockVersion: 1 }),
    );
  });
});

// --- savings plan Resolve -------------------------------------------------------------------------
// Resolve checks its hash on a chain: its race (50 identical resolves, one winner) runs against a
// real local node in modules/savings-plans/resolve-plan.test.ts.

// --- KYC decisions --------------------------------------------------------------------------------

describe('KYC decisions (POST /admin/kyc/update-levelTwo-kyc)', () => {
  type Decision = 'approved' | 'rejected' | 'escalated';
  const body = (id: string, kycStatus: Decision, fromStatus: string | null) => ({
    id,
    kycStatus,
    ...(kycStatus === 'approved' ? {} : { RejectionReason: 'FACE_NOT_CLEAR', RejectionMessage: 'Race' }),
    ...(fromStatus ? { fromStatus } : {}),
  });
  /** `fromStatus`: the status on the reviewer's screen (null: a client that does not send it). */
  const decide = (id: string, kycStatus: Decision, token = tokens.support, fromStatus: string | null = 'submitted') =>
    send('POST', '/v1/admin/kyc/update-levelTwo-kyc', body(id, kycStatus, fromStatus), token);
  const trail = async (kycId: string) => ({
    history: await count(`kyc_history WHERE kyc_id = $1`, [kycId]),
    audit: await count(`audit_log WHERE target_id = $1 AND action LIKE 'kyc.%' AND action <> 'kyc.claim'`, [kycId]),
  });

  for (const decision of ['approved', 'rejected', 'escalated'] as const) {
    it(`50 identical '${decision}' decisions decide once: one history row, one audit row`, async () => {
      const { kycId, userId } = await kycCase();
      const winner = expectOneWinner(
        await fifty(() => decide(kycId, decision)),
        `KYC is ${decision}: it cannot become ${decision}`,
      );
      expect(winner.json().data).toMatchObject({
        _id: kycId,
        userId,
        levelTwoStatus: decision,
        previousStatus: 'submitted',
      });
      expect(await trail(kycId)).toEqual({ history: 1, audit: 1 });
      expect(await one(`SELECT level_two_status FROM kyc_records WHERE id = $1`, [kycId])).toEqual({
        level_two_status: decision,
      });
    });
  }

  it('50 identical decisions from a client that does not say what it saw still decide once', async () => {
    const { kycId } = await kycCase();
    expectOneWinner(
      await fifty(() => decide(kycId, 'approved', tokens.support, null)),
      'KYC is approved: it cannot become approved',
    );
    expect(await trail(kycId)).toEqual({ history: 1, audit: 1 });
  });

  const pairs: [Decision, Decision][] = [
    ['approved', 'rejected'],
    ['approved', 'escalated'],
    ['rejected', 'escalated'],
  ];
  for (const [a, b] of pairs) {
    it(`'${a}' against '${b}' by two reviewers on the same submitted case, 10 rounds: one decision, the other 409`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { kycId } = await kycCase();
        const [ra, rb] = await inTurn(round, [
          () => decide(kycId, a, tokens.support),
          () => decide(kycId, b, tokens.compliance),
        ]);
        const winner = expectOneWinner([ra!, rb!], /KYC is (approved|rejected|escalated)/);
        const decided = winner === ra ? a : b;
        const loser = winner === ra ? rb! : ra!;
        // The loser is told what the case became: by the state machine when the move is no longer
        // possible at all, by its precondition when it would still be (revoking an approval).
        expect([
          `KYC is ${decided}: it cannot become ${loser === ra ? a : b}`,
          `This KYC is ${decided} now: it was submitted on your screen. Reload it before deciding.`,
        ]).toContain(loser.json().message);
        expect(
          await one(
            `SELECT k.level_two_status AS k, u.kyc_level_two_status AS u FROM kyc_records k JOIN users u ON u.id = k.user_id WHERE k.id = $1`,
            [kycId],
          ),
        ).toEqual({ k: decided, u: decided });
        expect(await q(`SELECT from_status, to_status FROM kyc_history WHERE kyc_id = $1`, [kycId])).toEqual([
          { from_status: 'submitted', to_status: decided },
        ]);
        expect(await trail(kycId)).toEqual({ history: 1, audit: 1 });
      }
    });
  }

  it('a reviewer who saw the approval may still revoke it; one who saw the case submitted may not', async () => {
    const { kycId } = await kycCase();
    expect((await decide(kycId, 'approved')).statusCode).toBe(200);
    const stale = await decide(kycId, 'rejected', tokens.compliance, 'submitted');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This KYC is approved now: it was submitted on your screen. Reload it before deciding.',
    );
    const informed = await decide(kycId, 'rejected', tokens.compliance, 'approved');
    expect(informed.statusCode, informed.body).toBe(200);
    expect(informed.json().data).toMatchObject({ previousStatus: 'approved', levelTwoStatus: 'rejected' });
    expect(await trail(kycId)).toEqual({ history: 2, audit: 2 });
  });
});

// --- blacklisted devices ---------------------------------------------------------------------------

describe('blacklisted devices (POST and PUT /advanced/blacklisted-device)', () => {
  it('50 identical adds list the device once; 50 identical de-lists de-list it once', async () => {
    const deviceId = `race-device-${randomUUID()}`;
    const added = expectOneWinner(
      await fifty(() => send('POST', '/v1/advanced/blacklisted-device', { deviceId }, tokens.compliance)),
      'This device is already on the list: blacklist or de-list it there',
    );
    const recordId = added.json().data._id as string;
    expect(await count(`blacklisted_devices WHERE device_id = $1`, [deviceId])).toBe(1);
    expectOneWinner(
      await fifty(() =>
        send(
          'PUT',
          '/v1/advanced/blacklisted-device',
          { blacklistedRecordId: recordId, blacklisted: false },
          tokens.compliance,
        ),
      ),
      'This device is already de-listed',
    );
    expect(await one(`SELECT blacklisted FROM blacklisted_devices WHERE id = $1`, [recordId])).toEqual({
      blacklisted: false,
    });
    expect(await audits('device.blacklist', recordId)).toBe(1);
    expect(await audits('device.delist', recordId)).toBe(1);
  });
});

// --- Manage Random KYC ------------------------------------------------------------------------------

describe('Manage Random KYC (GET /admin/kyc/random-kyc-records)', () => {
  const take = (token: string) => send('GET', '/v1/admin/kyc/random-kyc-records', undefined, token);
  const reviewers: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < N; i++) {
      const email = `race.reviewer.${i}@vaultdesk.test`;
      await insertStaff(t.db, email, `Race Reviewer ${i}`, 'Support');
      reviewers.push(await sessionFor(t.db, email));
    }
  });
  const release = () =>
    q(`UPDATE kyc_records SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by IS NOT NULL`);

  it('50 reviewers pressing at once for 30 cases: 30 cases handed out once each, 20 told there is none left', async () => {
    // The decision tests above decided their cases; whatever is still submitted counts towards the 30.
    const submittedBefore = await count(`kyc_records WHERE level_two_status = 'submitted'`);
    const cases = [];
    for (let i = 0; i < 30 - submittedBefore; i++) cases.push(await kycCase());
    const results = await Promise.all(reviewers.map((token) => take(token)));
    const handed = results.filter((r) => r.statusCode === 200).map((r) => r.json().data as string);
    const none = results.filter((r) => r.statusCode !== 200);
    expect(handed).toHaveLength(30);
    expect(new Set(handed).size).toBe(30);
    for (const r of none)
      expect(r.json(), r.body).toMatchObject({ code: 'NOT_FOUND', message: KYC_MESSAGES.noUnattended });
    expect(await count(`kyc_records WHERE claimed_until > now()`)).toBe(30);
    expect(await count(`audit_log WHERE action = 'kyc.claim'`)).toBe(30);
    await release();
  });

  it('one reviewer pressing 50 times at once ends up holding exactly one case', async () => {
    for (let i = 0; i < 3; i++) await kycCase();
    const claimsBefore = await count(`audit_log WHERE action = 'kyc.claim'`);
    const results = await fifty(() => take(reviewers[0]!));
    // Presses of one reviewer take turns: each hands out the next case and releases the last.
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await count(`audit_log WHERE action = 'kyc.claim'`)).toBe(claimsBefore + N);
    const held = await q<{ user_id: string }>(`SELECT user_id FROM kyc_records WHERE claimed_until > now()`);
    expect(held).toHaveLength(1);
    await release();
  });
});
