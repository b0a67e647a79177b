import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, insertStaff, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let superA: string;
let superA2: string; // a second session of the same account
let superB: string;
let compliance: string;
let support: string;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  await insertStaff(t.db, 'second-super@vaultdesk.test', 'Second Super', 'Super Admin');
  superA = await sessionFor(t.db, demo('superadmin').email);
  superA2 = await sessionFor(t.db, demo('superadmin').email);
  superB = await sessionFor(t.db, 'second-super@vaultdesk.test');
  compliance = await sessionFor(t.db, demo('compliance').email);
  support = await sessionFor(t.db, demo('support').email);
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  reason?: string,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(token), ...(reason ? { 'x-approval-reason': encodeURIComponent(reason) } : {}) },
  });

const POLICY_OFF = {
  remitFunds: { thresholdUsd: null },
  withdrawalOut: { thresholdUsd: null },
  settings: { required: false },
  admins: { required: false },
  blacklist: { required: false },
  expiryHours: 24,
  coolingOffDays: 7,
};
/** Sets the policy straight in the database (as a new version), so each test starts from a known one. */
const setPolicy = async (policy: object) => {
  await q(`INSERT INTO approval_policy_versions (policy, created_at) VALUES ($1, clock_timestamp())`, [
    JSON.stringify({ ...POLICY_OFF, ...policy }),
  ]);
};

let seq = 0;
async function customerWith(busd: string) {
  const n = ++seq;
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`Four Eyes ${n}`, `foureyes${n}`, `foureyes${n}@example.test`, `FOUREYES${n}`],
  );
  const [w] = await q<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
    [u!.id, `0x${String(n).padStart(40, 'e')}`],
  );
  await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', $2, 'funding')`, [
    w!.id,
    busd,
  ]);
  return { userId: u!.id, walletId: w!.id };
}
const busdOf = async (userId: string) =>
  (
    await q<{ b: string }>(
      `SELECT trim_scale(coalesce(sum(wb.balance), 0))::text AS b FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id WHERE w.user_id = $1 AND wb.currency = 'BUSD'`,
      [userId],
    )
  )[0]!.b;
const audits = (action: string, id: string) =>
  q<{ actor_email: string | null }>(
    `SELECT actor_email FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, id],
  );

/** count and md5 of every row of every table: "nothing changed" means all equal. */
async function fingerprint(except: string[] = []) {
  const tables = await q<{ n: string }>(
    `SELECT table_name AS n FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = 'public' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { n } of tables) {
    if (except.includes(n)) continue;
    const [r] = await q<{ c: string; h: string }>(
      `SELECT count(*)::text AS c, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM "${n}" x`,
    );
    out[n] = `${r!.c}:${r!.h}`;
  }
  return out;
}

async function askRemit(userId: string, token = superA) {
  const res = await call(
    'POST',
    '/v1/advanced/trigger-remittance',
    token,
    { userId, currency: 1 },
    'Customer closed the account: remit the balance',
  );
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.approvalRequestId as string;
}

