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
