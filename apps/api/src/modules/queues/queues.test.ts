import { describe, expect, it } from 'vitest';
import { bearer, demo, useTestApp } from '../../../test/helpers';

const { t, tokens: tok, q } = useTestApp();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, role: keyof typeof tok = 'compliance') =>
  t.app.inject({ method, url, headers: bearer(tok[role]), ...(payload ? { payload } : {}) });

let seq = 0;
async function customer() {
  const n = ++seq;
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`Queue Customer ${n}`, `queue${n}`, `queue${n}@example.test`, `QUEUE${n}`],
  );
  const [w] = await q<{ id: string; address: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id, address`,
    [u!.id, `0x${String(n).padStart(40, 'b')}`],
  );
  return { userId: u!.id, walletId: w!.id, address: w!.address };
}
async function plan(userId: string, planType: 'fixed' | 'flexible', amount: string, saveStatus = 'pending') {
  const [p] = await q<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, $2, 'Queue plan', $3, $4) RETURNING id`,
    [userId, planType, amount, saveStatus],
  );
  return p!.id;
}
async function item(
  queue: 'deposit' | 'withdraw',
  amount: string,
  status = 'pending',
  createdAt = '2026-01-01T00:00:00Z',
) {
  const c = await customer();
  const planId = await plan(c.userId, seq % 2 ? 'flexible' : 'fixed', amount);
  const [i] = await q<{ id: string }>(
    `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [queue, c.userId, planId, amount, status, createdAt],
  );
  return { id: i!.id, planId, ...c };
}
const itemRow = async (id: string) =>
  (
    await q<{ status: string; process_list_id: string | null }>(
      `SELECT status, process_list_id FROM queue_items WHERE id = $1`,
      [id],
    )
  )[0]!;
const audits = (action: string, targetId: string) =>
  q<{ actor_email: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    `SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  );

/** The rows a refused call could have touched, read again after it. */
const itemsState = (ids: string[]) =>
  q(`SELECT id, status, process_list_id, updated_at FROM queue_items WHERE id = ANY($1::uuid[]) ORDER BY id`, [ids]);
const listState = (id: string) =>
  q(`SELECT id, status, transaction_hash, batch_id, updated_at FROM process_lists WHERE id = $1`, [id]);
const auditCount = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`))[0]!.n;

describe('deposit and withdraw queues', () => {
  it('lists one status, oldest first, 30 a page, with the spec fields and the counters as total', async () => {
    // Two pending items, the newer created first, and one done: the page must put the older first.
    const second = await item('deposit', '4', 'pending', '2025-06-01T00:00:05Z');
    const first = await item('deposit', '12.5', 'pending', '2025-06-01T00:00:00Z');
    const doneItem = await item('deposit', '7', 'done', '2025-06-02T00:00:00Z');
    const olderDone = await item('deposit', '3', 'done', '2025-06-01T12:00:00Z');
    const res = await call('GET', '/v1/admin/deposit-queue?page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.pageSize).toBe(30);
    const records = body.data.records as { _id: string; status: string; createdAt: string }[];
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(records.map((r) => r.status)).toEqual(records.map(() => 'pending'));
    const created = records.map((r) => Date.parse(r.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const ids = records.map((r) => r._id);
    expect(ids).toContain(second.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const rec = body.data.records.find((r: { _id: string }) => r._id === first.id);
    expect(rec).toMatchObject({
      amount: '12.5',
      status: 'pending',
      planId: first.planId,
      planName: 'Queue plan',
      processList: null,
      userId: { _id: first.userId, username: expect.any(String) },
    });
    expect([0, 1]).toContain(rec.planType);
    const { n } = (
      await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM queue_items WHERE queue = 'deposit' AND status = 'pending'`,
      )
    )[0]!;
    expect(body.data.totalRecords).toBe(n);
    const done = (await call('GET', '/v1/admin/deposit-queue?status=done')).json();
    const doneRecords = done.data.records as { _id: string; status: string; createdAt: string }[];
    // The done list holds both done items, the older (made second) first, and only done items, oldest first.
    const doneIds = doneRecords.map((r) => r._id);
    expect(doneIds).toContain(doneItem.id);
    expect(doneIds.indexOf(olderDone.id)).toBeGreaterThanOrEqual(0);
    expect(doneIds.indexOf(olderDone.id)).toBeLessThan(doneIds.indexOf(doneItem.id));
    expect(doneRecords.map((r) => r.status)).toEqual(doneRecords.map(() => 'done'));
    const doneCreated = doneRecords.map((r) => Date.parse(r.createdAt));
    expect(doneCreated).toEqual([...doneCreated].sort((a, b) => a - b));
  });

  it('refuses a bad status or page with 400 naming the field, and other roles with 403', async () => {
    const bad = await call('GET', '/v1/admin/withdraw-queue?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('status');
    expect((await call('GET', '/v1/admin/withdraw-queue?page=0')).json().fields).toHaveProperty('page');
    expect((await call('GET', '/v1/admin/deposit-queue', undefined, 'support')).statusCode).toBe(403);
  });

  it('changes a status along the table, writes the audit row, and answers 409 for a move the table does not have', async () => {
    const it1 = await item('withdraw', '3');
    const res = await call('PUT', '/v1/admin/update-withdraw-queue-item', {
      queueItemId: it1.id,
      status: 'processing',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'queue updated', data: { status: 'processing' } });
    expect((await itemRow(it1.id)).status).toBe('processing');
    expect(await audits('queue.withdraw.status', it1.id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'processing' }),
      }),
    ]);
    const cancel = await call('PUT', '/v1/admin/cancel-withdraw-queue-item', { queueItemId: it1.id });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/Processing: it cannot become Cancelled/);
    expect((await itemRow(it1.id)).status).toBe('processing');
    // The wrong queue's call does not see the item.
    expect(
      (await call('PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: it1.id, status: 'done' })).statusCode,
    ).toBe(404);
    const badStatus = await call('PUT', '/v1/admin/update-withdraw-queue-item', {
      queueItemId: it1.id,
      status: 'failed',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields).toHaveProperty('status');
    expect(
      (await call('PUT', '/v1/admin/update-withdraw-queue-item', { queueItemId: it1.id, status: 'done' }, 'support'))
        .statusCode,
    ).toBe(403);
  });

  it('cancels only a pending item, once, even for ten staff at once', async () => {
    const it1 = await item('deposit', '9');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call('PUT', '/v1/admin/cancel-deposit-queue-item', { queueItemId: it1.id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(results.find((r) => r.statusCode === 200)!.json().message).toBe('queue item cancelled');
    expect((await itemRow(it1.id)).status).toBe('cancelled');
    expect(await audits('queue.deposit.cancel', it1.id)).toHaveLength(1);
    expect(
      (await call('PUT', '/v1/admin/cancel-deposit-queue-item', { queueItemId: 'nope' })).json().fields,
    ).toHaveProperty('queueItemId');
  });

  it('counts per status for queue-status (deposit, withdraw, withdrawout)', async () => {
    const res = await call('GET', '/v1/advanced/queue-status?queue=deposit');
    expect(res.statusCode).toBe(200);
    const { n } = (
      await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM queue_items WHERE queue = 'deposit' AND status = 'cancelled'`,
      )
    )[0]!;
    expect(res.json().data).toMatchObject({ canceled: n, hold: 0, review: 0 });
    expect(Object.keys((await call('GET', '/v1/advanced/queue-status?queue=withdrawout')).json().data).sort()).toEqual([
      'canceled',
      'completed',
      'hold',
      'pending',
      'processing',
      'retry',
      'review',
    ]);
    expect((await call('GET', '/v1/advanced/queue-status?queue=x')).statusCode).toBe(400);
  });
});

describe('process lists', () => {
  it('creates one open list per queue, adds pending items (processing), removes them (pending), and refuses the rest', async () => {
    const created = await call('POST', '/v1/advanced/create-process-list', { processType: 'deposit' });
    expect(created.statusCode).toBe(200);
    const list = created.json().data;
    expect(list).toMatchObject({
      type: 'deposit',
      status: 0,
      items: [],
      transactionHash: null,
      creator: { email: demo('compliance').email },
    });
    expect(created.json().message).toBe('Process list created');
    expect(await audits('process-list.create', list._id)).toEqual([
      expect.objectContaining({ actor_email: demo('compliance').email, after: { type: 'deposit', status: 0 } }),
    ]);
    // Process List again while the list is open: the same list, not a second one.
    const again = await call('POST', '/v1/advanced/create-process-list', { processType: 'deposit' }, 'superadmin');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Process list already open',
      data: { _id: list._id, creator: { email: demo('compliance').email } },
    });
    expect(await audits('process-list.create', list._id)).toHaveLength(1);
    expect(
      (await call('POST', '/v1/advanced/create-process-list', { processType: 'both' })).json().fields,
    ).toHaveProperty('processType');

    const a = await item('deposit', '10');
    const b = await item('deposit', '5.25');
    const w = await item('withdraw', '1');
    const add = await call('POST', '/v1/advanced/add-queue-item-to-process-list', {
      queueItemId: a.id,
      processListId: list._id,
    });
    expect(add.statusCode).toBe(200);
    await call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: b.id, processListId: list._id });
    expect(await itemRow(a.id)).toEqual({ status: 'processing', process_list_id: list._id });
    const mixed = await call('POST', '/v1/advanced/add-queue-item-to-process-list', {
      queueItemId: w.id,
      processListId: list._id,
    });
    expect(mixed.statusCode).toBe(409);
    expect((await itemRow(w.id)).status).toBe('pending');
    expect(
      (
        await call('POST', '/v1/advanced/add-queue-item-to-process-list', {
          queueItemId: a.id,
          processListId: list._id,
        })
      ).statusCode,
    ).toBe(409);

    const lists = (await call('GET', '/v1/advanced/process-lists?type=deposit')).json().data;
    const open = lists.find((l: { status: number }) => l.status !== 2);
    expect(open._id).toBe(list._id);
    expect(open.totalAmount).toBe('15.25');
    expect(open.items.map((i: { _id: string }) => i._id).sort()).toEqual([a.id, b.id].sort());

    const removed = await call('POST', '/v1/advanced/remove-queue-item-from-process-list', {
      processListId: list._id,
      queueItemId: b.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(await itemRow(b.id)).toEqual({ status: 'pending', process_list_id: null });
    expect(await audits('process-list.add-item', list._id)).toHaveLength(2);
    expect(await audits('process-list.remove-item', list._id)).toHaveLength(1);

    // Bad bodies: 400 naming the field, and neither the items nor the list changed.
    const before = {
      items: await itemsState([a.id, b.id]),
      list: await listState(list._id),
      audit: await auditCount(),
    };
    for (const url of [
      '/v1/advanced/add-queue-item-to-process-list',
      '/v1/advanced/remove-queue-item-from-process-list',
    ]) {
      for (const [body, field] of [
        [{ processListId: list._id }, 'queueItemId'],
        [{ queueItemId: b.id }, 'processListId'],
        [{ queueItemId: 'b', processListId: list._id }, 'queueItemId'],
        [{ queueItemId: a.id, processListId: 'not-a-list' }, 'processListId'],
      ] as const) {
        const res = await call('POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().fields).toHaveProperty(field);
      }
    }
    expect({
      items: await itemsState([a.id, b.id]),
      list: await listState(list._id),
      audit: await auditCount(),
    }).toEqual(before);

    // A list that is not open (status 1) takes no items, and Process List then answers 409 (update queue and plans first).
    await q(`UPDATE process_lists SET status = 1 WHERE id = $1`, [list._id]);
    const saved = await call('POST', '/v1/advanced/create-process-list', { processType: 'deposit' });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().message).toMatch(/To be propagated \(status 1\): update queue and plans first/);
    expect(await q(`SELECT 1 FROM process_lists WHERE type = 'deposit' AND status <> 2`)).toHaveLength(1);
    expect(
      (
        await call('POST', '/v1/advanced/add-queue-item-to-process-list', {
          queueItemId: b.id,
          processListId: list._id,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('POST', '/v1/advanced/remove-queue-item-from-process-list', {
          queueItemId: a.id,
          processListId: list._id,
        })
      ).statusCode,
    ).toBe(409);
    // An item of a saved batch is settled with it, not by hand.
    expect(
      (await call('PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: a.id, status: 'pending' })).statusCode,
    ).toBe(409);
    await q(`UPDATE process_lists SET status = 2 WHERE id = $1`, [list._id]);
  });

  it('two staff pressing Process List at once get the same list, and both selections join it', async () => {
    const mine = await item('withdraw', '3');
    const theirs = await item('withdraw', '4.5');
    const [x, y] = await Promise.all([
      call('POST', '/v1/advanced/create-process-list', { processType: 'withdraw' }),
      call('POST', '/v1/advanced/create-process-list', { processType: 'withdraw' }, 'superadmin'),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json().data._id).toBe(y.json().data._id);
    expect([x.json().message, y.json().message].sort()).toEqual(['Process list already open', 'Process list created']);
    const listId = x.json().data._id as string;
    expect(await q(`SELECT id FROM process_lists WHERE type = 'withdraw' AND status <> 2`)).toEqual([{ id: listId }]);
    expect(await audits('process-list.create', listId)).toHaveLength(1);
    expect(
      (
        await call('POST', '/v1/advanced/add-queue-item-to-process-list', {
          queueItemId: mine.id,
          processListId: listId,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/v1/advanced/add-queue-item-to-process-list',
          { queueItemId: theirs.id, processListId: listId },
          'superadmin',
        )
      ).statusCode,
    ).toBe(200);
    const open = (await call('GET', '/v1/advanced/process-lists?type=withdraw'))
      .json()
      .data.find((l: { _id: string }) => l._id === listId);
    expect(open).toMatchObject({ status: 0, totalAmount: '7.5' });
    expect(open.items.map((i: { _id: string }) => i._id).sort()).toEqual([mine.id, theirs.id].sort());
    await q(`UPDATE process_lists SET status = 2 WHERE id = $1`, [listId]);
  });

  it('adds the same item to the list once when staff race', async () => {
    const list = (await call('POST', '/v1/advanced/create-process-list', { processType: 'withdraw' })).json().data;
    const a = await item('withdraw', '4');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: a.id, processListId: list._id }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await audits('process-list.add-item', list._id)).toHaveLength(1);
    await q(`UPDATE process_lists SET status = 2 WHERE id = $1`, [list._id]);
  });
});

describe('withdrawal out', () => {
  async function request(status: number, amount = '40', opts: { inApp?: string } = {}) {
    const c = await customer();
    await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', '100', 'funding')`, [
      c.walletId,
    ]);
    const [r] = await q<{ id: string }>(
      `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address, in_app_transaction)
       VALUES ($1, $2, 1, $3, 1, $3::numeric - 1, 140, 100, $4, $5, $6) RETURNING id`,
      [c.userId, c.walletId, amount, status, opts.inApp ?? '0x' + 'c'.repeat(40), !!opts.inApp],
    );
    return { id: r!.id, ...c };
  }
  const balance = async (walletId: string) =>
    (
      await q<{ b: string }>(
        `SELECT trim_scale(balance)::text AS b FROM wallet_balances WHERE wallet_id = $1 AND currency = 'BUSD'`,
        [walletId],
      )
    )[0]?.b ?? '0';
  const requestState = async (id: string) => ({
    row: await q(
      `SELECT status, transaction_hash, channel, processed_by, processed_at, last_status_changed_by, updated_at FROM withdrawal_requests WHERE id = $1`,
      [id],
    ),
    ledger: (await q<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries`))[0]!.n,
    audit: await auditCount(),
  });
  const refunds = async (id: string) =>
    (
      await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'withdrawal-refund' AND reference_id = $1`,
        [id],
      )
    )[0]!.n;

  it('lists status 8 (Review) by default with the spec fields', async () => {
    const r = await request(8);
    const res = await call('GET', '/v1/admin/withdrawal-requests?page=1');
    expect(res.statusCode).toBe(200);
    const rec = res.json().data.records.find((x: { _id: string }) => x._id === r.id);
    expect(rec).toMatchObject({
      status: 8,
      currency: 1,
      amount: '40',
      fee: '1',
      finalAmount: '39',
      formerBalance: '140',
      balance: '100',
      initiator: 1,
      inAppTransaction: false,
      processedBy: null,
      userId: { _id: r.userId },
    });
    expect(res.json().data.pageSize).toBe(30);
    expect((await call('GET', '/v1/admin/withdrawal-requests?status=4')).json().fields).toHaveProperty('status');
  });

  it('lets admins set Pending and On-Hold, and only Super Admin Review, Processing and Retry', async () => {
    const r = await request(8);
    const hold = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 7 });
    expect(hold.statusCode).toBe(200);
    expect(hold.json()).toMatchObject({
      message: 'Status changed!',
      data: { status: 7, lastStatusChangedByUserId: { email: demo('compliance').email } },
    });
    const review = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 8 });
    expect(review.statusCode).toBe(403);
    const retry = await call(
      'PUT',
      '/v1/admin/withdrawal-request-update',
      { requestId: r.id, status: 6 },
      'superadmin',
    );
    expect(retry.statusCode).toBe(200);
    expect(await audits('withdrawal.status', r.id)).toHaveLength(2);
    expect(
      (await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 0 }, 'support')).statusCode,
    ).toBe(403);

    // A status outside the table is a 400 naming status; Done (1) only comes from Process Request: 409. Nothing changes.
    const before = await requestState(r.id);
    for (const status of [4, 9, -1, 'x', 1.5]) {
      const res = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status }, 'superadmin');
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().fields).toHaveProperty('status');
    }
    const bad = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: 'nope', status: 0 });
    expect(bad.json().fields).toHaveProperty('requestId');
    const done = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 1 }, 'superadmin');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toMatch(/only by processing it/);
    expect(await requestState(r.id)).toEqual(before);
  });

  it('cancels only at 0: status 3 and one ledger refund, even with 50 cancels at once', async () => {
    const r = await request(0, '40');
    expect(await balance(r.walletId)).toBe('100');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 3 }),
      ),
    );
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(results.filter((x) => x.statusCode === 409)).toHaveLength(49);
    expect(results.find((x) => x.statusCode === 200)!.json().message).toBe('Process triggered');
    expect(await refunds(r.id)).toBe(1);
    expect(await balance(r.walletId)).toBe('140');
    const [row] = await q<{ status: number }>(`SELECT status FROM withdrawal_requests WHERE id = $1`, [r.id]);
    expect(row!.status).toBe(3);
    const [audit] = await audits('withdrawal.cancel', r.id);
    expect(audit!.after).toMatchObject({
      status: 3,
      refunded: { amount: '40', currency: 'BUSD', balanceAfter: '140' },
    });
    const reviewing = await request(8);
    expect(
      (await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: reviewing.id, status: 3 })).statusCode,
    ).toBe(409);
    expect(await refunds(reviewing.id)).toBe(0);
  });

  it('processes at 0, 5 or 6 with a hash and channel human; a cancel racing a process gives one winner', async () => {
    const r = await request(5);
    const hash = `0x${'ab'.repeat(32)}`;
    const bad = await call('POST', '/v1/admin/process-withdraw-request', {
      requestId: r.id,
      hash: '0x12',
      channel: 'human',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('hash');
    expect(
      (await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'bot' })).json()
        .fields,
    ).toHaveProperty('channel');
    const ok = await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'human' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Process triggered',
      data: { status: 1, transactionHash: hash, processedBy: { email: demo('compliance').email } },
    });
    expect(await audits('withdrawal.process', r.id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: { status: 5 },
        after: { status: 1, transactionHash: hash, channel: 'human' },
      }),
    ]);
    expect(
      (await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'human' }))
        .statusCode,
    ).toBe(409);
    const held = await request(7);
    expect(
      (await call('POST', '/v1/admin/process-withdraw-request', { requestId: held.id, hash, channel: 'human' }))
        .statusCode,
    ).toBe(409);

    // One payout pays one request: the hash above is refused for another request.
    const other = await request(0, '25');
    const taken = await call('POST', '/v1/admin/process-withdraw-request', {
      requestId: other.id,
      hash,
      channel: 'human',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'This transaction hash is already recorded for another withdrawal request: one payout pays one request',
    );

    const race = await request(0, '25');
    const raceHash = `0x${'ba'.repeat(32)}`;
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call('PUT', '/v1/admin/withdrawal-request-update', { requestId: race.id, status: 3 }),
      ),
      ...Array.from({ length: 10 }, () =>
        call('POST', '/v1/admin/process-withdraw-request', { requestId: race.id, hash: raceHash, channel: 'human' }),
      ),
    ]);
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
    const [row] = await q<{ status: number }>(`SELECT status FROM withdrawal_requests WHERE id = $1`, [race.id]);
    expect(await refunds(race.id)).toBe(row!.status === 3 ? 1 : 0);
    expect(await balance(race.walletId)).toBe(row!.status === 3 ? '125' : '100');
  });

  it('pays an in-app request into the destination wallet through the ledger', async () => {
    const dest = await customer();
    const r = await request(0, '30', { inApp: dest.address });
    expect(
      (
        await call('POST', '/v1/admin/process-withdraw-request', {
          requestId: r.id,
          hash: `0x${'cd'.repeat(32)}`,
          channel: 'human',
        })
      ).statusCode,
    ).toBe(409);
    // Bad bodies: 400 naming the field, nothing paid, nothing changed.
    const before = await requestState(r.id);
    for (const [body, field] of [
      [{ requestId: r.id, hash: '0x12', channel: 'human' }, 'hash'],
      [{ requestId: r.id, hash: `0x${'cd'.repeat(32)}`, channel: 'bot' }, 'channel'],
      [{ requestId: 'r1', hash: `0x${'cd'.repeat(32)}`, channel: 'human' }, 'requestId'],
      [{ requestId: r.id, channel: 'human' }, 'hash'],
    ] as const) {
      const res = await call('POST', '/v1/admin/process-inApp-transaction', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect(await requestState(r.id)).toEqual(before);
    expect(await balance(dest.walletId)).toBe('0');

    const res = await call('POST', '/v1/admin/process-inApp-transaction', {
      requestId: r.id,
      hash: `0x${'cd'.repeat(32)}`,
      channel: 'human',
    });
    expect(res.statusCode).toBe(200);
    expect(await balance(dest.walletId)).toBe('29');
    expect(await audits('withdrawal.process-in-app', r.id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: { status: 0 },
        after: {
          status: 1,
          transactionHash: `0x${'cd'.repeat(32)}`,
          channel: 'human',
          credited: { walletId: dest.walletId, currency: 'BUSD', amount: '29', balanceAfter: '29' },
        },
      }),
    ]);

    // A request paid on chain is not paid in the app: 409, nothing credited, nothing changed.
    const onChain = await request(0, '12');
    const chainBefore = await requestState(onChain.id);
    const refused = await call('POST', '/v1/admin/process-inApp-transaction', {
      requestId: onChain.id,
      hash: `0x${'ef'.repeat(32)}`,
      channel: 'human',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/pays out on chain: use process-withdraw-request/);
    expect(await requestState(onChain.id)).toEqual(chainBefore);
  });
});