describe('four eyes: the policy', () => {
  it('is off by default: Remit Funds is carried out at once, as before', async () => {
    const policy = (await call('GET', '/v1/admin/approval-policy', superA)).json().data;
    expect(policy.policy).toEqual(POLICY_OFF);
    const { userId } = await customerWith('5000');
    const res = await call('POST', '/v1/advanced/trigger-remittance', superA, { userId, currency: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await busdOf(userId)).toBe('0');
  });

  it('is versioned: each change a new version with who and when; itself held back when settings need approval', async () => {
    const set = await call('PUT', '/v1/admin/approval-policy', compliance, {
      ...POLICY_OFF,
      remitFunds: { thresholdUsd: '1000' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      policy: { remitFunds: { thresholdUsd: '1000' } },
      updatedBy: demo('compliance').email,
    });
    const history = (await call('GET', '/v1/admin/approval-policy-history', superA)).json().data.records;
    expect(history[0].policy.remitFunds.thresholdUsd).toBe('1000');
    expect(history.length).toBeGreaterThanOrEqual(2);
    const bad = await call('PUT', '/v1/admin/approval-policy', compliance, { ...POLICY_OFF, expiryHours: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('expiryHours');

    await setPolicy({ settings: { required: true } });
    const held = await call(
      'PUT',
      '/v1/admin/approval-policy',
      compliance,
      POLICY_OFF,
      'Switch four eyes off for the audit',
    );
    expect(held.statusCode, held.body).toBe(202);
    expect((await call('GET', '/v1/admin/approval-policy', superA)).json().data.policy.settings.required).toBe(true);
    const approved = await call(
      'POST',
      `/v1/admin/approval-requests/${held.json().data.approvalRequestId}/approve`,
      superA,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await call('GET', '/v1/admin/approval-policy', superA)).json().data.policy).toEqual(POLICY_OFF);
  });
});

describe('four eyes: Remit Funds above the threshold', () => {
  it('asks for a reason (428), then stores the request (202) with who, what and why, and moves nothing', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const { userId } = await customerWith('2500');
    const noReason = await call('POST', '/v1/advanced/trigger-remittance', superA, { userId, currency: 1 });
    expect(noReason.statusCode).toBe(428);
    expect(noReason.json().code).toBe('APPROVAL_REASON_REQUIRED');
    const short = await call('POST', '/v1/advanced/trigger-remittance', superA, { userId, currency: 1 }, 'why');
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().fields)).toEqual(['x-approval-reason']);

    const id = await askRemit(userId);
    expect(await busdOf(userId)).toBe('2500');
    expect(await q(`SELECT count(*)::int AS n FROM remittances WHERE user_id = $1`, [userId])).toEqual([{ n: 0 }]);
    const [row] = await q(
      `SELECT kind, action, permission, status, reason, trim_scale(amount_usd)::text AS amount, snapshot, payload, requested_by_email::text AS email FROM approval_requests WHERE id = $1`,
      [id],
    );
    expect(row).toMatchObject({
      kind: 'remitFunds',
      action: 'remittance.trigger',
      permission: 'funds.remit',
      status: 'pending',
      amount: '2500',
      reason: 'Customer closed the account: remit the balance',
      email: demo('superadmin').email,
      snapshot: { "the customer's BUSD balance": '2500' },
      payload: { method: 'POST', url: '/v1/advanced/trigger-remittance', body: { userId, currency: 1 } },
    });
    expect(await audits('approval.request', id)).toEqual([{ actor_email: demo('superadmin').email }]);

    // Below the threshold it goes through at once.
    const small = await customerWith('999');
    expect(
      (await call('POST', '/v1/advanced/trigger-remittance', superA, { userId: small.userId, currency: 1 })).statusCode,
    ).toBe(200);
  });

  it('refuses at once what the service would refuse, with its own answer: no request is stored', async () => {
    await setPolicy({ admins: { required: true } });
    const [me] = await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [demo('superadmin').email]);
    const [role] = await q<{ id: string }>(`SELECT id FROM roles WHERE slug = 'compliance'`);
    const before = await q(`SELECT count(*)::int AS n FROM approval_requests`);
    const res = await call(
      'PATCH',
      `/v1/admin/users/admin/${me!.id}/role`,
      superA,
      { roleId: role!.id },
      'Demote myself for the holidays',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot change your own role');
    expect(await q(`SELECT count(*)::int AS n FROM approval_requests`)).toEqual(before);
  });

  it('cannot be approved by the requester, from any session; the list shows it to both', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const { userId } = await customerWith('3000');
    const id = await askRemit(userId);
    for (const token of [superA, superA2]) {
      const res = await call('POST', `/v1/admin/approval-requests/${id}/approve`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/You asked for this yourself/);
      expect((await call('POST', `/v1/admin/approval-requests/${id}/reject`, token, {})).statusCode).toBe(403);
    }
    // Support does not hold funds.remit: neither sees nor decides it.
    expect((await call('POST', `/v1/admin/approval-requests/${id}/approve`, support)).statusCode).toBe(403);
    const supportList = (await call('GET', '/v1/admin/approval-requests', support)).json().data.records;
    expect(supportList.map((r: { _id: string }) => r._id)).not.toContain(id);
    const mine = (await call('GET', '/v1/admin/approval-requests', superA))
      .json()
      .data.records.find((r: { _id: string }) => r._id === id);
    expect(mine).toMatchObject({ canDecide: false, canCancel: true, summary: expect.stringContaining('3000 BUSD') });
    const theirs = (await call('GET', '/v1/admin/approval-requests', superB))
      .json()
      .data.records.find((r: { _id: string }) => r._id === id);
    expect(theirs).toMatchObject({ canDecide: true, canCancel: false });
    const count = (await call('GET', '/v1/admin/approval-requests/count', superB)).json().data;
    expect(count.awaitingMe).toBeGreaterThanOrEqual(1);
    expect(await busdOf(userId)).toBe('3000');
  });

  it('50 approvals at once carry it out exactly once', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const { userId } = await customerWith('4000');
    const id = await askRemit(userId);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/v1/admin/approval-requests/${id}/approve`, superB)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await busdOf(userId)).toBe('0');
    expect(
      await q(`SELECT trim_scale(amount)::text AS amount, status, requested_by FROM remittances WHERE user_id = $1`, [
        userId,
      ]),
    ).toEqual([{ amount: '4000', status: 'pending', requested_by: expect.any(String) }]);
    expect(
      await q(
        `SELECT count(*)::int AS n FROM ledger_entries le JOIN wallets w ON w.id = le.wallet_id WHERE w.user_id = $1 AND le.kind = 'remittance'`,
        [userId],
      ),
    ).toEqual([{ n: 1 }]);
    expect(await audits('approval.approve', id)).toEqual([{ actor_email: 'second-super@vaultdesk.test' }]);
    const [done] = await q(
      `SELECT status, decided_by_email::text AS by, result->>'amount' AS amount FROM approval_requests WHERE id = $1`,
      [id],
    );
    expect(done).toEqual({ status: 'approved', by: 'second-super@vaultdesk.test', amount: '4000' });
  });

  it('refuses approval when the balance changed meanwhile, naming it, and changes nothing', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const { userId, walletId } = await customerWith('2000');
    const id = await askRemit(userId);
    await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', 50, 'funding')`, [
      walletId,
    ]);
    const res = await call('POST', `/v1/admin/approval-requests/${id}/approve`, superB);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This request can no longer be approved: the customer's BUSD balance changed since it was asked (it was 2000, it is 2050 now). Reject it, and ask again if it is still needed",
    );
    expect(await busdOf(userId)).toBe('2050');
    expect((await q(`SELECT status FROM approval_requests WHERE id = $1`, [id]))[0]).toEqual({ status: 'pending' });
  });

  it('rejection changes nothing but the request (database fingerprint), and is audited', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const { userId } = await customerWith('1500');
    const id = await askRemit(userId);
    const before = await fingerprint(['approval_requests', 'audit_log', 'staff_sessions']);
    const res = await call('POST', `/v1/admin/approval-requests/${id}/reject`, superB, {
      comment: 'No ticket for this',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      decisionComment: 'No ticket for this',
      decidedBy: { email: 'second-super@vaultdesk.test' },
    });
    expect(await fingerprint(['approval_requests', 'audit_log', 'staff_sessions'])).toEqual(before);
    expect(await audits('approval.reject', id)).toEqual([{ actor_email: 'second-super@vaultdesk.test' }]);
    expect((await call('POST', `/v1/admin/approval-requests/${id}/approve`, superB)).statusCode).toBe(409);
  });

  it('the requester can cancel (no one else can); an expired request cannot be approved and is audited as expired', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const a = await customerWith('1800');
    const id = await askRemit(a.userId);
    expect((await call('POST', `/v1/admin/approval-requests/${id}/cancel`, superB)).statusCode).toBe(403);
    const cancelled = await call('POST', `/v1/admin/approval-requests/${id}/cancel`, superA2);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await audits('approval.cancel', id)).toHaveLength(1);
    expect((await call('POST', `/v1/admin/approval-requests/${id}/approve`, superB)).statusCode).toBe(409);

    const b = await customerWith('1900');
    const old = await askRemit(b.userId);
    await q(
      `UPDATE approval_requests SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE id = $1`,
      [old],
    );
    const late = await call('POST', `/v1/admin/approval-requests/${old}/approve`, superB);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
    expect((await q(`SELECT status FROM approval_requests WHERE id = $1`, [old]))[0]).toEqual({ status: 'expired' });
    expect(await audits('approval.expire', old)).toEqual([{ actor_email: null }]);
    expect(await busdOf(b.userId)).toBe('1900');
  });
});

