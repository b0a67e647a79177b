import { encodeFunctionData, parseUnits, type Address, type Hash } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, vaultAbi, withdrawShares } from '@vaultdesk/chain';
import { approveVault, saveBatchBody, sendRevertingDeposit, useChainTestApp } from '../../test/chain';
import { expectOneWinner, inTurn } from '../../test/races';
import { bearer, demo } from '../../test/helpers';

/**
 * One chain transaction backs one money event, whatever path records it: a saved batch (deposit or
 * withdraw), a batch recorded as sent, a plan's part resolved with a transaction of its own, a
 * withdrawal-out payout (on chain or in the app). Real transactions on a local Hardhat node, each
 * accepted by the path's own chain check, so only the claim can refuse the second use; every
 * refusal is a 409 naming the first use and leaves the database as it was.
 */

const { t, chain, clients, tokens, q } = useChainTestApp(LOCAL_DEPLOYER);
const VAULT = LOCAL_CONTRACTS.xBUSD;
const COMPLIANCE = demo('compliance').email;

beforeAll(async () => {
  // The operator lets the vault draw once; every deposit below draws on it.
  await approveVault(clients);
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(tokens.compliance) });

const send = async (data: `0x${string}`) => {
  const hash = await clients.walletClient.sendTransaction({ account: LOCAL_DEPLOYER, chain: null, to: VAULT, data });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return { hash, block: receipt.blockNumber };
};
/** A vault deposit of `amount` BUSD from the operator (a custodial wallet): its receipt holds a BUSD transfer to the vault. */
const deposit = (amount: string) =>
  send(encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits(amount, 18)] }));
const withdraw = async (amount: string) => {
  const vault = { address: VAULT, abi: vaultAbi } as const;
  const price = await clients.publicClient.readContract({ ...vault, functionName: 'getPricePerFullShare' });
  const held = await clients.publicClient.readContract({ ...vault, functionName: 'balanceOf', args: [LOCAL_DEPLOYER] });
  return send(
    encodeFunctionData({
      abi: vaultAbi,
      functionName: 'withdraw',
      args: [withdrawShares(parseUnits(amount, 18), price, held)],
    }),
  );
};

let seq = 0;
async function customer() {
  const n = ++seq;
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`Claim Customer ${n}`, `claim${n}`, `claim${n}@example.test`, `CLAIM${n}`],
  );
  const [w] = await q<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
    [u!.id, `0x${String(n).padStart(40, 'c')}`],
  );
  return { userId: u!.id, walletId: w!.id };
}

/** The open process list of `type` holding one processing item of `amount` (an earlier list set aside). */
async function listWith(type: 'deposit' | 'withdraw', amount: string) {
  await q(`UPDATE process_lists SET status = 2 WHERE type = $1 AND status <> 2`, [type]);
  const [list] = await q<{ id: string }>(`INSERT INTO process_lists (type) VALUES ($1) RETURNING id`, [type]);
  const { userId } = await customer();
  const [p] = await q<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, 'fixed', 'Claim plan', $2, $3) RETURNING id`,
    [userId, amount, type === 'deposit' ? 'pending' : 'saved'],
  );
  const [i] = await q<{ id: string }>(
    `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, process_list_id) VALUES ($1, $2, $3, $4, 'processing', $5) RETURNING id`,
    [type, userId, p!.id, amount, list!.id],
  );
  return { id: list!.id, entries: [`${p!.id} 1 ${i!.id}`] };
}
const saveBatch = (
  list: { id: string; entries: string[] },
  action: 'deposit' | 'withdraw',
  tx: { hash: Hash; block: bigint },
  amount: string,
) => post('/v1/advanced/save-batch', saveBatchBody(list, action, tx.hash, tx.block, amount));

/** A saved batch (made-up transaction of its own) carrying one plan's part of `amount`, to be resolved. */
async function part(action: 'deposit' | 'withdraw', amount: string) {
  const { userId } = await customer();
  const [p] = await q<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, 'fixed', 'Resolve plan', $2, 'failed') RETURNING id`,
    [userId, amount],
  );
  const [b] = await q<{ id: string }>(
    `INSERT INTO batches (action, plan_type, transaction_hash, status, amount) VALUES ($1, 'fixed', $2, 'confirmed', $3) RETURNING id`,
    [action, `0x${(++seq).toString(16).padStart(64, 'b')}`, amount],
  );
  await q(`INSERT INTO batch_plans (batch_id, plan_id, amount) VALUES ($1, $2, $3)`, [b!.id, p!.id, amount]);
  return { batchId: b!.id, planId: p!.id };
}
const resolve = (p: { batchId: string; planId: string }, hash: Hash) =>
  post('/v1/advanced/resolve-plan', { ...p, hash });

