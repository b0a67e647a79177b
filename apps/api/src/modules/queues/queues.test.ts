import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
const tok: Record<'superadmin' | 'compliance' | 'support', string> = { superadmin: '', compliance: '', support: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['superadmin', 'compliance', 'support'] as const) tok[role] = await sessionFor(t.db, demo(role).email);
});
afterAll(async () => { await t?.close(); });

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows as T[];
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, role: keyof typeof tok = 'compliance') =>
  t.app.inject({ method, url, headers: bearer(tok[role]), ...(payload ? { payload } : {}) });

let seq = 0;
async function customer() {
  const n = ++seq;
  const [u] = await q<{ id: string }>(`INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`Queue Customer ${n}`, `queue${n}`, `queue${n}@example.test`, `QUEUE${n}`]);
  const [w] = await q<{ id: string; address: string }>(`INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id, address`,
    [u!.id, `0x${String(n).padStart(40, 'b')}`]);
  return { userId: u!.id, walletId: w!.id, address: w!.address };
}
async function plan(userId: string, planType: 'fixed' | 'flexible', amount: string, saveStatus = 'pending') {
  const [p] = await q<{ id: string }>(`INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, $2, 'Queue plan', $3, $4) RETURNING id`,
    [userId, planType, amount, saveStatus]);
  return p!.id;
}
async function item(queue: 'deposit' | 'withdraw', amount: string, status = 'pending', createdAt = '2026-01-01T00:00:00Z') {
  const c = await customer();
  const planId = await plan(c.userId, seq % 2 ? 'flexible' : 'fixed', amount);
  const [i] = await q<{ id: string }>(`INSERT INTO queue_items (queue, user_id, plan_id, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [queue, c.userId, planId, amount, status, createdAt]);
  return { id: i!.id, planId, ...c };
}
const itemRow = async (id: string) => (await q<{ status: string; process_list_id: string | null }>(`SELECT status, process_list_id FROM queue_items WHERE id = $1`, [id]))[0]!;
const audits = (action: string, targetId: string) => q<{ actor_email: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
  `SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`, [action, targetId]);

describe('deposit and withdraw queues', () => {
  it('lists one status, oldest first, 30 a page, with the spec fields and the counters as total', async () => {
    const first = await item('deposit', '12.5', 'pending', '2025-06-01T00:00:00Z');
    await item('deposit', '7', 'done', '2025-06-02T00:00:00Z');
    const res = await call('GET', '/v1/admin/deposit-queue?page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.pageSize).toBe(30);
    expect(body.data.records.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    const rec = body.data.records.find((r: { _id: string }) => r._id === first.id);
    expect(rec).toMatchObject({ amount: '12.5', status: 'pending', planId: first.planId, planName: 'Queue plan', processList: null, userId: { _id: first.userId, username: expect.any(String) } });
    expect([0, 1]).toContain(rec.planType);
    const { n } = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM queue_items WHERE queue = 'deposit' AND status = 'pending'`))[0]!;
    expect(body.data.totalRecords).toBe(n);
    const done = (await call('GET', '/v1/admin/deposit-queue?status=done')).json();
    expect(done.data.records.every((r: { status: string }) => r.status === 'done')).toBe(true);
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
    const res = await call('PUT', '/v1/admin/update-withdraw-queue-item', { queueItemId: it1.id, status: 'processing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'queue updated', data: { status: 'processing' } });
    expect((await itemRow(it1.id)).status).toBe('processing');
    expect(await audits('queue.withdraw.status', it1.id)).toEqual([expect.objectContaining({ actor_email: demo('compliance').email, before: expect.objectContaining({ status: 'pending' }), after: expect.objectContaining({ status: 'processing' }) })]);
    const cancel = await call('PUT', '/v1/admin/cancel-withdraw-queue-item', { queueItemId: it1.id });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/Processing: it cannot become Cancelled/);
    expect((await itemRow(it1.id)).status).toBe('processing');
    // The wrong queue's call does not see the item.
    expect((await call('PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: it1.id, status: 'done' })).statusCode).toBe(404);
    const badStatus = await call('PUT', '/v1/admin/update-withdraw-queue-item', { queueItemId: it1.id, status: 'failed' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields).toHaveProperty('status');
    expect((await call('PUT', '/v1/admin/update-withdraw-queue-item', { queueItemId: it1.id, status: 'done' }, 'support')).statusCode).toBe(403);
  });

  it('cancels only a pending item, once, even for ten staff at once', async () => {
    const it1 = await item('deposit', '9');
    const results = await Promise.all(Array.from({ length: 10 }, () => call('PUT', '/v1/admin/cancel-deposit-queue-item', { queueItemId: it1.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(results.find((r) => r.statusCode === 200)!.json().message).toBe('queue item cancelled');
    expect((await itemRow(it1.id)).status).toBe('cancelled');
    expect(await audits('queue.deposit.cancel', it1.id)).toHaveLength(1);
    expect((await call('PUT', '/v1/admin/cancel-deposit-queue-item', { queueItemId: 'nope' })).json().fields).toHaveProperty('queueItemId');
  });

  it('counts per status for queue-status (deposit, withdraw, withdrawout)', async () => {
    const res = await call('GET', '/v1/advanced/queue-status?queue=deposit');
    expect(res.statusCode).toBe(200);
    const { n } = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM queue_items WHERE queue = 'deposit' AND status = 'cancelled'`))[0]!;
    expect(res.json().data).toMatchObject({ canceled: n, hold: 0, review: 0 });
    expect(Object.keys((await call('GET', '/v1/advanced/queue-status?queue=withdrawout')).json().data).sort()).toEqual(['canceled', 'completed', 'hold', 'pending', 'processing', 'retry', 'review']);
    expect((await call('GET', '/v1/advanced/queue-status?queue=x')).statusCode).toBe(400);
  });
});

