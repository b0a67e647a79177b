import { encodeFunctionData, parseUnits, type Address } from 'viem';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi, vaultAbi } from '@vaultdesk/chain';
import {
  processListMachine,
  QUEUE_ITEM_STATUSES,
  queueItemMachine,
  transitionExists,
  withdrawalMachine,
  type QueueItemStatus,
  type WithdrawalStatus,
} from '@vaultdesk/contract';
import { booksDrift } from '../../test/books';
import { approveVault, saveBatchBody, useChainTestApp } from '../../test/chain';
import { expectOneWinner, inTurn, type Res } from '../../test/races';
import { bearer } from '../../test/helpers';

/**
 * Races on the calls that move money or a queue item (issue 12): Withdrawal Out's cancel (with its
 * ledger refund) and process, queue items' cancel and status, add to a process list, save-batch,
 * Update Queue and Plans and the withdraw settlement after it. For each: 50 identical calls at
 * once give exactly one 2xx and 49 answers of 409 with a message, and the database shows the move
 * once; pairs of conflicting calls, repeated so their order varies, give one winner and one 409.
 * After every test the ledger equals the balances and every row is in a state its machine allows.
 * Runs against a real local chain: save-batch checks the vault transaction, and Process Request
 * checks the payout transfer.
 */

const { t, clients, tokens, q } = useChainTestApp(LOCAL_DEPLOYER);

beforeAll(() => approveVault(clients));

const N = 50;
const ROUNDS = 10;

const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;
const call = (method: 'POST' | 'PUT', url: string, payload: object, as: 'compliance' | 'superadmin' = 'compliance') =>
  t.app.inject({ method, url, headers: bearer(tokens[as]), payload });

const count = async (text: string, params: unknown[] = []) =>
  (await one<{ n: number }>(`SELECT count(*)::int AS n FROM (${text}) x`, params)).n;
const auditRows = (action: string, targetId: string) =>
  count(`SELECT 1 FROM audit_log WHERE action = $1 AND target_id = $2`, [action, targetId]);

// ---- Chain -------------------------------------------------------------------------------

async function send(to: Address, data: `0x${string}`) {
  const hash = await clients.walletClient.sendTransaction({ account: LOCAL_DEPLOYER, chain: null, to, data });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return { hash, block: receipt.blockNumber };
}
/** The payout of a withdrawal-out request: BUSD of its final amount to its destination, as the page's wallet button sends it. */
const payout = (to: string, amount: string) =>
  send(
    LOCAL_CONTRACTS.BUSD,
    encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to as Address, parseUnits(amount, 18)] }),
  );
const vaultDeposit = (amount: string) =>
  send(
    LOCAL_CONTRACTS.xBUSD,
    encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits(amount, 18)] }),
  );

// ---- Data --------------------------------------------------------------------------------

let seq = 0;
async function customer() {
  const n = ++seq;
  const u = await one<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`Race Customer ${n}`, `race${n}`, `race${n}@example.test`, `RACE${n}`],
  );
  const w = await one<{ id: string; address: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id, address`,
    [u.id, `0x${String(n).padStart(40, 'e')}`],
  );
  return { userId: u.id, walletId: w.id, address: w.address };
}

/** A withdrawal-out request of `amount` BUSD (fee 1) whose amount left the customer's wallet through the ledger. */
async function withdrawal(status: WithdrawalStatus, amount = '40', opts: { inAppTo?: string } = {}) {
  const c = await customer();
  await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', 100, 'funding')`, [
    c.walletId,
  ]);
  await q(
    `INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', $2::numeric * -1, 'withdrawal')`,
    [c.walletId, amount],
  );
  const destination = opts.inAppTo ?? `0x${String(seq).padStart(40, 'd')}`;
  const r = await one<{ id: string }>(
    `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address, in_app_transaction)
     VALUES ($1, $2, 1, $3, 1, $3::numeric - 1, 100, 100 - $3::numeric, $4, $5, $6) RETURNING id`,
    [c.userId, c.walletId, amount, status, destination, !!opts.inAppTo],
  );
  return { id: r.id, destination, finalAmount: String(Number(amount) - 1), ...c };
}
const balance = async (walletId: string) =>
  (
    await q<{ b: string }>(
      `SELECT trim_scale(balance)::text AS b FROM wallet_balances WHERE wallet_id = $1 AND currency = 'BUSD'`,
      [walletId],
    )
  )[0]?.b ?? '0';
