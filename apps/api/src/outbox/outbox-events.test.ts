import { describe, expect, it } from 'vitest';
import { emitEvent } from './outbox';
import { customerWithWallet, randomHex } from '../../test/chain-deposits';
import { bearer, insertStaff, sessionFor, useTestApp } from '../../test/helpers';

/**
 * Every decision the staff take at the desk writes its event in the outbox, in the decision's own
 * transaction: exactly one row per decision and customer, with the payload the product's backend
 * reads; a refused decision writes none; a decision held by four eyes writes it when approved.
 */
const { t, tokens, q } = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = tokens.superadmin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

type Event = { type: string; user_id: string; payload: Record<string, unknown> };
const eventsOf = (userId: string) =>
  q<Event>(`SELECT type, user_id, payload FROM outbox_events WHERE user_id = $1 ORDER BY id`, [userId]);
const eventCount = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_events`))[0]!.n;

const customer = () => customerWithWallet(t.db);
async function fund(walletId: string, amount: string) {
  await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', $2, 'funding')`, [
    walletId,
    amount,
  ]);
}
async function plan(userId: string, type: 'fixed' | 'flexible', deposit: string, saveStatus = 'saved') {
  const [p] = await q<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, $2, 'Events plan', $3, $4) RETURNING id`,
    [userId, type, deposit, saveStatus],
  );
  return p!.id;
}
/** A process list already saved on chain (status 1) or finished (2), with its batch. */
async function savedList(type: 'deposit' | 'withdraw', status: 1 | 2) {
  const hash = randomHex(32);
  const [list] = await q<{ id: string }>(`INSERT INTO process_lists (type) VALUES ($1) RETURNING id`, [type]);
  const [batch] = await q<{ id: string }>(
    `INSERT INTO batches (action, plan_type, transaction_hash, process_list_id, price_per_full_share) VALUES ($1, 'flexible', $2, $3, 1000000000000000000) RETURNING id`,
    [type, hash, list!.id],
  );
  return { id: list!.id, batchId: batch!.id, hash, status };
}
async function settle(list: { id: string; batchId: string; hash: string; status: number }) {
  await q(`UPDATE process_lists SET status = $1, transaction_hash = $2, batch_id = $3 WHERE id = $4`, [
    list.status,
    list.hash,
    list.batchId,
    list.id,
  ]);
}
async function queueItem(
  queue: 'deposit' | 'withdraw',
  userId: string,
  planId: string,
  amount: string,
  listId?: string,
) {
  const [i] = await q<{ id: string }>(
    `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, process_list_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [queue, userId, planId, amount, listId ? 'processing' : 'pending', listId ?? null],
  );
  return i!.id;
}