describe('process lists', () => {
  it('creates one open list per queue, adds pending items (processing), removes them (pending), and refuses the rest', async () => {
    const created = await call('POST', '/v1/advanced/create-process-list', { processType: 'deposit' });
    expect(created.statusCode).toBe(200);
    const list = created.json().data;
    expect(list).toMatchObject({ type: 'deposit', status: 0, items: [], transactionHash: null, creator: { email: demo('compliance').email } });
    expect((await call('POST', '/v1/advanced/create-process-list', { processType: 'deposit' })).statusCode).toBe(409);
    expect((await call('POST', '/v1/advanced/create-process-list', { processType: 'both' })).json().fields).toHaveProperty('processType');

    const a = await item('deposit', '10');
    const b = await item('deposit', '5.25');
    const w = await item('withdraw', '1');
    const add = await call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: a.id, processListId: list._id });
    expect(add.statusCode).toBe(200);
    await call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: b.id, processListId: list._id });
    expect(await itemRow(a.id)).toEqual({ status: 'processing', process_list_id: list._id });
    const mixed = await call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: w.id, processListId: list._id });
    expect(mixed.statusCode).toBe(409);
    expect((await itemRow(w.id)).status).toBe('pending');
    expect((await call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: a.id, processListId: list._id })).statusCode).toBe(409);

    const lists = (await call('GET', '/v1/advanced/process-lists?type=deposit')).json().data;
    const open = lists.find((l: { status: number }) => l.status !== 2);
    expect(open._id).toBe(list._id);
    expect(open.totalAmount).toBe('15.25');
    expect(open.items.map((i: { _id: string }) => i._id).sort()).toEqual([a.id, b.id].sort());

    const removed = await call('POST', '/v1/advanced/remove-queue-item-from-process-list', { processListId: list._id, queueItemId: b.id });
    expect(removed.statusCode).toBe(200);
    expect(await itemRow(b.id)).toEqual({ status: 'pending', process_list_id: null });
    expect(await audits('process-list.add-item', list._id)).toHaveLength(2);
    expect(await audits('process-list.remove-item', list._id)).toHaveLength(1);
    // A list that is not open (status 1) takes no items.
    await q(`UPDATE process_lists SET status = 1 WHERE id = $1`, [list._id]);
    expect((await call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: b.id, processListId: list._id })).statusCode).toBe(409);
    expect((await call('POST', '/v1/advanced/remove-queue-item-from-process-list', { queueItemId: a.id, processListId: list._id })).statusCode).toBe(409);
    // An item of a saved batch is settled with it, not by hand.
    expect((await call('PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: a.id, status: 'pending' })).statusCode).toBe(409);
    await q(`UPDATE process_lists SET status = 2 WHERE id = $1`, [list._id]);
  });

  it('adds the same item to the list once when staff race', async () => {
    const list = (await call('POST', '/v1/advanced/create-process-list', { processType: 'withdraw' })).json().data;
    const a = await item('withdraw', '4');
    const results = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: a.id, processListId: list._id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await audits('process-list.add-item', list._id)).toHaveLength(1);
    await q(`UPDATE process_lists SET status = 2 WHERE id = $1`, [list._id]);
  });
});