const requestRow = (id: string) =>
  one<{ status: number; transaction_hash: string | null }>(
    `SELECT status, transaction_hash FROM withdrawal_requests WHERE id = $1`,
    [id],
  );
const refunds = (id: string) =>
  count(`SELECT 1 FROM ledger_entries WHERE kind = 'withdrawal-refund' AND reference_id = $1`, [id]);

async function queueItem(
  queue: 'deposit' | 'withdraw',
  amount: string,
  opts: { status?: QueueItemStatus; listId?: string; saveStatus?: string } = {},
) {
  const c = await customer();
  const planType = seq % 2 ? 'flexible' : 'fixed';
  const p = await one<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, $2, 'Race plan', $3, $4) RETURNING id`,
    [c.userId, planType, amount, opts.saveStatus ?? (queue === 'deposit' ? 'pending' : 'saved')],
  );
  const i = await one<{ id: string }>(
    `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, process_list_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [queue, c.userId, p.id, amount, opts.status ?? 'pending', opts.listId ?? null],
  );
  return { id: i.id, planId: p.id, entry: `${p.id} ${planType === 'flexible' ? 0 : 1} ${i.id}`, ...c };
}
const itemRow = (id: string) =>
  one<{ status: QueueItemStatus; process_list_id: string | null }>(
    `SELECT status, process_list_id FROM queue_items WHERE id = $1`,
    [id],
  );

/** The queue's one open list, new: a list an earlier scenario left open is set aside as finished first. */
async function openList(type: 'deposit' | 'withdraw') {
  await q(`UPDATE process_lists SET status = 2, updated_at = now() WHERE type = $1 AND status <> 2`, [type]);
  return (await one<{ id: string }>(`INSERT INTO process_lists (type) VALUES ($1) RETURNING id`, [type])).id;
}
/** An open deposit list with `amounts` as processing items. */
async function depositList(amounts: string[]) {
  const id = await openList('deposit');
  const items = [];
  for (const a of amounts) items.push(await queueItem('deposit', a, { status: 'processing', listId: id }));
  return { id, items, entries: items.map((i) => i.entry) };
}
/** A list saved on chain (status 1) with its batch, as save-batch leaves it. */
async function savedList(type: 'deposit' | 'withdraw', amounts: string[]) {
  const { id, items } =
    type === 'deposit'
      ? await depositList(amounts)
      : await (async () => {
          const listId = await openList('withdraw');
          const its = [];
          for (const a of amounts) its.push(await queueItem('withdraw', a, { status: 'processing', listId }));
          return { id: listId, items: its };
        })();
  const hash = `0x${(++seq).toString(16).padStart(64, 'a')}`;
  const b = await one<{ id: string }>(
    `INSERT INTO batches (action, plan_type, transaction_hash, process_list_id, price_per_full_share) VALUES ($1, 'mixed', $2, $3, 1000000000000000000) RETURNING id`,
    [type, hash, id],
  );
  await q(
    `INSERT INTO batch_plans (batch_id, plan_id, amount, status) SELECT $1, plan_id, sum(amount), 'included' FROM queue_items WHERE process_list_id = $2 GROUP BY plan_id`,
    [b.id, id],
  );
  await q(`UPDATE process_lists SET status = 1, transaction_hash = $1, batch_id = $2 WHERE id = $3`, [hash, b.id, id]);
  return { id, items, hash, batchId: b.id };
}

// ---- Invariants --------------------------------------------------------------------------

/**
 * The ledger equals the balances: per wallet and currency, the sum of ledger_entries is the
 * stored balance and the newest ledger row carries it; no balance is negative. And every
 * withdrawal request, queue item and process list is in a state its machine allows, consistent
 * with the money: a cancelled request has exactly one refund, no other request has one; a Done
 * request has a hash no other request holds; an item in an open or saved list is processing.
 */