describe('the outbox: one event per decision, in its transaction', () => {
  it('KYC approved, rejected and escalated carry the level and the decision; a refused decision writes none', async () => {
    const c = await customer();
    // One KYC record per customer: the first is c's, the others belong to customers of their own.
    const kyc = async (userId?: string) =>
      (
        await q<{ id: string }>(
          `INSERT INTO kyc_records (user_id, first_name, last_name, level_two_status) VALUES ($1, 'Eve', 'Event', 'submitted') RETURNING id`,
          [userId ?? (await customer()).id],
        )
      )[0]!.id;
    const approved = await kyc(c.id);
    const decide = (id: string, body: object) =>
      call('POST', '/v1/admin/kyc/update-levelTwo-kyc', { id, fromStatus: 'submitted', ...body });
    expect((await decide(approved, { kycStatus: 'approved' })).statusCode).toBe(200);
    expect(await eventsOf(c.id)).toEqual([
      {
        type: 'kyc.approved',
        user_id: c.id,
        payload: {
          customerId: c.id,
          kycId: approved,
          level: 2,
          status: 'approved',
          previousStatus: 'submitted',
          reason: null,
          message: null,
        },
      },
    ]);
    // The same decision again from a screen that still shows 'submitted': 409, no event.
    const before = await eventCount();
    expect((await decide(approved, { kycStatus: 'approved' })).statusCode).toBe(409);
    // Bad input (a rejection without its reason): 400, no event.
    expect((await decide(await kyc(), { kycStatus: 'rejected' })).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);

    const rejecter = await customer();
    const escalator = await customer();
    const rejected = await kyc(rejecter.id);
    const escalated = await kyc(escalator.id);
    expect(
      (
        await decide(rejected, {
          kycStatus: 'rejected',
          RejectionReason: 'FACE_NOT_CLEAR',
          RejectionMessage: 'Blurred',
        })
      ).statusCode,
    ).toBe(200);
    expect((await decide(escalated, { kycStatus: 'escalated', RejectionReason: 'FACE_NOT_CLEAR' })).statusCode).toBe(
      200,
    );
    expect(await eventsOf(rejecter.id)).toMatchObject([
      {
        type: 'kyc.rejected',
        payload: { kycId: rejected, level: 2, status: 'rejected', reason: 'FACE_NOT_CLEAR', message: 'Blurred' },
      },
    ]);
    expect(await eventsOf(escalator.id)).toMatchObject([
      {
        type: 'kyc.escalated',
        payload: { kycId: escalated, level: 2, status: 'escalated', reason: 'FACE_NOT_CLEAR' },
      },
    ]);
    expect(await eventsOf(c.id)).toHaveLength(1);
  });

  it('a Withdrawal Out request processed; another cancelled (and refunded); a refused cancel writes none', async () => {
    const c = await customer();
    await fund(c.wallet.id, '100');
    const request = async (status: number) =>
      (
        await q<{ id: string }>(
          `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address)
           VALUES ($1, $2, 1, '40', 1, 39, 140, 100, $3, $4) RETURNING id`,
          [c.id, c.wallet.id, status, `0x${'c'.repeat(40)}`],
        )
      )[0]!.id;
    const paid = await request(0);
    const hash = randomHex(32);
    const res = await call('POST', '/v1/admin/process-withdraw-request', { requestId: paid, hash, channel: 'human' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(c.id)).toEqual([
      {
        type: 'withdrawal.processed',
        user_id: c.id,
        payload: {
          customerId: c.id,
          withdrawalId: paid,
          source: 'withdrawOut',
          currency: 'BUSD',
          amount: '39',
          transactionHash: hash,
          inApp: false,
          planId: null,
        },
      },
    ]);

    const reviewing = await request(8);
    const before = await eventCount();
    expect(
      (await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: reviewing, status: 3 })).statusCode,
    ).toBe(409);
    expect(await eventCount()).toBe(before);

    const cancelled = await request(0);
    expect(
      (await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: cancelled, status: 3 })).statusCode,
    ).toBe(200);
    const [, cancel, refund] = await eventsOf(c.id);
    expect(cancel).toEqual({
      type: 'withdrawal.cancelled',
      user_id: c.id,
      payload: {
        customerId: c.id,
        withdrawalId: cancelled,
        source: 'withdrawOut',
        currency: 'BUSD',
        amount: '40',
        refunded: true,
      },
    });
    expect(refund).toEqual({
      type: 'withdrawal.refunded',
      user_id: c.id,
      payload: {
        customerId: c.id,
        withdrawalId: cancelled,
        walletId: c.wallet.id,
        currency: 'BUSD',
        amount: '40',
        balanceAfter: '140',
      },
    });
    expect(await eventsOf(c.id)).toHaveLength(3);
  });

  it('the withdraw queue: an item settled after its batch is processed, a pending one cancelled', async () => {
    const c = await customer();
    const planId = await plan(c.id, 'fixed', '50');
    const list = await savedList('withdraw', 2);
    const item = await queueItem('withdraw', c.id, planId, '50', list.id);
    await settle(list);
    const res = await call('POST', '/v1/advanced/update-queue-after-withdrawal', { queueId: item });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(c.id)).toEqual([
      {
        type: 'withdrawal.processed',
        user_id: c.id,
        payload: {
          customerId: c.id,
          withdrawalId: item,
          source: 'withdrawQueue',
          currency: 'BUSD',
          amount: '50',
          transactionHash: list.hash,
          inApp: false,
          planId,
        },
      },
    ]);
    // Settled once: the second call is refused and writes nothing.
    expect((await call('POST', '/v1/advanced/update-queue-after-withdrawal', { queueId: item })).statusCode).toBe(409);
    expect(await eventsOf(c.id)).toHaveLength(1);

    const pending = await queueItem('withdraw', c.id, await plan(c.id, 'flexible', '30'), '12.5');
    expect((await call('PUT', '/v1/admin/cancel-withdraw-queue-item', { queueItemId: pending })).statusCode).toBe(200);
    expect((await call('PUT', '/v1/admin/cancel-withdraw-queue-item', { queueItemId: pending })).statusCode).toBe(409);
    expect((await eventsOf(c.id)).slice(1)).toEqual([
      {
        type: 'withdrawal.cancelled',
        user_id: c.id,
        payload: {
          customerId: c.id,
          withdrawalId: pending,
          source: 'withdrawQueue',
          currency: 'BUSD',
          amount: '12.5',
          refunded: false,
        },
      },
    ]);
  });

  it('plan.funded: one event per plan a deposit batch carried, with its items and amount', async () => {
    const a = await customer();
    const b = await customer();
    const planA = await plan(a.id, 'flexible', '0', 'pending');
    const planB = await plan(b.id, 'flexible', '0', 'pending');
    const list = await savedList('deposit', 1);
    const a1 = await queueItem('deposit', a.id, planA, '10', list.id);
    const a2 = await queueItem('deposit', a.id, planA, '2.5', list.id);
    const b1 = await queueItem('deposit', b.id, planB, '7', list.id);
    await settle(list);
    const res = await call('POST', '/v1/advanced/process-batch', { processListId: list.id });
    expect(res.statusCode, res.body).toBe(200);
    const common = { currency: 'BUSD', processListId: list.id, batchId: list.batchId, transactionHash: list.hash };
    expect(await eventsOf(a.id)).toEqual([
      {
        type: 'plan.funded',
        user_id: a.id,
        payload: {
          customerId: a.id,
          planId: planA,
          amount: '12.5',
          queueItemIds: expect.arrayContaining([a1, a2]),
          ...common,
        },
      },
    ]);
    expect(await eventsOf(b.id)).toEqual([
      {
        type: 'plan.funded',
        user_id: b.id,
        payload: { customerId: b.id, planId: planB, amount: '7', queueItemIds: [b1], ...common },
      },
    ]);
    // The list is finished: processing it again is refused and writes nothing.
    const before = await eventCount();
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list.id })).statusCode).toBe(409);
    expect(await eventCount()).toBe(before);
  });

  it('a savings lock and unlock are account.locked and account.unlocked with what they hold and release', async () => {
    const c = await customer();
    const planId = await plan(c.id, 'fixed', '100');
    const lock = (lockStatus: 'lock' | 'unlock') =>
      call('PUT', '/v1/admin/lock-fixed-savings', {
        fixedSavingsId: planId,
        lockedComment: `Compliance ${lockStatus} of the plan`,
        lockStatus,
      });
    expect((await lock('lock')).statusCode).toBe(200);
    expect((await lock('lock')).statusCode).toBe(409);
    expect((await lock('unlock')).statusCode).toBe(200);
    const common = { customerId: c.id, planId, planType: 'fixed', currency: 'BUSD' };
    expect(await eventsOf(c.id)).toEqual([
      {
        type: 'account.locked',
        user_id: c.id,
        payload: { ...common, heldAmount: '100', comment: 'Compliance lock of the plan' },
      },
      {
        type: 'account.unlocked',
        user_id: c.id,
        payload: { ...common, releasedAmount: '100', comment: 'Compliance unlock of the plan' },
      },
    ]);
  });

  it('a blacklisted device: one event per customer holding it; de-listing and a device no one holds write none', async () => {
    const named = await customer();
    const registered = await customer();
    const deviceId = `device-${randomHex(6)}`;
    await q(`UPDATE users SET registration_device_details = $1 WHERE id = $2`, [
      JSON.stringify({ serial: deviceId }),
      registered.id,
    ]);
    const added = await call('POST', '/v1/advanced/blacklisted-device', { deviceId, userId: named.id });
    expect(added.statusCode, added.body).toBe(200);
    const recordId = added.json().data._id as string;
    for (const c of [named, registered])
      expect(await eventsOf(c.id)).toEqual([
        {
          type: 'device.blacklisted',
          user_id: c.id,
          payload: { customerId: c.id, deviceId, blacklistedRecordId: recordId },
        },
      ]);
    const before = await eventCount();
    const set = (blacklisted: boolean) =>
      call('PUT', '/v1/advanced/blacklisted-device', { blacklistedRecordId: recordId, blacklisted });
    expect((await set(false)).statusCode).toBe(200);
    expect((await set(false)).statusCode).toBe(409);
    expect(
      (await call('POST', '/v1/advanced/blacklisted-device', { deviceId: `lone-${randomHex(6)}` })).statusCode,
    ).toBe(200);
    expect(await eventCount()).toBe(before);
    // Blacklisted again: each holder hears it again.
    expect((await set(true)).statusCode).toBe(200);
    expect(await eventCount()).toBe(before + 2);
  });

  it('trust_score.changed carries before and after; the same score or a bad one writes none', async () => {
    const c = await customer();
    const set = (trustScore: unknown) => call('POST', '/v1/admin/update-user-trustscore', { userId: c.id, trustScore });
    expect((await set(80)).statusCode).toBe(200);
    expect((await set(80)).statusCode).toBe(200);
    expect((await set(1000)).statusCode).toBe(400);
    expect(await eventsOf(c.id)).toEqual([
      { type: 'trust_score.changed', user_id: c.id, payload: { customerId: c.id, before: 50, after: 80 } },
    ]);
  });

  it('a remittance held by four eyes writes funds.remitted only when a second admin approves it', async () => {
    const c = await customer();
    await fund(c.wallet.id, '2500');
    await q(`INSERT INTO approval_policy_versions (policy, created_at) VALUES ($1, clock_timestamp())`, [
      JSON.stringify({
        remitFunds: { thresholdUsd: '1000' },
        withdrawalOut: { thresholdUsd: null },
        settings: { required: false },
        admins: { required: false },
        blacklist: { required: false },
        expiryHours: 24,
        coolingOffDays: 7,
      }),
    ]);
    const held = await t.app.inject({
      method: 'POST',
      url: '/v1/advanced/trigger-remittance',
      headers: { ...bearer(tokens.superadmin), 'x-approval-reason': encodeURIComponent('Customer closed the account') },
      payload: { userId: c.id, currency: 1 },
    });
    expect(held.statusCode, held.body).toBe(202);
    expect(await eventsOf(c.id)).toEqual([]);

    await insertStaff(t.db, 'events-second@vaultdesk.test', 'Second Super', 'Super Admin');
    const second = await sessionFor(t.db, 'events-second@vaultdesk.test');
    const approved = await call(
      'POST',
      `/v1/admin/approval-requests/${held.json().data.approvalRequestId}/approve`,
      undefined,
      second,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const [remittance] = await q<{ id: string }>(`SELECT id FROM remittances WHERE user_id = $1`, [c.id]);
    expect(await eventsOf(c.id)).toEqual([
      {
        type: 'funds.remitted',
        user_id: c.id,
        payload: {
          customerId: c.id,
          remittanceId: remittance!.id,
          currency: 'BUSD',
          amount: '2500',
          status: 'pending',
          walletIds: [c.wallet.id],
        },
      },
    ]);
  });

  it('emitEvent refuses a payload that does not match its type, and the transaction writes nothing', async () => {
    const c = await customer();
    await expect(
      t.db.transaction(async (tx) => {
        await emitEvent(tx, {
          type: 'trust_score.changed',
          userId: c.id,
          payload: { customerId: c.id, before: 50 } as never,
        });
      }),
    ).rejects.toThrow(/trust_score.changed has a payload that does not match/);
    await expect(
      t.db.transaction(async (tx) => {
        await emitEvent(tx, {
          type: 'trust_score.changed',
          userId: c.id,
          payload: { customerId: (await customer()).id, before: 50, after: 60 },
        });
      }),
    ).rejects.toThrow(/names another/);
    expect(await eventsOf(c.id)).toEqual([]);
  });
});