describe('withdrawal out', () => {
  async function request(status: number, amount = '40', opts: { inApp?: string } = {}) {
    const c = await customer();
    await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', '100', 'funding')`, [c.walletId]);
    const [r] = await q<{ id: string }>(
      `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address, in_app_transaction)
       VALUES ($1, $2, 1, $3, 1, $3::numeric - 1, 140, 100, $4, $5, $6) RETURNING id`,
      [c.userId, c.walletId, amount, status, opts.inApp ?? '0x' + 'c'.repeat(40), !!opts.inApp]);
    return { id: r!.id, ...c };
  }
  const balance = async (walletId: string) => (await q<{ b: string }>(`SELECT trim_scale(balance)::text AS b FROM wallet_balances WHERE wallet_id = $1 AND currency = 'BUSD'`, [walletId]))[0]!.b;
  const refunds = async (id: string) => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'withdrawal-refund' AND reference_id = $1`, [id]))[0]!.n;

  it('lists status 8 (Review) by default with the spec fields', async () => {
    const r = await request(8);
    const res = await call('GET', '/v1/admin/withdrawal-requests?page=1');
    expect(res.statusCode).toBe(200);
    const rec = res.json().data.records.find((x: { _id: string }) => x._id === r.id);
    expect(rec).toMatchObject({ status: 8, currency: 1, amount: '40', fee: '1', finalAmount: '39', formerBalance: '140', balance: '100', initiator: 1, inAppTransaction: false, processedBy: null, userId: { _id: r.userId } });
    expect(res.json().data.pageSize).toBe(30);
    expect((await call('GET', '/v1/admin/withdrawal-requests?status=4')).json().fields).toHaveProperty('status');
  });

  it('lets admins set Pending and On-Hold, and only Super Admin Review, Processing and Retry', async () => {
    const r = await request(8);
    const hold = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 7 });
    expect(hold.statusCode).toBe(200);
    expect(hold.json()).toMatchObject({ message: 'Status changed!', data: { status: 7, lastStatusChangedByUserId: { email: demo('compliance').email } } });
    const review = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 8 });
    expect(review.statusCode).toBe(403);
    const retry = await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 6 }, 'superadmin');
    expect(retry.statusCode).toBe(200);
    expect(await audits('withdrawal.status', r.id)).toHaveLength(2);
    expect((await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 0 }, 'support')).statusCode).toBe(403);
  });

  it('cancels only at 0: status 3 and one ledger refund, even with 50 cancels at once', async () => {
    const r = await request(0, '40');
    expect(await balance(r.walletId)).toBe('100');
    const results = await Promise.all(Array.from({ length: 50 }, () => call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 3 })));
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(results.filter((x) => x.statusCode === 409)).toHaveLength(49);
    expect(results.find((x) => x.statusCode === 200)!.json().message).toBe('Process triggered');
    expect(await refunds(r.id)).toBe(1);
    expect(await balance(r.walletId)).toBe('140');
    const [row] = await q<{ status: number }>(`SELECT status FROM withdrawal_requests WHERE id = $1`, [r.id]);
    expect(row!.status).toBe(3);
    const [audit] = await audits('withdrawal.cancel', r.id);
    expect(audit!.after).toMatchObject({ status: 3, refunded: { amount: '40', currency: 'BUSD', balanceAfter: '140' } });
    const reviewing = await request(8);
    expect((await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: reviewing.id, status: 3 })).statusCode).toBe(409);
    expect(await refunds(reviewing.id)).toBe(0);
  });

  it('processes at 0, 5 or 6 with a hash and channel human; a cancel racing a process gives one winner', async () => {
    const r = await request(5);
    const hash = `0x${'ab'.repeat(32)}`;
    const bad = await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash: '0x12', channel: 'human' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('hash');
    expect((await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'bot' })).json().fields).toHaveProperty('channel');
    const ok = await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'human' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Process triggered', data: { status: 1, transactionHash: hash, processedBy: { email: demo('compliance').email } } });
    expect((await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'human' })).statusCode).toBe(409);
    const held = await request(7);
    expect((await call('POST', '/v1/admin/process-withdraw-request', { requestId: held.id, hash, channel: 'human' })).statusCode).toBe(409);

    const race = await request(0, '25');
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => call('PUT', '/v1/admin/withdrawal-request-update', { requestId: race.id, status: 3 })),
      ...Array.from({ length: 10 }, () => call('POST', '/v1/admin/process-withdraw-request', { requestId: race.id, hash, channel: 'human' })),
    ]);
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
    const [row] = await q<{ status: number }>(`SELECT status FROM withdrawal_requests WHERE id = $1`, [race.id]);
    expect(await refunds(race.id)).toBe(row!.status === 3 ? 1 : 0);
    expect(await balance(race.walletId)).toBe(row!.status === 3 ? '125' : '100');
  });

  it('pays an in-app request into the destination wallet through the ledger', async () => {
    const dest = await customer();
    const r = await request(0, '30', { inApp: dest.address });
    expect((await call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash: `0x${'cd'.repeat(32)}`, channel: 'human' })).statusCode).toBe(409);
    const res = await call('POST', '/v1/admin/process-inApp-transaction', { requestId: r.id, hash: `0x${'cd'.repeat(32)}`, channel: 'human' });
    expect(res.statusCode).toBe(200);
    expect(await balance(dest.walletId)).toBe('29');
  });
});

describe('liquidity providers and bridge sell requests', () => {
  it('adds a provider with a valid address, refuses a duplicate, activates and deactivates with editedBy', async () => {
    const bad = await call('POST', '/v1/advanced/liquidity-providers', { name: 'Desk', walletAddress: '0x123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('walletAddress');
    const address = `0x${'d'.repeat(40)}`;
    const added = await call('POST', '/v1/advanced/liquidity-providers', { name: 'Delta Desk', walletAddress: address });
    expect(added.statusCode).toBe(200);
    const p = added.json().data;
    expect(p).toMatchObject({ name: 'Delta Desk', walletAddress: address, isActive: true, editedBy: { email: demo('compliance').email } });
    expect((await call('POST', '/v1/advanced/liquidity-providers', { name: 'Again', walletAddress: address.toUpperCase().replace('0X', '0x') })).statusCode).toBe(409);
    const off = await call('PUT', '/v1/advanced/liquidity-providers', { providerId: p._id, isActive: false }, 'superadmin');
    expect(off.json()).toMatchObject({ message: 'Liquidity provider deactivated', data: { isActive: false, editedBy: { email: demo('superadmin').email } } });
    expect((await call('PUT', '/v1/advanced/liquidity-providers', { providerId: p._id, isActive: false })).statusCode).toBe(409);
    expect(await audits('liquidity-provider.deactivate', p._id)).toHaveLength(1);
    const list = (await call('GET', '/v1/advanced/liquidity-providers?pageSize=30')).json().data;
    expect(list.records.map((r: { _id: string }) => r._id)).toContain(p._id);
    expect((await call('POST', '/v1/advanced/liquidity-providers', { name: 'X', walletAddress: address }, 'support')).statusCode).toBe(403);
  });

  it('finds a bridge sell request by reference; none given is "Input a reference", none found "No data with order reference"', async () => {
    await q(`INSERT INTO bridge_sell_requests (order_reference, user_email, amount, pay_in_currency, destination_address) VALUES ('VLT-ABC123', 'a@example.test', 120.5, 'BUSD', $1)`, [`0x${'e'.repeat(40)}`]);
    const found = await call('GET', '/v1/advanced/vlt-bridge?orderReference=vlt-abc123');
    expect(found.json()).toMatchObject({ data: { orderReference: 'VLT-ABC123', userEmail: 'a@example.test', amount: '120.5', payInCurrency: 'BUSD' } });
    const none = await call('GET', '/v1/advanced/vlt-bridge?orderReference=VLT-NONE');
    expect(none.json()).toEqual({ message: 'No data with order reference', data: null });
    const empty = await call('GET', '/v1/advanced/vlt-bridge');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Input a reference');
  });
});