async function expectConsistent() {
  expect(await booksDrift(t.db.$client), 'the books').toEqual({});

  const statuses = await q<{ status: number }>(`SELECT DISTINCT status FROM withdrawal_requests`);
  for (const { status } of statuses) expect(withdrawalMachine.states).toHaveProperty(String(status));
  expect(
    await q(`
    SELECT r.id, r.status, (SELECT count(*)::int FROM ledger_entries l WHERE l.kind = 'withdrawal-refund' AND l.reference_id = r.id::text) AS refunds
      FROM withdrawal_requests r JOIN users u ON u.id = r.user_id
     WHERE u.username::text LIKE 'race%'
       AND (SELECT count(*) FROM ledger_entries l WHERE l.kind = 'withdrawal-refund' AND l.reference_id = r.id::text) <> (CASE WHEN r.status = 3 THEN 1 ELSE 0 END)`),
    'one refund per cancelled request, none for the others',
  ).toEqual([]);
  expect(
    await q(`SELECT id FROM withdrawal_requests WHERE status = 1 AND transaction_hash IS NULL`),
    'Done requests have their payout hash',
  ).toEqual([]);
  expect(
    await q(
      `SELECT lower(transaction_hash) AS h FROM withdrawal_requests WHERE transaction_hash IS NOT NULL GROUP BY 1 HAVING count(*) > 1`,
    ),
    'one payout hash per request',
  ).toEqual([]);

  for (const { status } of await q<{ status: string }>(`SELECT DISTINCT status FROM queue_items`))
    expect(QUEUE_ITEM_STATUSES).toContain(status);
  for (const { status } of await q<{ status: number }>(`SELECT DISTINCT status FROM process_lists`))
    expect(processListMachine.states).toHaveProperty(String(status));
  expect(
    await q(`
    SELECT qi.id, qi.status, pl.status AS list_status FROM queue_items qi JOIN process_lists pl ON pl.id = qi.process_list_id
     WHERE pl.status IN (0, 1) AND qi.status <> 'processing'`),
    'items of an open or saved list are processing',
  ).toEqual([]);
  expect(
    await q(`SELECT id FROM queue_items WHERE status IN ('pending', 'cancelled') AND process_list_id IS NOT NULL`),
    'waiting and cancelled items are in no list',
  ).toEqual([]);
  expect(
    await q(`
    SELECT bp.batch_id, bp.plan_id FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id JOIN process_lists pl ON pl.id = b.process_list_id
     WHERE pl.status = 1 AND NOT EXISTS (SELECT 1 FROM queue_items qi WHERE qi.plan_id = bp.plan_id AND qi.process_list_id = pl.id AND qi.status = 'processing')`),
    'every plan of a saved batch still has its processing item in the list',
  ).toEqual([]);
  expect(
    await q(`
    SELECT pl.id FROM process_lists pl WHERE pl.status IN (1, 2) AND pl.batch_id IS NOT NULL
       AND (SELECT count(*) FROM batches b WHERE b.process_list_id = pl.id) <> 1`),
    'one batch per saved list',
  ).toEqual([]);

  // Every recorded move of a queue item or a withdrawal request is one its transition table has.
  const moves = await q<{ action: string; from: string; to: string }>(`
    SELECT DISTINCT action, before->>'status' AS from, after->>'status' AS to FROM audit_log
     WHERE action LIKE 'queue.%' OR action LIKE 'withdrawal.%' OR action LIKE 'process-list.%-item'`);
  for (const m of moves) {
    if (m.action.startsWith('withdrawal.'))
      expect(
        transitionExists(withdrawalMachine, Number(m.from) as WithdrawalStatus, Number(m.to) as WithdrawalStatus),
        JSON.stringify(m),
      ).toBe(true);
    else
      expect(
        transitionExists(queueItemMachine, m.from as QueueItemStatus, m.to as QueueItemStatus),
        JSON.stringify(m),
      ).toBe(true);
  }
}
afterEach(expectConsistent, 60_000);

// ---- Withdrawal Out ----------------------------------------------------------------------