describe('liquidity providers and bridge sell requests', () => {
  it('adds a provider with a valid address, refuses a duplicate, activates and deactivates with editedBy', async () => {
    const bad = await call('POST', '/v1/advanced/liquidity-providers', { name: 'Desk', walletAddress: '0x123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('walletAddress');
    const address = `0x${'d'.repeat(40)}`;
    const added = await call('POST', '/v1/advanced/liquidity-providers', {
      name: 'Delta Desk',
      walletAddress: address,
    });
    expect(added.statusCode).toBe(200);
    const p = added.json().data;
    expect(p).toMatchObject({
      name: 'Delta Desk',
      walletAddress: address,
      isActive: true,
      editedBy: { email: demo('compliance').email },
    });
    expect(await audits('liquidity-provider.add', p._id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        after: { name: 'Delta Desk', walletAddress: address, isActive: true },
      }),
    ]);
    expect(
      (
        await call('POST', '/v1/advanced/liquidity-providers', {
          name: 'Again',
          walletAddress: address.toUpperCase().replace('0X', '0x'),
        })
      ).statusCode,
    ).toBe(409);
    const off = await call(
      'PUT',
      '/v1/advanced/liquidity-providers',
      { providerId: p._id, isActive: false },
      'superadmin',
    );
    expect(off.json()).toMatchObject({
      message: 'Liquidity provider deactivated',
      data: { isActive: false, editedBy: { email: demo('superadmin').email } },
    });
    expect(
      (await call('PUT', '/v1/advanced/liquidity-providers', { providerId: p._id, isActive: false })).statusCode,
    ).toBe(409);
    expect(await audits('liquidity-provider.deactivate', p._id)).toHaveLength(1);
    const providerState = async () => ({
      row: await q(`SELECT is_active, edited_by, updated_at FROM liquidity_providers WHERE id = $1`, [p._id]),
      audit: await auditCount(),
    });
    const before = await providerState();
    for (const [body, field] of [
      [{ providerId: p._id, isActive: 'yes' }, 'isActive'],
      [{ providerId: p._id }, 'isActive'],
      [{ providerId: 'p1', isActive: true }, 'providerId'],
      [{ isActive: true }, 'providerId'],
    ] as const) {
      const res = await call('PUT', '/v1/advanced/liquidity-providers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect(await providerState()).toEqual(before);
    const on = await call('PUT', '/v1/advanced/liquidity-providers', { providerId: p._id, isActive: true });
    expect(on.json()).toMatchObject({ data: { isActive: true, editedBy: { email: demo('compliance').email } } });
    expect(await audits('liquidity-provider.activate', p._id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: { isActive: false },
        after: { isActive: true },
      }),
    ]);
    const list = (await call('GET', '/v1/advanced/liquidity-providers?pageSize=30')).json().data;
    expect(list.records.map((r: { _id: string }) => r._id)).toContain(p._id);
    expect(
      (await call('POST', '/v1/advanced/liquidity-providers', { name: 'X', walletAddress: address }, 'support'))
        .statusCode,
    ).toBe(403);
  });

  it('finds a bridge sell request by reference; none given is "Input a reference", none found "No data with order reference"', async () => {
    await q(
      `INSERT INTO bridge_sell_requests (order_reference, user_email, amount, pay_in_currency, destination_address) VALUES ('VLT-ABC123', 'a@example.test', 120.5, 'BUSD', $1)`,
      [`0x${'e'.repeat(40)}`],
    );
    const found = await call('GET', '/v1/advanced/vlt-bridge?orderReference=vlt-abc123');
    expect(found.json()).toMatchObject({
      data: { orderReference: 'VLT-ABC123', userEmail: 'a@example.test', amount: '120.5', payInCurrency: 'BUSD' },
    });
    const none = await call('GET', '/v1/advanced/vlt-bridge?orderReference=VLT-NONE');
    expect(none.json()).toEqual({ message: 'No data with order reference', data: null });
    const empty = await call('GET', '/v1/advanced/vlt-bridge');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Input a reference');
  });
});
