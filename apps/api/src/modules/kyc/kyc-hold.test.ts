import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MESSAGES, SYSTEM_ROLES } from '@vaultdesk/contract';
import { bearer, createTestApp, demo, insertStaff, sessionFor, type TestApp } from '../../../test/helpers';
import { expectOneWinner, inTurn, type Res } from '../../../test/races';

/**
 * Issue 20, "a hold means one decider": while a case handed out by Manage Random KYC is held,
 * only its holder decides it (anyone else: 409 naming the holder and the end of the hold, nothing
 * written); an expired hold binds no one; a Super Admin takes a case over explicitly
 * (`kyc.takeover`, audited with the previous holder), after which the old holder is refused.
 * Every call is a real request through the app against real PostgreSQL.
 */
let t: TestApp;
const tokens: Record<'superadmin' | 'compliance' | 'support', string> = { superadmin: '', compliance: '', support: '' };
const emails = {
  superadmin: demo('superadmin').email,
  compliance: demo('compliance').email,
  support: demo('support').email,
};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['superadmin', 'compliance', 'support'] as const)
    tokens[role] = await sessionFor(t.db, emails[role]);
});
afterAll(async () => {
  await t?.close();
});

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
type Decision = 'approved' | 'rejected' | 'escalated';
const decide = (id: string, kycStatus: Decision, token: string, fromStatus = 'submitted') =>
  post(
    '/v1/admin/kyc/update-levelTwo-kyc',
    {
      id,
      kycStatus,
      fromStatus,
      ...(kycStatus === 'approved' ? {} : { RejectionReason: 'FACE_NOT_CLEAR', RejectionMessage: 'Hold test' }),
    },
    token,
  );
const takeOver = (id: string, claimedBy: string, token: string) =>
  post('/v1/admin/kyc/take-over-kyc', { id, claimedBy }, token);
const claim = (token: string) => get('/v1/admin/kyc/random-kyc-records', token);