describe('Withdrawal Out: cancel (with its refund) and process', () => {
  it('50 cancels at once: one 200, 49 409, one refund through the ledger, one audit row', async () => {
    const r = await withdrawal(0, '40');
    expect(await balance(r.walletId)).toBe('60');
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 3 }),
      ),
    );
    expectOneWinner(results, /^Withdrawal request is Cancelled: it cannot become Cancelled$/, 'Process triggered');
    expect(await requestRow(r.id)).toMatchObject({ status: 3 });
    expect(await refunds(r.id)).toBe(1);
    expect(await balance(r.walletId)).toBe('100');
    expect(await auditRows('withdrawal.cancel', r.id)).toBe(1);
  });

  it('50 processes at once with the payout hash: one 200, 49 409, one audit row, no ledger row', async () => {
    const r = await withdrawal(0, '30');
    const { hash } = await payout(r.destination, r.finalAmount);
    const ledger = await count(`SELECT 1 FROM ledger_entries`);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'human' }),
      ),
    );
    expectOneWinner(results, /^Withdrawal request is Done: it cannot become Done$/, 'Process triggered');
    expect(await requestRow(r.id)).toEqual({ status: 1, transaction_hash: hash });
    expect(await auditRows('withdrawal.process', r.id)).toBe(1);
    expect(await count(`SELECT 1 FROM ledger_entries`)).toBe(ledger);
  });

  it('50 in-app processes at once: one credit to the destination wallet', async () => {
    const dest = await customer();
    const r = await withdrawal(0, '25', { inAppTo: dest.address });
    const hash = `0x${'5e'.repeat(32)}`;
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call('POST', '/v1/admin/process-inApp-transaction', { requestId: r.id, hash, channel: 'human' }),
      ),
    );
    expectOneWinner(results, /^Withdrawal request is Done: it cannot become Done$/, 'Process triggered');
    expect(
      await count(`SELECT 1 FROM ledger_entries WHERE kind = 'withdrawal-in-app' AND reference_id = $1`, [r.id]),
    ).toBe(1);
    expect(await balance(dest.walletId)).toBe('24');
    expect(await auditRows('withdrawal.process-in-app', r.id)).toBe(1);
  });

  it('50 in-app payouts of different requests into one wallet at once: each credited once, the ledger rows in the order they moved the balance', async () => {
    const dest = await customer();
    const requests = [];
    for (let i = 0; i < N; i++) requests.push(await withdrawal(0, '3', { inAppTo: dest.address }));
    const results = await Promise.all(
      requests.map((r, i) =>
        call('POST', '/v1/admin/process-inApp-transaction', {
          requestId: r.id,
          hash: `0x${(i + 1).toString(16).padStart(64, 'c')}`,
          channel: 'human',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(await balance(dest.walletId)).toBe(String(2 * N));
    // Each row's balance_after is the one before it plus its amount: ids follow the order the balance moved.
    expect(
      await q(
        `
      SELECT id, amount::text, balance_after::text, lag(balance_after) OVER (ORDER BY id) AS previous FROM ledger_entries WHERE wallet_id = $1 AND currency = 'BUSD'
      ORDER BY id`,
        [dest.walletId],
      ).then((rows) =>
        rows.filter((r, i) => i > 0 && Number(r.balance_after) !== Number(r.previous) + Number(r.amount)),
      ),
    ).toEqual([]);
  });

  it(`cancel against process of the same request, ${ROUNDS} rounds: one winner, a refund only if cancelled`, async () => {
    const outcomes = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      const r = await withdrawal(0, '12');
      const { hash } = await payout(r.destination, r.finalAmount);
      const pair = [
        () => call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: 3 }),
        () =>
          call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'human' }, 'superadmin'),
      ];
      const results = await Promise.all(
        round % 2
          ? pair
              .reverse()
              .map((f) => f())
              .reverse()
          : pair.map((f) => f()),
      );
      expectOneWinner(
        results,
        /^Withdrawal request is (Cancelled: it cannot become Done|Done: it cannot become Cancelled)$/,
      );
      const row = await requestRow(r.id);
      outcomes.add(row.status);
      expect(row.status === 3 ? results[0]!.statusCode : results[1]!.statusCode).toBe(200);
      expect(await refunds(r.id)).toBe(row.status === 3 ? 1 : 0);
      expect(await balance(r.walletId)).toBe(row.status === 3 ? '100' : '88');
      expect(row.transaction_hash).toBe(row.status === 1 ? hash : null);
      expect((await auditRows('withdrawal.cancel', r.id)) + (await auditRows('withdrawal.process', r.id))).toBe(1);
    }
    expect([...outcomes].every((s) => s === 1 || s === 3)).toBe(true);
  });

  it(`one payout hash pays one request: two requests processed with the same hash, ${ROUNDS} rounds, one 200 and one 409`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Two requests to the same destination for the same amount: the one transfer matches both.
      const a = await withdrawal(0, '15');
      const b = await withdrawal(5, '15');
      await q(`UPDATE withdrawal_requests SET destination_address = $1 WHERE id = $2`, [a.destination, b.id]);
      const { hash } = await payout(a.destination, a.finalAmount);
      const results = await Promise.all(
        [a, b].map((r) =>
          call('POST', '/v1/admin/process-withdraw-request', { requestId: r.id, hash, channel: 'human' }),
        ),
      );
      expectOneWinner(
        results,
        /^This transaction hash is already recorded for another withdrawal request: one payout pays one request$/,
        'Process triggered',
      );
      const rows = [await requestRow(a.id), await requestRow(b.id)];
      expect(rows.filter((r) => r.status === 1 && r.transaction_hash === hash)).toHaveLength(1);
      expect(rows.filter((r) => r.transaction_hash === null)).toHaveLength(1);
      // And afterwards, one at a time: still refused.
      const loser = results[0]!.statusCode === 200 ? b : a;
      const again = await call('POST', '/v1/admin/process-withdraw-request', {
        requestId: loser.id,
        hash: hash.toUpperCase().replace('0X', '0x'),
        channel: 'human',
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toMatch(/already recorded for another withdrawal request/);
    }
  });
});