/**
 * A pending withdrawal-out request paying `finalAmount` BUSD to `destination`: with the vault as
 * destination, a vault deposit of that amount is a transfer the payout check accepts.
 */
async function request(finalAmount: string, destination: Address = VAULT, inApp = false) {
  const { userId, walletId } = await customer();
  const [r] = await q<{ id: string }>(
    `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address, in_app_transaction)
     VALUES ($1, $2, 1, $3, 0, $3, $3, 0, 0, $4, $5) RETURNING id`,
    [userId, walletId, finalAmount, destination, inApp],
  );
  return r!.id;
}
const payout = (requestId: string, hash: Hash) =>
  post('/v1/admin/process-withdraw-request', { requestId, hash, channel: 'human' });

/** Everything a refused second use could have touched. */
const world = async () => ({
  claims: await q(`SELECT chain_id, hash, kind, record_id, claimed_by, claimed_at FROM transaction_claims ORDER BY id`),
  batches: await q(`SELECT id, transaction_hash FROM batches ORDER BY id`),
  parts: await q(`SELECT batch_id, plan_id, status, resolved_hash FROM batch_plans ORDER BY batch_id, plan_id`),
  lists: await q(`SELECT id, status, transaction_hash, sent_hash, batch_id FROM process_lists ORDER BY id`),
  plans: await q(
    `SELECT id, save_status, deposit_transaction_hash, withdrawal_transaction_hash FROM savings_plans ORDER BY id`,
  ),
  requests: await q(`SELECT id, status, transaction_hash FROM withdrawal_requests ORDER BY id`),
  ledger: await q(`SELECT count(*)::int AS n FROM ledger_entries`),
  audit: await q(`SELECT count(*)::int AS n FROM audit_log`),
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ISO = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
const backs = (hash: string, what: string, verb: string, by = COMPLIANCE) =>
  new RegExp(
    `^Transaction ${hash.toLowerCase()} already backs ${escape(what)}, ${verb} ${ISO} by ${escape(by)}: one transaction backs one money event$`,
  );
const resolvedPart = (p: { batchId: string; planId: string }, action = 'deposit') =>
  `plan ${p.planId}'s part in the ${action} batch ${p.batchId}`;

/** The second use is a 409 whose message matches `message`, and nothing changed. */
async function refusedWith(call: () => Promise<Awaited<ReturnType<typeof post>>>, message: RegExp | string) {
  const before = await world();
  const res = await call();
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({
    code: 'CONFLICT',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
  expect(await world()).toEqual(before);
}

describe('one transaction backs one money event', () => {
  it('finding 1: a deposit resolved on a batch part cannot then be saved as a batch (409 naming the Resolve), nor the other way round', async () => {
    const tx = await deposit('111');
    const p = await part('deposit', '111');
    const first = await resolve(p, tx.hash);
    expect(first.statusCode, first.body).toBe(200);
    const list = await listWith('deposit', '111');
    await refusedWith(() => saveBatch(list, 'deposit', tx, '111'), backs(tx.hash, resolvedPart(p), 'resolved'));
    // The list is still open, its item still processing, waiting for its own transaction.
    expect(await q(`SELECT status, transaction_hash, batch_id FROM process_lists WHERE id = $1`, [list.id])).toEqual([
      { status: 0, transaction_hash: null, batch_id: null },
    ]);

    // The other way round: a saved batch's transaction resolves no other batch's part.
    const tx2 = await deposit('112');
    const list2 = await listWith('deposit', '112');
    const saved = await saveBatch(list2, 'deposit', tx2, '112');
    expect(saved.statusCode, saved.body).toBe(200);
    const batchId = saved.json().data._id as string;
    expect(
      await q(`SELECT chain_id, hash, kind, record_id FROM transaction_claims WHERE hash = $1`, [tx2.hash]),
    ).toEqual([{ chain_id: 31337, hash: tx2.hash, kind: 'batch.deposit', record_id: batchId }]);
    const p2 = await part('deposit', '112');
    await refusedWith(
      () => resolve(p2, tx2.hash),
      `hash: this transaction is the saved batch ${batchId}; it cannot resolve a part of another batch`,
    );
  });

  it('a part resolved with its own batch transaction claims nothing new: every part of the batch may use it', async () => {
    const tx = await deposit('30');
    const list = await listWith('deposit', '30');
    const saved = await saveBatch(list, 'deposit', tx, '30');
    expect(saved.statusCode, saved.body).toBe(200);
    const batchId = saved.json().data._id as string;
    const [{ plan_id: planId }] = (await q<{ plan_id: string }>(`SELECT plan_id FROM batch_plans WHERE batch_id = $1`, [
      batchId,
    ])) as [{ plan_id: string }];
    const res = await resolve({ batchId, planId }, tx.hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(await q(`SELECT kind, record_id FROM transaction_claims WHERE hash = $1`, [tx.hash])).toEqual([
      { kind: 'batch.deposit', record_id: batchId },
    ]);
  });

  it('batch and payout: a deposit batch transaction pays no withdrawal request, and a payout transaction saves no batch', async () => {
    const tx = await deposit('41');
    const list = await listWith('deposit', '41');
    const saved = await saveBatch(list, 'deposit', tx, '41');
    expect(saved.statusCode, saved.body).toBe(200);
    const batchId = saved.json().data._id as string;
    const r = await request('41');
    await refusedWith(() => payout(r, tx.hash), backs(tx.hash, `the deposit batch ${batchId}`, 'saved'));

    const tx2 = await deposit('42');
    const r2 = await request('42');
    const paid = await payout(r2, tx2.hash);
    expect(paid.statusCode, paid.body).toBe(200);
    const list2 = await listWith('deposit', '42');
    await refusedWith(
      () => saveBatch(list2, 'deposit', tx2, '42'),
      backs(tx2.hash, `the payout of withdrawal request ${r2}`, 'processed'),
    );
  });

  it('withdraw batch and payout: the vault paying the operator is one withdraw batch, not also a payout to the operator', async () => {
    await deposit('60');
    const tx = await withdraw('43');
    const list = await listWith('withdraw', '43');
    const saved = await saveBatch(list, 'withdraw', tx, '43');
    expect(saved.statusCode, saved.body).toBe(200);
    const batchId = saved.json().data._id as string;
    const r = await request('43', LOCAL_DEPLOYER);
    await refusedWith(() => payout(r, tx.hash), backs(tx.hash, `the withdraw batch ${batchId}`, 'saved'));
  });

  it('resolve and payout: either use first, the other is refused naming it', async () => {
    const tx = await deposit('44');
    const p = await part('deposit', '44');
    expect((await resolve(p, tx.hash)).statusCode).toBe(200);
    const r = await request('44');
    await refusedWith(() => payout(r, tx.hash), backs(tx.hash, resolvedPart(p), 'resolved'));

    const tx2 = await deposit('45');
    const r2 = await request('45');
    expect((await payout(r2, tx2.hash)).statusCode).toBe(200);
    const p2 = await part('deposit', '45');
    await refusedWith(
      () => resolve(p2, tx2.hash),
      backs(tx2.hash, `the payout of withdrawal request ${r2}`, 'processed'),
    );
  });

  it('batch and batch, resolve and resolve, payout and payout: the second is refused', async () => {
    const tx = await deposit('46');
    const list = await listWith('deposit', '46');
    expect((await saveBatch(list, 'deposit', tx, '46')).statusCode).toBe(200);
    // The same transaction on a list of the other queue.
    const other = await listWith('withdraw', '46');
    await refusedWith(() => saveBatch(other, 'withdraw', tx, '46'), 'This transaction hash is saved already');

    const tx2 = await deposit('47');
    const p = await part('deposit', '47');
    expect((await resolve(p, tx2.hash)).statusCode).toBe(200);
    const p2 = await part('deposit', '47');
    await refusedWith(
      () => resolve(p2, tx2.hash),
      `hash: this transaction resolved plan ${p.planId}'s part in batch ${p.batchId} already; one transaction resolves one part`,
    );

    const tx3 = await deposit('48');
    const r = await request('48');
    expect((await payout(r, tx3.hash)).statusCode).toBe(200);
    const r2 = await request('48');
    await refusedWith(
      () => payout(r2, tx3.hash),
      'This transaction hash is already recorded for another withdrawal request: one payout pays one request',
    );
  });

  it('a batch recorded as sent holds its transaction until saved (then the batch does) or released; an in-app payout claims its hash too', async () => {
    const tx = await deposit('49');
    const list = await listWith('deposit', '49');
    const rec = await post('/v1/advanced/record-sent-batch', { processListId: list.id, transactionHash: tx.hash });
    expect(rec.statusCode, rec.body).toBe(200);
    const r = await request('49');
    await refusedWith(
      () => payout(r, tx.hash),
      backs(tx.hash, `the deposit batch sent for process list ${list.id} (not saved yet)`, 'recorded'),
    );
    const saved = await saveBatch(list, 'deposit', tx, '49');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await q(`SELECT kind, record_id FROM transaction_claims WHERE hash = $1`, [tx.hash])).toEqual([
      { kind: 'batch.deposit', record_id: saved.json().data._id },
    ]);

    // A payout's transaction cannot be recorded as a list's sent batch.
    const tx2 = await deposit('50');
    const r2 = await request('50');
    expect((await payout(r2, tx2.hash)).statusCode).toBe(200);
    const list2 = await listWith('deposit', '50');
    await refusedWith(
      () => post('/v1/advanced/record-sent-batch', { processListId: list2.id, transactionHash: tx2.hash }),
      backs(tx2.hash, `the payout of withdrawal request ${r2}`, 'processed'),
    );

    // A sent transaction that reverted is released, and with it its claim.
    const list3 = await listWith('deposit', '52');
    const reverted = await sendRevertingDeposit(chain.url, clients);
    const rec3 = await post('/v1/advanced/record-sent-batch', {
      processListId: list3.id,
      transactionHash: reverted.hash,
    });
    expect(rec3.statusCode, rec3.body).toBe(200);
    expect(await q(`SELECT kind, record_id FROM transaction_claims WHERE hash = $1`, [reverted.hash])).toEqual([
      { kind: 'sent.deposit', record_id: list3.id },
    ]);
    await reverted.mine();
    await clients.publicClient.waitForTransactionReceipt({ hash: reverted.hash, pollingInterval: 50 });
    const released = await post('/v1/advanced/release-sent-batch', { processListId: list3.id });
    expect(released.statusCode, released.body).toBe(200);
    expect(await q(`SELECT kind FROM transaction_claims WHERE hash = $1`, [reverted.hash])).toEqual([]);

    // In-app: the hash given is claimed as well; a batch's transaction is refused there.
    const inApp = await request('51', `0x${String(1).padStart(40, 'c')}`, true);
    await refusedWith(
      () => post('/v1/admin/process-inApp-transaction', { requestId: inApp, hash: tx.hash, channel: 'human' }),
      backs(tx.hash, `the deposit batch ${saved.json().data._id}`, 'saved'),
    );
  });

  it('two uses at once: exactly one is recorded, the other is a 409 naming it', async () => {
    for (let round = 0; round < 2; round++) {
      const tx = await deposit(String(52 + round));
      const list = await listWith('deposit', String(52 + round));
      const r = await request(String(52 + round));
      const results = await inTurn(round, [
        () => saveBatch(list, 'deposit', tx, String(52 + round)),
        () => payout(r, tx.hash),
      ]);
      expectOneWinner(results, new RegExp(`^Transaction ${tx.hash} already backs (the deposit batch|the payout of)`));
      const claims = await q<{ kind: string }>(`SELECT kind FROM transaction_claims WHERE hash = $1`, [tx.hash]);
      expect(claims).toHaveLength(1);
      const [batch] = await q(`SELECT id FROM batches WHERE transaction_hash = $1`, [tx.hash]);
      const [paid] = await q(`SELECT id FROM withdrawal_requests WHERE transaction_hash = $1`, [tx.hash]);
      expect({ batch: !!batch, paid: !!paid }).toEqual(
        claims[0]!.kind === 'batch.deposit' ? { batch: true, paid: false } : { batch: false, paid: true },
      );
    }
  });

  it('uses recorded before claims existed are claimed by the backfill, the first use keeping the transaction', async () => {
    const tx = await deposit('55');
    // A batch and a payout written straight to the tables (as before migration 0035), the payout first.
    const r = await request('55');
    await q(
      `UPDATE withdrawal_requests SET status = 1, transaction_hash = $2, processed_at = now() - interval '2 days' WHERE id = $1`,
      [r, tx.hash],
    );
    const [b] = await q<{ id: string }>(
      `INSERT INTO batches (action, plan_type, transaction_hash, status, amount, network, created_at) VALUES ('deposit', 'fixed', $1, 'confirmed', 55, 31337, now() - interval '1 day') RETURNING id`,
      [tx.hash],
    );
    // (The batches this file wrote straight to the table, with made-up hashes, are claimed too.)
    expect((await q<{ n: number }>(`SELECT transaction_claims_backfill()::int AS n`))[0]!.n).toBeGreaterThanOrEqual(1);
    expect(await q(`SELECT chain_id, kind, record_id FROM transaction_claims WHERE hash = $1`, [tx.hash])).toEqual([
      { chain_id: 0, kind: 'payout', record_id: r },
    ]);
    // Idempotent.
    expect(await q(`SELECT transaction_claims_backfill()::int AS n`)).toEqual([{ n: 0 }]);
    // With the batch record gone, the claim alone refuses the transaction elsewhere.
    await q(`DELETE FROM batches WHERE id = $1`, [b!.id]);
    const p = await part('deposit', '55');
    const message = new RegExp(
      `^Transaction ${tx.hash} already backs the payout of withdrawal request ${r}, processed ${ISO}: one transaction backs one money event$`,
    );
    await refusedWith(() => resolve(p, tx.hash), message);
  });
});