describe('four eyes: other kinds', () => {
  it('a settings change is refused on approval when the settings version changed meanwhile', async () => {
    await setPolicy({ settings: { required: true } });
    const held = await call(
      'PUT',
      '/v1/admin/update-Process-settings',
      compliance,
      { vltTokenUsdPrice: '0.5', busdTokenUsdPrice: '1', vltTokenAPR: '10' },
      'New listing price',
    );
    expect(held.statusCode, held.body).toBe(202);
    await q(
      `INSERT INTO process_settings_versions (vlt_token_usd_price, busd_token_usd_price, vlt_token_apr, created_at) VALUES (0.3, 1, 11, clock_timestamp())`,
    );
    const res = await call('POST', `/v1/admin/approval-requests/${held.json().data.approvalRequestId}/approve`, superA);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/the internal settings version changed since it was asked/);
  });

  it('an unlock whose plan was unlocked and locked again meanwhile: its lock version named on approval', async () => {
    await setPolicy({ blacklist: { required: true } });
    const [plan] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, plan_state) VALUES ($1, 'fixed', 'Plan', 100, 'active') RETURNING id`,
      [(await customerWith('1')).userId],
    );
    expect(
      (
        await call('PUT', '/v1/admin/lock-fixed-savings', compliance, {
          fixedSavingsId: plan!.id,
          lockedComment: 'Fraud check',
          lockStatus: 'lock',
        })
      ).statusCode,
    ).toBe(200);
    const held = await call(
      'PUT',
      '/v1/admin/lock-fixed-savings',
      compliance,
      { fixedSavingsId: plan!.id, lockedComment: 'Cleared', lockStatus: 'unlock' },
      'Fraud check cleared',
    );
    expect(held.statusCode, held.body).toBe(202);
    // Someone unlocks and locks it again behind the request's back.
    await q(`UPDATE savings_plans SET locked = false, locked_amount = NULL WHERE id = $1`, [plan!.id]);
    await q(`UPDATE savings_plans SET locked = true WHERE id = $1`, [plan!.id]);
    const res = await call('POST', `/v1/admin/approval-requests/${held.json().data.approvalRequestId}/approve`, superA);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/the plan's lock version changed since it was asked \(it was 1, it is 3 now\)/);
  });

  it('Withdrawal Out: a payout above the threshold waits; a status changed meanwhile is named; a clean one is carried out once', async () => {
    await setPolicy({ withdrawalOut: { thresholdUsd: '1000' } });
    const withdrawal = async (amount: string) => {
      const c = await customerWith('10');
      const [r] = await q<{ id: string }>(
        `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address, in_app_transaction)
         VALUES ($1, $2, 1, $3, 1, $3::numeric - 1, 140, 100, 0, $4, false) RETURNING id`,
        [c.userId, c.walletId, amount, '0x' + 'c'.repeat(40)],
      );
      return r!.id;
    };
    const hash = (n: number) => `0x${String(n).padStart(64, 'a')}`;
    // Below the threshold: processed at once.
    const small = await withdrawal('500');
    expect(
      (
        await call('POST', '/v1/admin/process-withdraw-request', compliance, {
          requestId: small,
          hash: hash(1),
          channel: 'human',
        })
      ).statusCode,
    ).toBe(200);

    const changed = await withdrawal('2000');
    const held = await call(
      'POST',
      '/v1/admin/process-withdraw-request',
      compliance,
      { requestId: changed, hash: hash(2), channel: 'human' },
      'Large payout, customer verified by phone',
    );
    expect(held.statusCode, held.body).toBe(202);
    expect((await q(`SELECT status, transaction_hash FROM withdrawal_requests WHERE id = $1`, [changed]))[0]).toEqual({
      status: 0,
      transaction_hash: null,
    });
    await q(`UPDATE withdrawal_requests SET status = 7 WHERE id = $1`, [changed]);
    const refused = await call(
      'POST',
      `/v1/admin/approval-requests/${held.json().data.approvalRequestId}/approve`,
      superA,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /the withdrawal request's status changed since it was asked \(it was 0, it is 7 now\)/,
    );

    const clean = await withdrawal('3000');
    const asked = await call(
      'POST',
      '/v1/admin/process-withdraw-request',
      compliance,
      { requestId: clean, hash: hash(3), channel: 'human' },
      'Large payout, customer verified by phone',
    );
    expect(asked.statusCode, asked.body).toBe(202);
    expect(
      await q(`SELECT trim_scale(amount_usd)::text AS amount_usd FROM approval_requests WHERE id = $1`, [
        asked.json().data.approvalRequestId,
      ]),
    ).toEqual([{ amount_usd: '2999' }]);
    const approved = await call(
      'POST',
      `/v1/admin/approval-requests/${asked.json().data.approvalRequestId}/approve`,
      superA,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.result).toMatchObject({
      _id: clean,
      status: 1,
      transactionHash: hash(3),
      processedBy: { email: demo('superadmin').email },
    });
    expect(await audits('withdrawal.process', clean)).toEqual([{ actor_email: demo('superadmin').email }]);
  });

  it('blacklist: adding a device waits for a second member of staff when switched on', async () => {
    await setPolicy({ blacklist: { required: true } });
    const held = await call(
      'POST',
      '/v1/advanced/blacklisted-device',
      compliance,
      { deviceId: 'four-eyes-device-1' },
      'Device seen in a fraud ring',
    );
    expect(held.statusCode, held.body).toBe(202);
    expect(
      await q(`SELECT count(*)::int AS n FROM blacklisted_devices WHERE device_id = 'four-eyes-device-1'`),
    ).toEqual([{ n: 0 }]);
    const approved = await call(
      'POST',
      `/v1/admin/approval-requests/${held.json().data.approvalRequestId}/approve`,
      superA,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await q(`SELECT blacklisted FROM blacklisted_devices WHERE device_id = 'four-eyes-device-1'`)).toEqual([
      { blacklisted: true },
    ]);
  });

  it('role changes: the approver must hold what is granted (issue 20 rule holds for approvals)', async () => {
    await setPolicy({ admins: { required: true } });
    await insertStaff(t.db, 'limited-admin@vaultdesk.test', 'Limited Admin', 'Support');
    const [limitedRole] = await q<{ id: string }>(
      `INSERT INTO roles (title, slug, description, permissions) VALUES ('Team lead', 'team-lead', 'x', $1) RETURNING id`,
      [['self.account', 'admins.read', 'admins.manage', 'users.read']],
    );
    await q(`UPDATE staff SET role_id = $1 WHERE email = 'limited-admin@vaultdesk.test'`, [limitedRole!.id]);
    const limited = await sessionFor(t.db, 'limited-admin@vaultdesk.test');
    const [target] = await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [demo('support').email]);
    const [complianceRole] = await q<{ id: string }>(`SELECT id FROM roles WHERE slug = 'compliance'`);

    const held = await call(
      'PATCH',
      `/v1/admin/users/admin/${target!.id}/role`,
      superA,
      { roleId: complianceRole!.id },
      'Promotion agreed by the board',
    );
    expect(held.statusCode, held.body).toBe(202);
    const id = held.json().data.approvalRequestId as string;
    const refused = await call('POST', `/v1/admin/approval-requests/${id}/approve`, limited);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/You cannot grant permissions you do not hold: /);
    expect(
      (await q(`SELECT r.slug FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = $1`, [target!.id]))[0],
    ).toEqual({ slug: 'support' });
    const approved = await call('POST', `/v1/admin/approval-requests/${id}/approve`, superB);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(
      (await q(`SELECT r.slug FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = $1`, [target!.id]))[0],
    ).toEqual({ slug: 'compliance' });
    // The requester's own grant check runs on asking too: a limited admin cannot even ask to grant past themselves.
    const ask = await call(
      'PATCH',
      `/v1/admin/users/admin/${target!.id}/role`,
      limited,
      { roleId: complianceRole!.id },
      'Try to promote',
    );
    expect(ask.statusCode).toBe(403);
  });

  it('admin creation on approval: the approver gets the temporary password once; the request never stores it', async () => {
    await setPolicy({ admins: { required: true } });
    const [role] = await q<{ id: string }>(`SELECT id FROM roles WHERE slug = 'support'`);
    const held = await call(
      'POST',
      '/v1/admin/setup',
      superB,
      { fullName: 'New Clerk', email: 'new-clerk@vaultdesk.test', roleId: role!.id },
      'New hire in support',
    );
    expect(held.statusCode, held.body).toBe(202);
    expect(await q(`SELECT count(*)::int AS n FROM staff WHERE email = 'new-clerk@vaultdesk.test'`)).toEqual([
      { n: 0 },
    ]);
    const id = held.json().data.approvalRequestId as string;
    const approved = await call('POST', `/v1/admin/approval-requests/${id}/approve`, superA);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.result.temporaryPassword).toMatch(/.{12,}/);
    expect(await q(`SELECT status FROM staff WHERE email = 'new-clerk@vaultdesk.test'`)).toEqual([
      { status: 'pending' },
    ]);
    const [stored] = await q<{ result: Record<string, unknown> }>(
      `SELECT result FROM approval_requests WHERE id = $1`,
      [id],
    );
    expect(stored!.result).toMatchObject({ email: 'new-clerk@vaultdesk.test' });
    expect(stored!.result).not.toHaveProperty('temporaryPassword');
    expect(JSON.stringify(await q(`SELECT after FROM audit_log WHERE target_id = $1`, [id]))).not.toContain(
      approved.json().data.result.temporaryPassword,
    );
  });
});

const policyNow = async () => (await call('GET', '/v1/admin/approval-policy', superA)).json().data.policy;
const approve = (id: string, token: string) => call('POST', `/v1/admin/approval-requests/${id}/approve`, token);
const requestRow = async (id: string) =>
  (
    await q<{ status: string; kind: string; action: string }>(
      `SELECT status, kind, action FROM approval_requests WHERE id = $1`,
      [id],
    )
  )[0];
const staffId = async (email: string) =>
  (await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [email]))[0]!.id;
const roleIdOf = async (slug: string) =>
  (await q<{ id: string }>(`SELECT id FROM roles WHERE slug = $1`, [slug]))[0]!.id;

describe('four eyes that one person cannot take apart: the policy itself', () => {
  it('finding 2: with only a money threshold on, removing it waits for a second approver; the remit stays held', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const waiting = await customerWith('1810');
    const remitId = await askRemit(waiting.userId);
    const weaker = { ...POLICY_OFF, remitFunds: { thresholdUsd: null } };
    const versions = await q(`SELECT count(*)::int AS n FROM approval_policy_versions`);

    const noReason = await call('PUT', '/v1/admin/approval-policy', superA, weaker);
    expect(noReason.statusCode).toBe(428);
    const held = await call('PUT', '/v1/admin/approval-policy', superA, weaker, 'Four eyes slows the desk down');
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().message).toBe('Sent for approval: a second member of staff must approve it');
    const policyRequest = held.json().data.approvalRequestId as string;
    expect(await requestRow(policyRequest)).toEqual({
      status: 'pending',
      kind: 'settings',
      action: 'approval-policy.update',
    });
    const [summary] = await q<{ summary: string }>(`SELECT summary FROM approval_requests WHERE id = $1`, [
      policyRequest,
    ]);
    expect(summary!.summary).toMatch(/weakens it: Remit Funds threshold removed/);
    expect(await q(`SELECT count(*)::int AS n FROM approval_policy_versions`)).toEqual(versions);
    expect((await policyNow()).remitFunds.thresholdUsd).toBe('1000');

    // The same person then remits alone: still held, nothing moves.
    const alone = await customerWith('1810');
    const again = await call('POST', '/v1/advanced/trigger-remittance', superA, { userId: alone.userId, currency: 1 });
    expect(again.statusCode).toBe(428);
    expect(await busdOf(alone.userId)).toBe('1810');
    expect(await requestRow(remitId)).toMatchObject({ status: 'pending' });

    // A second approver carries the policy change out, once.
    const approved = await approve(policyRequest, superB);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await policyNow()).remitFunds.thresholdUsd).toBeNull();
    expect((await approve(policyRequest, superB)).statusCode).toBe(409);
  });

  it('each weakening is held while any kind is on (settings kind off): a kind off, a longer expiry, a shorter cooling-off, a mixed change', async () => {
    const start = { blacklist: { required: true }, withdrawalOut: { thresholdUsd: '500' } };
    const base = { ...POLICY_OFF, ...start };
    for (const [label, change] of [
      ['kind off', { ...base, blacklist: { required: false } }],
      ['threshold raised', { ...base, withdrawalOut: { thresholdUsd: '500.01' } }],
      ['longer expiry', { ...base, expiryHours: 48 }],
      ['shorter cooling-off', { ...base, coolingOffDays: 6 }],
      ['mixed', { ...base, remitFunds: { thresholdUsd: '10' }, expiryHours: 1, blacklist: { required: false } }],
    ] as const) {
      await setPolicy(start);
      const before = await policyNow();
      const res = await call('PUT', '/v1/admin/approval-policy', compliance, change, `Weaken: ${label}`);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(202);
      expect(await policyNow(), label).toEqual(before);
    }
  });

  it('a change that only strengthens applies at once, even with the settings kind on; with every kind off any change applies', async () => {
    await setPolicy({ settings: { required: true }, remitFunds: { thresholdUsd: '1000' }, expiryHours: 24 });
    const stronger = {
      ...POLICY_OFF,
      settings: { required: true },
      remitFunds: { thresholdUsd: '999.5' },
      withdrawalOut: { thresholdUsd: '100000' },
      admins: { required: true },
      expiryHours: 12,
      coolingOffDays: 30,
    };
    const res = await call('PUT', '/v1/admin/approval-policy', compliance, stronger);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Approval policy updated');
    expect(await policyNow()).toEqual(stronger);
    // The same policy again changes nothing: applies at once.
    expect((await call('PUT', '/v1/admin/approval-policy', compliance, stronger)).statusCode).toBe(200);

    await setPolicy({});
    const longer = await call('PUT', '/v1/admin/approval-policy', compliance, {
      ...POLICY_OFF,
      expiryHours: 100,
      coolingOffDays: 0,
    });
    expect(longer.statusCode, longer.body).toBe(200);
    // A stored policy from before the cooling-off field reads with its default.
    await q(`INSERT INTO approval_policy_versions (policy, created_at) VALUES ($1, clock_timestamp())`, [
      JSON.stringify({ ...POLICY_OFF, coolingOffDays: undefined }),
    ]);
    expect((await policyNow()).coolingOffDays).toBe(7);
    const bad = await call('PUT', '/v1/admin/approval-policy', compliance, { ...POLICY_OFF, coolingOffDays: 91 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['coolingOffDays']);
  });

  it('finding 3: while a money threshold is on, a price change waits; the remit is valued at the prices in force', async () => {
    const [prices] = await q<{ vlt: string; busd: string; apr: string }>(
      `SELECT trim_scale(vlt_token_usd_price)::text AS vlt, trim_scale(busd_token_usd_price)::text AS busd, trim_scale(vlt_token_apr)::text AS apr
         FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    const restore = () =>
      q(
        `INSERT INTO process_settings_versions (vlt_token_usd_price, busd_token_usd_price, vlt_token_apr, created_at) VALUES ($1, $2, $3, clock_timestamp())`,
        [prices!.vlt, prices!.busd, prices!.apr],
      );
    await restore();
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const versions = await q(`SELECT count(*)::int AS n FROM process_settings_versions`);
    const cheap = { vltTokenUsdPrice: prices!.vlt, busdTokenUsdPrice: '0.01', vltTokenAPR: prices!.apr };
    expect((await call('PUT', '/v1/admin/update-Process-settings', superA, cheap)).statusCode).toBe(428);
    const held = await call('PUT', '/v1/admin/update-Process-settings', superA, cheap, 'BUSD depegged');
    expect(held.statusCode, held.body).toBe(202);
    expect(await q(`SELECT count(*)::int AS n FROM process_settings_versions`)).toEqual(versions);

    const { userId } = await customerWith('2128');
    const remit = await askRemit(userId);
    expect(await q(`SELECT trim_scale(amount_usd)::text AS usd FROM approval_requests WHERE id = $1`, [remit])).toEqual(
      [{ usd: String(2128 * Number(prices!.busd)) }],
    );
    expect(await busdOf(userId)).toBe('2128');

    // The APR alone values no request: applies at once.
    const apr = await call('PUT', '/v1/admin/update-Process-settings', superA, {
      ...cheap,
      busdTokenUsdPrice: prices!.busd,
      vltTokenAPR: '7.5',
    });
    expect(apr.statusCode, apr.body).toBe(200);
    // The held change was asked against the old version: refused on approval, naming it.
    expect((await approve(held.json().data.approvalRequestId, superB)).statusCode).toBe(409);
    const again = await call(
      'PUT',
      '/v1/admin/update-Process-settings',
      superA,
      { ...cheap, vltTokenAPR: '7.5' },
      'BUSD depegged',
    );
    expect(again.statusCode, again.body).toBe(202);
    const done = await approve(again.json().data.approvalRequestId, superB);
    expect(done.statusCode, done.body).toBe(200);
    expect((await approve(again.json().data.approvalRequestId, superB)).statusCode).toBe(409);
    expect(
      await q(
        `SELECT trim_scale(busd_token_usd_price)::text AS busd FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
      ),
    ).toEqual([{ busd: '0.01' }]);
    await restore();
  });
});

describe('four eyes that one person cannot take apart: who may approve', () => {
  it('finding 4: an admin the requester created cannot approve their remit (403, nothing moves); with no cooling-off it may', async () => {
    await setPolicy({});
    const res = await call('POST', '/v1/admin/setup', superA, {
      fullName: 'Sock Puppet',
      email: 'sock-puppet@vaultdesk.test',
      roleId: await roleIdOf('super-admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await q(
      `UPDATE staff SET status = 'active', totp_enabled = true, must_change_password = false WHERE email = 'sock-puppet@vaultdesk.test'`,
    );
    const puppet = await sessionFor(t.db, 'sock-puppet@vaultdesk.test');

    // Strengthening applies at once, so the requester switches the threshold on alone.
    expect(
      (await call('PUT', '/v1/admin/approval-policy', superA, { ...POLICY_OFF, remitFunds: { thresholdUsd: '1000' } }))
        .statusCode,
    ).toBe(200);
    const { userId } = await customerWith('1810');
    const id = await askRemit(userId);
    const before = await fingerprint(['staff_sessions', 'audit_log']);
    const refused = await approve(id, puppet);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `You cannot approve this: ${demo('superadmin').email} created or changed your account or role (admin.create) within the cooling-off of 7 days. Another member of staff must approve it`,
    );
    expect(await fingerprint(['staff_sessions', 'audit_log'])).toEqual(before);
    expect(await busdOf(userId)).toBe('1810');

    // With no cooling-off (a policy a second approver agreed to) it may.
    await setPolicy({ remitFunds: { thresholdUsd: '1000' }, coolingOffDays: 0 });
    const ok = await approve(id, puppet);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await busdOf(userId)).toBe('0');
  });

  it('while a money threshold is on, creating an admin waits; one created on approval cannot approve for its requester either', async () => {
    await setPolicy({ withdrawalOut: { thresholdUsd: '1000' } });
    const body = {
      fullName: 'Second Puppet',
      email: 'second-puppet@vaultdesk.test',
      roleId: await roleIdOf('super-admin'),
    };
    expect((await call('POST', '/v1/admin/setup', superA, body)).statusCode).toBe(428);
    const held = await call('POST', '/v1/admin/setup', superA, body, 'New hire in treasury');
    expect(held.statusCode, held.body).toBe(202);
    expect(await q(`SELECT count(*)::int AS n FROM staff WHERE email = $1`, [body.email])).toEqual([{ n: 0 }]);
    expect((await approve(held.json().data.approvalRequestId, superB)).statusCode).toBe(200);
    await q(`UPDATE staff SET status = 'active', totp_enabled = true, must_change_password = false WHERE email = $1`, [
      body.email,
    ]);
    const puppet = await sessionFor(t.db, body.email);

    await setPolicy({ withdrawalOut: { thresholdUsd: '1000' }, remitFunds: { thresholdUsd: '1000' } });
    const { userId } = await customerWith('2000');
    const id = await askRemit(userId);
    const refused = await approve(id, puppet);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/created or changed your account or role \(admin.create\)/);
    expect(await requestRow(id)).toMatchObject({ status: 'pending' });
    // Whoever made the account may hold its credentials: neither the one who asked for it nor the
    // one who carried it out approves the new admin's requests.
    const theirs = await askRemit((await customerWith('2000')).userId, puppet);
    for (const [token, action] of [
      [superA, 'admin.create'],
      [superB, 'admin.create'],
    ] as const) {
      const res = await approve(theirs, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `You cannot approve this: you created or changed the account or role of ${body.email} (${action}) within the cooling-off of 7 days. Another member of staff must approve it`,
      );
    }
    expect(await requestRow(theirs)).toMatchObject({ status: 'pending' });
  });

  it('an approver whose role the requester gave, or whose role the requester modified, cannot approve', async () => {
    await setPolicy({});
    await insertStaff(t.db, 'promoted@vaultdesk.test', 'Promoted', 'Support');
    await insertStaff(t.db, 'team-member@vaultdesk.test', 'Team Member', 'Support');
    const [team] = await q<{ id: string }>(
      `INSERT INTO roles (title, slug, description, permissions) VALUES ('Remit desk', 'remit-desk', 'x', $1) RETURNING id`,
      [['self.account', 'users.read']],
    );
    await q(`UPDATE staff SET role_id = $1 WHERE email = 'team-member@vaultdesk.test'`, [team!.id]);
    const promote = await call(
      'PATCH',
      `/v1/admin/users/admin/${await staffId('promoted@vaultdesk.test')}/role`,
      superA,
      {
        roleId: await roleIdOf('super-admin'),
      },
    );
    expect(promote.statusCode, promote.body).toBe(200);
    const widen = await call('PATCH', `/v1/admin/roles/${team!.id}`, superA, {
      title: 'Remit desk',
      description: 'x',
      permissions: ['self.account', 'users.read', 'funds.remit'],
    });
    expect(widen.statusCode, widen.body).toBe(200);

    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    const { userId } = await customerWith('5000');
    const id = await askRemit(userId);
    for (const [email, action] of [
      ['promoted@vaultdesk.test', 'admin.role'],
      ['team-member@vaultdesk.test', 'role.update'],
    ] as const) {
      const res = await approve(id, await sessionFor(t.db, email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toContain(`(${action}) within the cooling-off of 7 days`);
    }
    expect(await busdOf(userId)).toBe('5000');
    // Someone the requester never touched may.
    expect((await approve(id, superB)).statusCode).toBe(200);
  });

  it('while a money threshold is on, giving a money permission waits: a role change to one, a role modified or created with one', async () => {
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
    await insertStaff(t.db, 'clerk-to-be@vaultdesk.test', 'Clerk', 'KYC Reviewer');
    const clerk = await staffId('clerk-to-be@vaultdesk.test');
    const toCompliance = await call(
      'PATCH',
      `/v1/admin/users/admin/${clerk}/role`,
      superA,
      {
        roleId: await roleIdOf('compliance'),
      },
      'Moves to compliance',
    );
    expect(toCompliance.statusCode, toCompliance.body).toBe(202);
    // A role without money permissions is given at once.
    const toSupport = await call('PATCH', `/v1/admin/users/admin/${clerk}/role`, superA, {
      roleId: await roleIdOf('support'),
    });
    expect(toSupport.statusCode, toSupport.body).toBe(200);

    const created = await call(
      'POST',
      '/v1/admin/roles',
      superA,
      {
        title: 'Payout desk',
        description: 'Pays out',
        permissions: ['self.account', 'withdrawals.manage'],
      },
      'A payout desk',
    );
    expect(created.statusCode, created.body).toBe(202);
    expect(await q(`SELECT count(*)::int AS n FROM roles WHERE title = 'Payout desk'`)).toEqual([{ n: 0 }]);
    const plain = await call('POST', '/v1/admin/roles', superA, {
      title: 'Readers',
      description: 'Read',
      permissions: ['self.account'],
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const roleId = plain.json().data._id as string;
    const widened = await call(
      'PATCH',
      `/v1/admin/roles/${roleId}`,
      superA,
      {
        title: 'Readers',
        description: 'Read',
        permissions: ['self.account', 'queues.manage'],
      },
      'Readers save batches now',
    );
    expect(widened.statusCode, widened.body).toBe(202);
    expect(
      (await q<{ permissions: string[] }>(`SELECT permissions FROM roles WHERE id = $1`, [roleId]))[0]!.permissions,
    ).toEqual(['self.account']);
    expect((await approve(widened.json().data.approvalRequestId, superB)).statusCode).toBe(200);
    expect(
      (await q<{ permissions: string[] }>(`SELECT permissions FROM roles WHERE id = $1`, [roleId]))[0]!.permissions,
    ).toEqual(expect.arrayContaining(['self.account', 'queues.manage']));
  });
});

describe('four eyes that one person cannot take apart: passkeys follow the admins kind', () => {
  it("finding 5: switching a role's passkeys off waits when the admins kind is on; switching them on applies at once", async () => {
    await setPolicy({ admins: { required: true } });
    const role = await roleIdOf('kyc-reviewer');
    const on = await call('PUT', `/v1/admin/roles/${role}/passkeys`, superA, { requirePasskey: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe('KYC Reviewer now requires passkeys');

    expect((await call('PUT', `/v1/admin/roles/${role}/passkeys`, superA, { requirePasskey: false })).statusCode).toBe(
      428,
    );
    const held = await call(
      'PUT',
      `/v1/admin/roles/${role}/passkeys`,
      superA,
      { requirePasskey: false },
      'Reviewers lost their keys',
    );
    expect(held.statusCode, held.body).toBe(202);
    const id = held.json().data.approvalRequestId as string;
    expect(await requestRow(id)).toEqual({ status: 'pending', kind: 'admins', action: 'role.passkeys' });
    expect(await q(`SELECT require_passkey FROM roles WHERE id = $1`, [role])).toEqual([{ require_passkey: true }]);
    expect((await approve(id, superA)).statusCode).toBe(403);
    const approved = await approve(id, superB);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.result).toEqual({ _id: role, title: 'KYC Reviewer', requirePasskey: false });
    expect(await q(`SELECT require_passkey FROM roles WHERE id = $1`, [role])).toEqual([{ require_passkey: false }]);
    expect((await approve(id, superB)).statusCode).toBe(409);

    // With the admins kind off it applies at once, as before.
    await setPolicy({});
    expect((await call('PUT', `/v1/admin/roles/${role}/passkeys`, superA, { requirePasskey: true })).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/v1/admin/roles/${role}/passkeys`, superA, { requirePasskey: false })).statusCode).toBe(
      200,
    );
  });
});