// ---- The ledger's order ------------------------------------------------------------------

describe('the ledger under concurrent credits to one wallet', () => {
  it('a row whose id was drawn before another row moved the same balance still comes after it: the newest row carries the balance', async () => {
    const c = await customer();
    const gate = await t.db.$client.connect();
    const slow = await t.db.$client.connect();
    try {
      // The slow insert draws its id, then waits on a lock the test holds, before its balance moves.
      await gate.query('BEGIN');
      await gate.query('SELECT pg_advisory_xact_lock(724001)');
      const first = slow.query<{ id: string }>(
        `
        WITH drawn AS MATERIALIZED (SELECT nextval(pg_get_serial_sequence('ledger_entries', 'id')) AS id),
             waited AS MATERIALIZED (SELECT id, pg_advisory_xact_lock(724001) FROM drawn)
        INSERT INTO ledger_entries (id, wallet_id, currency, amount, kind) SELECT id, $1, 'BUSD', 5, 'funding' FROM waited RETURNING id`,
        [c.walletId],
      );
      for (
        let i = 0;
        i < 200 &&
        !(
          await one<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 724001 AND NOT granted`,
          )
        ).n;
        i++
      ) {
        await new Promise((r) => setTimeout(r, 25));
      }
      // Meanwhile another credit moves the balance and commits.
      await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', 7, 'funding')`, [
        c.walletId,
      ]);
      await gate.query('COMMIT');
      await first;
    } finally {
      gate.release();
      slow.release();
    }
    const rows = await q<{ amount: string; balance_after: string }>(
      `SELECT trim_scale(amount)::text AS amount, trim_scale(balance_after)::text AS balance_after FROM ledger_entries WHERE wallet_id = $1 ORDER BY id`,
      [c.walletId],
    );
    expect(rows).toEqual([
      { amount: '7', balance_after: '7' },
      { amount: '5', balance_after: '12' },
    ]);
    expect(await balance(c.walletId)).toBe('12');
  });
});

// ---- Queue items -------------------------------------------------------------------------

describe('queue items: cancel and status', () => {
  it('50 cancels of a deposit item at once: one 200, 49 409, one state change, one audit row', async () => {
    const item = await queueItem('deposit', '9');
    const results = await Promise.all(
      Array.from({ length: N }, () => call('PUT', '/v1/admin/cancel-deposit-queue-item', { queueItemId: item.id })),
    );
    expectOneWinner(results, /^Queue item is Cancelled: it cannot become Cancelled$/, 'queue item cancelled');
    expect(await itemRow(item.id)).toEqual({ status: 'cancelled', process_list_id: null });
    expect(await auditRows('queue.deposit.cancel', item.id)).toBe(1);
  });

  it('50 identical status changes of a withdraw item at once: one 200, 49 409, one audit row', async () => {
    const item = await queueItem('withdraw', '4');
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call('PUT', '/v1/admin/update-withdraw-queue-item', { queueItemId: item.id, status: 'processing' }),
      ),
    );
    expectOneWinner(results, /^Queue item is Processing: it cannot become Processing$/, 'queue updated');
    expect((await itemRow(item.id)).status).toBe('processing');
    expect(await auditRows('queue.withdraw.status', item.id)).toBe(1);
  });

  it(`cancel against a status change of the same item, ${ROUNDS} rounds: one winner`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const item = await queueItem('deposit', '3');
      const results = await inTurn(round, [
        () => call('PUT', '/v1/admin/cancel-deposit-queue-item', { queueItemId: item.id }),
        () =>
          call(
            'PUT',
            '/v1/admin/update-deposit-queue-item',
            { queueItemId: item.id, status: 'processing' },
            'superadmin',
          ),
      ]);
      expectOneWinner(
        results,
        /^Queue item is (Cancelled: it cannot become Processing|Processing: it cannot become Cancelled)$/,
      );
      const row = await itemRow(item.id);
      expect(row.status).toBe(results[0]!.statusCode === 200 ? 'cancelled' : 'processing');
      expect(
        (await auditRows('queue.deposit.cancel', item.id)) + (await auditRows('queue.deposit.status', item.id)),
      ).toBe(1);
    }
  });
});