let seq = 0;
async function kycCase() {
  const n = `${++seq}-${randomUUID().slice(0, 8)}`;
  const { id: userId } = await one<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, kyc_level_two_status) VALUES ($1, $2, $3, $4, 'submitted') RETURNING id`,
    [`Hold Person ${n}`, `hold${n}`, `hold${n}@example.test`, `HOLD${n}`],
  );
  const { id: kycId } = await one<{ id: string }>(
    `INSERT INTO kyc_records (user_id, first_name, last_name, level_two_status) VALUES ($1, 'Hold', $2, 'submitted') RETURNING id`,
    [userId, `Person${n}`],
  );
  return { userId, kycId };
}
/** Only `kycId` waits in the queue, so Manage Random KYC hands out exactly that case. */
async function onlyCase() {
  await q(
    `UPDATE kyc_records SET level_two_status = 'approved', claimed_by = NULL, claimed_until = NULL WHERE level_two_status = 'submitted'`,
  );
  await q(`UPDATE users SET kyc_level_two_status = 'approved' WHERE kyc_level_two_status = 'submitted'`);
  return kycCase();
}
/** A case held by `email` for another 15 minutes, as Manage Random KYC leaves it (the claim's own path is tested below). */
async function heldCase(email: string) {
  const c = await kycCase();
  await q(
    `UPDATE kyc_records SET claimed_by = (SELECT id FROM staff WHERE email = $2), claimed_until = now() + interval '15 minutes' WHERE id = $1`,
    [c.kycId, email],
  );
  return c;
}
const holdOf = (kycId: string) =>
  one<{ email: string | null; until: string | null }>(
    `SELECT s.email, to_char(k.claimed_until AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"') AS until
     FROM kyc_records k LEFT JOIN staff s ON s.id = k.claimed_by WHERE k.id = $1`,
    [kycId],
  );
/** Everything a decision or a take-over writes: the record, its customer, history and audit rows. */
const snapshot = async (kycId: string) => ({
  record: await one(`SELECT * FROM kyc_records WHERE id = $1`, [kycId]),
  customer: await one(
    `SELECT u.kyc_level_two_status, u.updated_at FROM users u JOIN kyc_records k ON k.user_id = u.id WHERE k.id = $1`,
    [kycId],
  ),
  history: await q(`SELECT * FROM kyc_history WHERE kyc_id = $1 ORDER BY id`, [kycId]),
  audit: (await one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`)).n,
});
const auditsOf = (action: string, kycId: string) =>
  q<{ actor_email: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    `SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, kycId],
  );
const statusOf = (kycId: string) =>
  one<{ k: string; u: string }>(
    `SELECT k.level_two_status AS k, u.kyc_level_two_status AS u FROM kyc_records k JOIN users u ON u.id = k.user_id WHERE k.id = $1`,
    [kycId],
  );
const expectHeldBy = (res: Res, email: string, until: string) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual({ code: 'CONFLICT', message: KYC_MESSAGES.heldBy(email, until) });
  expect(res.json().message).toContain(email);
  expect(res.json().message).toMatch(/until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
};

describe('deciding a held case', () => {
  it('the holder (handed the case by Manage Random KYC) decides it: 200, the hold released', async () => {
    const { kycId, userId } = await onlyCase();
    const claimed = await claim(tokens.support);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toBe(userId);
    expect((await holdOf(kycId)).email).toBe(emails.support);
    const res = await decide(kycId, 'approved', tokens.support);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Approved successfully');
    expect(await statusOf(kycId)).toEqual({ k: 'approved', u: 'approved' });
    expect(await holdOf(kycId)).toEqual({ email: null, until: null });
    expect(await auditsOf('kyc.approved', kycId)).toHaveLength(1);
  });

  it('anyone else, Super Admin included, gets 409 naming the holder and the end of the hold, for every decision; nothing changes', async () => {
    const { kycId, userId } = await onlyCase();
    expect((await claim(tokens.support)).json().data).toBe(userId);
    const { until } = await holdOf(kycId);
    const before = await snapshot(kycId);
    for (const token of [tokens.compliance, tokens.superadmin]) {
      for (const decision of ['approved', 'rejected', 'escalated'] as const) {
        expectHeldBy(await decide(kycId, decision, token), emails.support, until!);
      }
    }
    expect(await snapshot(kycId)).toEqual(before);
    // The record as every screen reads it still names the holder and the same end.
    const record = (await get(`/v1/admin/kyc/getkyc-by-level?userId=${userId}`, tokens.compliance)).json().data
      .record[0];
    expect(record).toMatchObject({ claimedBy: emails.support, levelTwoStatus: 'submitted' });
    expect(new Date(record.claimedUntil).toISOString().slice(0, 19).replace('T', ' ') + ' UTC').toBe(until);
  });

  it("an approval that a holder of an approved case may revoke is the holder's alone too", async () => {
    const { kycId } = await kycCase();
    expect((await decide(kycId, 'approved', tokens.compliance)).statusCode).toBe(200);
    // Claims are taken on submitted cases; a hold on an approved one (set here directly) binds the same way.
    await q(
      `UPDATE kyc_records SET claimed_by = (SELECT id FROM staff WHERE email = $2), claimed_until = now() + interval '10 minutes' WHERE id = $1`,
      [kycId, emails.support],
    );
    const { until } = await holdOf(kycId);
    const before = await snapshot(kycId);
    expectHeldBy(await decide(kycId, 'rejected', tokens.compliance, 'approved'), emails.support, until!);
    expect(await snapshot(kycId)).toEqual(before);
    expect((await decide(kycId, 'rejected', tokens.support, 'approved')).statusCode).toBe(200);
  });

  it('an expired hold binds no one: any reviewer with kyc.review decides, and the stale hold is cleared', async () => {
    const { kycId } = await heldCase(emails.support);
    await q(`UPDATE kyc_records SET claimed_until = now() - interval '1 second' WHERE id = $1`, [kycId]);
    const res = await decide(kycId, 'rejected', tokens.compliance);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(kycId)).toEqual({ k: 'rejected', u: 'rejected' });
    expect(await holdOf(kycId)).toEqual({ email: null, until: null });
    const [audit] = await auditsOf('kyc.rejected', kycId);
    expect(audit!.actor_email).toBe(emails.compliance);
    // A role with kyc.review only (KYC Reviewer) decides an expired hold's case as well.
    await insertStaff(t.db, 'hold.reviewer@vaultdesk.test', 'Hold Reviewer', 'KYC Reviewer');
    const other = await heldCase(emails.compliance);
    await q(`UPDATE kyc_records SET claimed_until = now() - interval '1 minute' WHERE id = $1`, [other.kycId]);
    expect(
      (await decide(other.kycId, 'approved', await sessionFor(t.db, 'hold.reviewer@vaultdesk.test'))).statusCode,
    ).toBe(200);
  });
});

describe('POST /admin/kyc/take-over-kyc', () => {
  it('Super Admin takes a case over: audited with the previous holder, a fresh hold; the old holder is then refused and the taker decides', async () => {
    const { kycId, userId } = await onlyCase();
    expect((await claim(tokens.compliance)).json().data).toBe(userId);
    // The hold was taken a minute ago: the take-over gives a whole new period.
    await q(`UPDATE kyc_records SET claimed_until = claimed_until - interval '1 minute' WHERE id = $1`, [kycId]);
    const { until: oldUntil } = await holdOf(kycId);
    const res = await takeOver(kycId, emails.compliance, tokens.superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(KYC_MESSAGES.takenOver);
    const data = res.json().data;
    expect(data).toMatchObject({ _id: kycId, userId, claimedBy: emails.superadmin, previousHolder: emails.compliance });
    expect(new Date(data.claimedUntil).getTime() - Date.now()).toBeGreaterThan(14.5 * 60_000);
    const hold = await holdOf(kycId);
    expect(hold.email).toBe(emails.superadmin);
    expect(hold.until! > oldUntil!).toBe(true);

    const audits = await auditsOf('kyc.take-over', kycId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_email).toBe(emails.superadmin);
    const complianceId = (await one<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [emails.compliance])).id;
    expect(audits[0]!.before).toMatchObject({ claimedBy: complianceId, claimedByEmail: emails.compliance });
    expect(audits[0]!.after).toMatchObject({
      claimedByEmail: emails.superadmin,
      claimedUntil: data.claimedUntil,
      userId,
    });

    // The previous holder's next action: 409 naming the taker; nothing changes.
    const before = await snapshot(kycId);
    expectHeldBy(await decide(kycId, 'approved', tokens.compliance), emails.superadmin, hold.until!);
    expect(await snapshot(kycId)).toEqual(before);
    const record = (await get(`/v1/admin/kyc/getkyc-by-level?userId=${userId}`, tokens.compliance)).json().data
      .record[0];
    expect(record.claimedBy).toBe(emails.superadmin);

    const decided = await decide(kycId, 'approved', tokens.superadmin);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await statusOf(kycId)).toEqual({ k: 'approved', u: 'approved' });
  });

  it('403 for every role without kyc.takeover (Compliance, Support, KYC Reviewer, a custom role with kyc.review); nothing changes', async () => {
    expect(
      SYSTEM_ROLES.filter((r) => (r.permissions as readonly string[]).includes('kyc.takeover')).map((r) => r.title),
    ).toEqual(['Super Admin']);
    await q(
      `INSERT INTO roles (slug, title, description, permissions) VALUES ('hold-reviewers', 'Hold reviewers', 'x', ARRAY['kyc.read', 'kyc.review'])`,
    );
    await insertStaff(t.db, 'hold.custom@vaultdesk.test', 'Hold Custom', 'Hold reviewers');
    await insertStaff(t.db, 'hold.kycreviewer@vaultdesk.test', 'Hold KYC Reviewer', 'KYC Reviewer');
    const { kycId } = await heldCase(emails.support);
    const before = await snapshot(kycId);
    for (const token of [
      tokens.compliance,
      tokens.support,
      await sessionFor(t.db, 'hold.custom@vaultdesk.test'),
      await sessionFor(t.db, 'hold.kycreviewer@vaultdesk.test'),
    ]) {
      const res = await takeOver(kycId, emails.support, token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
    }
    expect(await snapshot(kycId)).toEqual(before);
    // The permission is what the route asks, not the role's name: a custom role granted it takes over.
    await q(
      `INSERT INTO roles (slug, title, description, permissions) VALUES ('hold-supervisors', 'Hold supervisors', 'x', ARRAY['kyc.read', 'kyc.review', 'kyc.takeover'])`,
    );
    await insertStaff(t.db, 'hold.supervisor@vaultdesk.test', 'Hold Supervisor', 'Hold supervisors');
    const ok = await takeOver(kycId, emails.support, await sessionFor(t.db, 'hold.supervisor@vaultdesk.test'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await holdOf(kycId)).email).toBe('hold.supervisor@vaultdesk.test');
  });

  it('409 when nobody holds the case, when the caller holds it, or when someone else than the screen showed holds it now; 404, 400; nothing changes', async () => {
    const free = await kycCase();
    const expired = await heldCase(emails.support);
    await q(`UPDATE kyc_records SET claimed_until = now() - interval '1 second' WHERE id = $1`, [expired.kycId]);
    const own = await heldCase(emails.superadmin);
    const moved = await heldCase(emails.compliance);
    const ids = [free.kycId, expired.kycId, own.kycId, moved.kycId];
    const before = await Promise.all(ids.map(snapshot));
    const nobody = 'Nobody holds this case now: it can be decided without taking it over';
    for (const [id, shown] of [
      [free.kycId, emails.support],
      [expired.kycId, emails.support],
    ] as const) {
      const res = await takeOver(id, shown, tokens.superadmin);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(nobody);
    }
    const mine = await takeOver(own.kycId, emails.superadmin, tokens.superadmin);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe('You already hold this case');
    const stale = await takeOver(moved.kycId, emails.support, tokens.superadmin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `This case is held by ${emails.compliance} until ${(await holdOf(moved.kycId)).until} now, not by ${emails.support} as on your screen. Reload it before taking it over.`,
    );
    const unknown = await takeOver(randomUUID(), emails.support, tokens.superadmin);
    expect(unknown.statusCode).toBe(404);
    for (const [body, field] of [
      [{ id: 'nope', claimedBy: emails.compliance }, 'id'],
      [{ id: moved.kycId }, 'claimedBy'],
      [{ id: moved.kycId, claimedBy: 'x'.repeat(255) }, 'claimedBy'],
      [{ claimedBy: emails.compliance }, 'id'],
    ] as const) {
      const res = await post('/v1/admin/kyc/take-over-kyc', body, tokens.superadmin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await Promise.all(ids.map(snapshot))).toEqual(before);
  });

  it('the taker holds one case at a time: a case they held before is released, and the release is in the audit row', async () => {
    const mine = await heldCase(emails.superadmin);
    const theirs = await heldCase(emails.support);
    const res = await takeOver(theirs.kycId, emails.support, tokens.superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await holdOf(mine.kycId)).toEqual({ email: null, until: null });
    expect((await holdOf(theirs.kycId)).email).toBe(emails.superadmin);
    expect((await auditsOf('kyc.take-over', theirs.kycId))[0]!.before.released).toContain(mine.kycId);
    expect(
      await q(
        `SELECT k.id FROM kyc_records k JOIN staff s ON s.id = k.claimed_by WHERE s.email = $1 AND k.claimed_until > now()`,
        [emails.superadmin],
      ),
    ).toEqual([{ id: theirs.kycId }]);
  });
});

/** The call, started `ms` later. */
const later = (ms: number, call: () => Promise<Res>) => () =>
  new Promise<Res>((resolve, reject) => {
    setTimeout(() => call().then(resolve, reject), ms);
  });

describe('races', () => {
  const supers: { email: string; token: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 20; i++) {
      const email = `hold.super.${i}@vaultdesk.test`;
      await insertStaff(t.db, email, `Hold Super ${i}`, 'Super Admin');
      supers.push({ email, token: await sessionFor(t.db, email) });
    }
  });

  it('20 Super Admins taking over one case at once: one takes it, 19 are told who holds it now; one audit row', async () => {
    const { kycId } = await heldCase(emails.compliance);
    const results = await Promise.all(supers.map((s) => takeOver(kycId, emails.compliance, s.token)));
    const winner = expectOneWinner(
      results,
      /^This case is held by hold\.super\.\d+@vaultdesk\.test until .* now, not by compliance@vaultdesk\.test as on your screen/,
    );
    const taker = winner.json().data.claimedBy as string;
    expect((await holdOf(kycId)).email).toBe(taker);
    // Every loser names the winner.
    for (const r of results.filter((x) => x !== winner)) expect(r.json().message).toContain(`held by ${taker} until`);
    const audits = await auditsOf('kyc.take-over', kycId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_email: taker, before: { claimedByEmail: emails.compliance } });
    expect(await statusOf(kycId)).toEqual({ k: 'submitted', u: 'submitted' });
  });

  it('10 take-overs against 10 decisions by the holder, 8 rounds: one winner, and the case agrees with it', async () => {
    for (let round = 0; round < 8; round++) {
      const { kycId } = await heldCase(emails.compliance);
      // A take-over does more before it reaches the case (the taker's own row first) than a
      // decision: in half the rounds the decisions start a little later, so both kinds get to win.
      // Either outcome is accepted; what is checked is that the case agrees with the one winner.
      const decision = () => decide(kycId, 'approved', tokens.compliance);
      const calls = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? () => takeOver(kycId, emails.compliance, supers[i]!.token)
          : round % 2 === 0
            ? decision
            : later(10, decision),
      );
      const results = await Promise.all(calls.map((c) => c()));
      const winner = expectOneWinner(
        results,
        /^(This case is held by|This KYC is approved now|KYC is approved: it cannot become approved|Nobody holds this case now)/,
      );
      const history = await q(`SELECT to_status, staff_email FROM kyc_history WHERE kyc_id = $1`, [kycId]);
      const takeOvers = await auditsOf('kyc.take-over', kycId);
      if (results.indexOf(winner) % 2 === 0) {
        // A take-over won: the case is still undecided and held by the taker; every decision was refused by the hold.
        expect(await statusOf(kycId)).toEqual({ k: 'submitted', u: 'submitted' });
        expect((await holdOf(kycId)).email).toBe(winner.json().data.claimedBy);
        expect(history).toEqual([]);
        expect(takeOvers).toHaveLength(1);
        for (const [i, r] of results.entries())
          if (i % 2 === 1) expect(r.json().message).toContain(`held by ${winner.json().data.claimedBy}`);
      } else {
        // The holder's decision won: approved once, hold released, every take-over found nobody holding it.
        expect(await statusOf(kycId)).toEqual({ k: 'approved', u: 'approved' });
        expect(await holdOf(kycId)).toEqual({ email: null, until: null });
        expect(history).toEqual([{ to_status: 'approved', staff_email: emails.compliance }]);
        expect(takeOvers).toEqual([]);
        for (const [i, r] of results.entries())
          if (i % 2 === 0)
            expect(r.json().message).toBe('Nobody holds this case now: it can be decided without taking it over');
      }
    }
  });

  it('20 decisions at once by reviewers who do not hold the case: all 409, nothing written', async () => {
    const { kycId } = await heldCase(emails.support);
    const { until } = await holdOf(kycId);
    const before = await snapshot(kycId);
    const decisions: Decision[] = ['approved', 'rejected', 'escalated'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(kycId, decisions[i % 3]!, i % 2 === 0 ? tokens.compliance : supers[i]!.token),
      ),
    );
    for (const r of results) expectHeldBy(r, emails.support, until!);
    expect(await snapshot(kycId)).toEqual(before);
  });

  it('a decision that waits for a hold being taken is refused once the hold commits, naming the new holder (no timing: the hold is held open)', async () => {
    for (const decision of ['approved', 'rejected'] as const) {
      const { kycId } = await kycCase();
      const taker = await t.db.$client.connect();
      try {
        // A claim in progress: the case is updated to Support's hold, not yet committed.
        await taker.query('BEGIN');
        await taker.query(
          `UPDATE kyc_records SET claimed_by = (SELECT id FROM staff WHERE email = $2), claimed_until = now() + interval '15 minutes' WHERE id = $1`,
          [kycId, emails.support],
        );
        const pending = decide(kycId, decision, tokens.compliance);
        // The decision is waiting for the case's lock.
        await expect
          .poll(
            async () =>
              (
                await one<{ n: number }>(
                  `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%kyc_records%' AND pid <> pg_backend_pid()`,
                )
              ).n,
            { timeout: 10_000 },
          )
          .toBe(1);
        await taker.query('COMMIT');
        expectHeldBy(await pending, emails.support, (await holdOf(kycId)).until!);
      } finally {
        taker.release();
      }
      expect(await statusOf(kycId)).toEqual({ k: 'submitted', u: 'submitted' });
      expect(await q(`SELECT 1 FROM kyc_history WHERE kyc_id = $1`, [kycId])).toEqual([]);
    }
  });

  it('a hold taken while another reviewer decides is never bypassed: 12 rounds of Manage Random KYC against a decision', async () => {
    for (let round = 0; round < 12; round++) {
      const { kycId, userId } = await onlyCase();
      // The decision starts a little later in half the rounds, so that claims win some (either outcome is accepted).
      const decision = () => decide(kycId, 'approved', tokens.compliance);
      const [claimed, decided] = await inTurn(round, [
        () => claim(tokens.support),
        round % 4 < 2 ? decision : later(5, decision),
      ]);
      if (claimed!.statusCode === 200) {
        // The claim came first: it holds the case, so the decision was refused by the hold.
        expect(claimed!.json().data).toBe(userId);
        expectHeldBy(decided!, emails.support, (await holdOf(kycId)).until!);
        expect(await statusOf(kycId)).toEqual({ k: 'submitted', u: 'submitted' });
      } else {
        // The decision came first: the case left the queue, so there was nothing to hand out.
        expect(claimed!.statusCode, claimed!.body).toBe(404);
        expect(decided!.statusCode, decided!.body).toBe(200);
        expect(await statusOf(kycId)).toEqual({ k: 'approved', u: 'approved' });
        expect(await holdOf(kycId)).toEqual({ email: null, until: null });
      }
    }
  });
});