// ---- Process lists -----------------------------------------------------------------------

describe('add to a process list', () => {
  it('50 adds of the same item at once: one 200, 49 409, the item in the list once', async () => {
    const listId = await openList('withdraw');
    const item = await queueItem('withdraw', '6');
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: item.id, processListId: listId }),
      ),
    );
    expectOneWinner(
      results,
      /^Queue item is Processing: only a pending item can join a process list$|^Queue item is Processing: it cannot become Processing$/,
      'Item added to process list',
    );
    expect(await itemRow(item.id)).toEqual({ status: 'processing', process_list_id: listId });
    expect(
      await count(`SELECT 1 FROM audit_log WHERE action = 'process-list.add-item' AND target_id = $1`, [listId]),
    ).toBe(1);
  });

  it(`two staff adding overlapping selections at once, ${ROUNDS} rounds: each item joins once, the overlap's second add is a 409`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const listId = await openList('deposit');
      const items = [];
      for (let i = 0; i < 6; i++) items.push(await queueItem('deposit', String(i + 1)));
      const mine = items.slice(0, 4);
      const theirs = items.slice(2);
      const results = await Promise.all([
        ...mine.map((i) =>
          call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: i.id, processListId: listId }),
        ),
        ...theirs.map((i) =>
          call(
            'POST',
            '/v1/advanced/add-queue-item-to-process-list',
            { queueItemId: i.id, processListId: listId },
            'superadmin',
          ),
        ),
      ]);
      const byItem = new Map<string, Res[]>();
      [...mine, ...theirs].forEach((i, k) => byItem.set(i.id, [...(byItem.get(i.id) ?? []), results[k]!]));
      for (const [, answers] of byItem)
        expectOneWinner(
          answers,
          /only a pending item can join a process list|it cannot become Processing/,
          'Item added to process list',
        );
      for (const i of items) expect(await itemRow(i.id)).toEqual({ status: 'processing', process_list_id: listId });
      expect(
        await count(`SELECT 1 FROM audit_log WHERE action = 'process-list.add-item' AND target_id = $1`, [listId]),
      ).toBe(6);
      const list = (
        await t.app.inject({
          method: 'GET',
          url: '/v1/advanced/process-lists?type=deposit',
          headers: bearer(tokens.compliance),
        })
      )
        .json()
        .data.find((l: { _id: string }) => l._id === listId);
      expect(list.totalAmount).toBe('21');
    }
  });

  it(`add against cancel of the same item, ${ROUNDS} rounds: one winner`, async () => {
    const listId = await openList('withdraw');
    for (let round = 0; round < ROUNDS; round++) {
      const item = await queueItem('withdraw', '2');
      const results = await inTurn(round, [
        () =>
          call('POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: item.id, processListId: listId }),
        () => call('PUT', '/v1/admin/cancel-withdraw-queue-item', { queueItemId: item.id }, 'superadmin'),
      ]);
      expectOneWinner(
        results,
        /^Queue item is (Cancelled: (only a pending item can join a process list|it cannot become Processing)|Processing: it cannot become Cancelled)$/,
      );
      expect(await itemRow(item.id)).toEqual(
        results[0]!.statusCode === 200
          ? { status: 'processing', process_list_id: listId }
          : { status: 'cancelled', process_list_id: null },
      );
    }
  });
});

// ---- Save-batch --------------------------------------------------------------------------

describe('save-batch', () => {
  it('50 saves of the same batch at once: one 200, 49 409, one batch, one audit row, the list saved once', async () => {
    const list = await depositList(['10', '2.5']);
    const { hash, block } = await vaultDeposit('12.5');
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call('POST', '/v1/advanced/save-batch', saveBatchBody(list, 'deposit', hash, block, '12.5')),
      ),
    );
    expectOneWinner(
      results,
      /^(This transaction hash is saved already|Process list is To be propagated: its batch is saved already)$/,
      'Batch saved',
    );
    expect(await one(`SELECT status, transaction_hash FROM process_lists WHERE id = $1`, [list.id])).toEqual({
      status: 1,
      transaction_hash: hash,
    });
    expect(await count(`SELECT 1 FROM batches WHERE process_list_id = $1`, [list.id])).toBe(1);
    expect(
      await count(`SELECT 1 FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id WHERE b.process_list_id = $1`, [
        list.id,
      ]),
    ).toBe(2);
    expect(await auditRows('batch.deposit.save', list.id)).toBe(1);
  });

  it(`two saves of the same items with two transactions, ${ROUNDS} rounds: one batch, the other 409`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const list = await depositList(['1.5']);
      const first = await vaultDeposit('1.5');
      const second = await vaultDeposit('1.5');
      const results = await Promise.all(
        [first, second].map((d) =>
          call('POST', '/v1/advanced/save-batch', saveBatchBody(list, 'deposit', d.hash, d.block, '1.5')),
        ),
      );
      expectOneWinner(results, /^Process list is To be propagated: its batch is saved already$/, 'Batch saved');
      const won = results[0]!.statusCode === 200 ? first.hash : second.hash;
      expect(await one(`SELECT status, transaction_hash FROM process_lists WHERE id = $1`, [list.id])).toEqual({
        status: 1,
        transaction_hash: won,
      });
      expect(await q(`SELECT transaction_hash FROM batches WHERE process_list_id = $1`, [list.id])).toEqual([
        { transaction_hash: won },
      ]);
      expect(await auditRows('batch.deposit.save', list.id)).toBe(1);
    }
  });

  it(`save-batch against cancel, and against a status change, of an item in it, ${ROUNDS} rounds: one winner, never a batch without its item`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const list = await depositList(['2', '3']);
      const { hash, block } = await vaultDeposit('5');
      const [item] = list.items;
      const cancelFirst = round % 2 === 0;
      // Rounds 0-3 start save-batch first, 4-7 the other call first; cancel and status change alternate within each.
      const results = await inTurn(Math.floor(round / 4), [
        () => call('POST', '/v1/advanced/save-batch', saveBatchBody(list, 'deposit', hash, block, '5')),
        () =>
          cancelFirst
            ? call('PUT', '/v1/admin/cancel-deposit-queue-item', { queueItemId: item!.id }, 'superadmin')
            : call(
                'PUT',
                '/v1/admin/update-deposit-queue-item',
                { queueItemId: item!.id, status: 'pending' },
                'superadmin',
              ),
      ]);
      const [save, other] = results;
      if (cancelFirst) {
        // A cancel only takes a pending item: the item in the list is processing, so the save wins.
        expectOneWinner(results, /^Queue item is Processing: it cannot become Cancelled$/, 'Batch saved');
        expect(save!.statusCode).toBe(200);
      } else if (save!.statusCode === 200) {
        expectOneWinner(results, /^This item is in a batch already saved on chain: it is settled with the batch$/);
      } else {
        // The item left the list first. Committed before or while the save's first, unlocked read of
        // the list: the body no longer matches the list, a 400 naming the field that differs (what a
        // stale page gets); committed after it: the re-check under the list's lock finds it, a 409.
        expect(other!.statusCode, other!.body).toBe(200);
        if (save!.statusCode === 400)
          expect(save!.json().message).toMatch(
            /^(planIdAndType: differs from the process list|amount: the process list holds 3, not 5)/,
          );
        else
          expectOneWinner(
            results,
            /^The process list changed while the batch was being saved: reload it, its items differ from the batch$/,
          );
      }
      const saved = save!.statusCode === 200;
      expect(await one(`SELECT status FROM process_lists WHERE id = $1`, [list.id])).toEqual({ status: saved ? 1 : 0 });
      expect(await itemRow(item!.id)).toEqual(
        saved ? { status: 'processing', process_list_id: list.id } : { status: 'pending', process_list_id: null },
      );
      expect(await count(`SELECT 1 FROM batches WHERE process_list_id = $1`, [list.id])).toBe(saved ? 1 : 0);
    }
  });
});

// ---- Update Queue and Plans --------------------------------------------------------------

describe('Update Queue and Plans, and the withdraw settlement after it', () => {
  it('50 runs of Update Queue and Plans at once: one 200, 49 409, items done and plans saved once', async () => {
    const list = await savedList('deposit', ['4', '6']);
    const results = await Promise.all(
      Array.from({ length: N }, () => call('POST', '/v1/advanced/process-batch', { processListId: list.id })),
    );
    expectOneWinner(results, /^Process list is Finished: it cannot become Finished$/, 'Plan updated');
    expect(await auditRows('batch.deposit.update-queue-and-plans', list.id)).toBe(1);
    for (const i of list.items) {
      expect(await itemRow(i.id)).toEqual({ status: 'done', process_list_id: list.id });
      const plan = await one<{ save_status: string; deposit_transaction_hash: string[]; share_balance: string }>(
        `SELECT save_status, deposit_transaction_hash, trim_scale(share_balance)::text AS share_balance FROM savings_plans WHERE id = $1`,
        [i.planId],
      );
      // Shares added once: amount at a price of 1 per share.
      expect(plan).toEqual({
        save_status: 'saved',
        deposit_transaction_hash: [list.hash],
        share_balance: (
          await one<{ a: string }>(`SELECT trim_scale(amount)::text AS a FROM queue_items WHERE id = $1`, [i.id])
        ).a,
      });
    }
  });

  it(`Update Queue and Plans twice for the same batch, ${ROUNDS} rounds, deposit and withdraw: one winner`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const list = await savedList(round % 2 ? 'withdraw' : 'deposit', ['1', '2']);
      const results = await Promise.all([
        call('POST', '/v1/advanced/process-batch', { processListId: list.id }),
        call('POST', '/v1/advanced/process-batch', { processListId: list.id }, 'superadmin'),
      ]);
      expectOneWinner(results, /^Process list is Finished: it cannot become Finished$/, 'Plan updated');
      expect(await one(`SELECT status FROM process_lists WHERE id = $1`, [list.id])).toEqual({ status: 2 });
      expect(await auditRows(`batch.${round % 2 ? 'withdraw' : 'deposit'}.update-queue-and-plans`, list.id)).toBe(1);
      for (const i of list.items) {
        const hashes = await one<{ h: string[] }>(
          `SELECT ${round % 2 ? 'withdrawal' : 'deposit'}_transaction_hash AS h FROM savings_plans WHERE id = $1`,
          [i.planId],
        );
        expect(hashes.h).toEqual([list.hash]);
      }
    }
  });

  it('50 settlements of a withdraw item at once: one 200, 49 409, one ledger credit', async () => {
    const list = await savedList('withdraw', ['3.5']);
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list.id })).statusCode).toBe(200);
    const [item] = list.items;
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call('POST', '/v1/advanced/update-queue-after-withdrawal', { queueId: item!.id }),
      ),
    );
    expectOneWinner(results, /^Queue item is Success: it cannot become Success$/, 'done');
    expect(
      await count(`SELECT 1 FROM ledger_entries WHERE kind = 'savings-withdrawal' AND reference_id = $1`, [item!.id]),
    ).toBe(1);
    expect(await balance(item!.walletId)).toBe('3.5');
    expect(await auditRows('queue.withdraw.update-after-withdrawal', item!.id)).toBe(1);
  });
});
