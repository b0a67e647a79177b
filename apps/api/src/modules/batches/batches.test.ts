import { encodeFunctionData, parseUnits, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  LOCAL_CONTRACTS,
  LOCAL_DEPLOYER,
  testTokenAbi,
  vaultAbi,
  vaultBytecode,
  withdrawShares,
} from '@vaultdesk/chain';
import { localRpc } from '@vaultdesk/chain/node';
import { saveBatchBody, sendRevertingDeposit, useChainTestApp } from '../../../test/chain';
import { bearer, demo } from '../../../test/helpers';

const OTHER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'; // Hardhat account #1: not custodial

const { t, chain, clients, tokens, q } = useChainTestApp(LOCAL_DEPLOYER);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens.compliance), ...(payload ? { payload } : {}) });

const send = async (from: Address, to: Address, data: `0x${string}`) => {
  const hash = await clients.walletClient.sendTransaction({ account: from, chain: null, to, data });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { hash, receipt };
};

let seq = 0;
async function listWith(type: 'deposit' | 'withdraw', amounts: string[]) {
  // One open list per queue: a list an earlier test left open (refused on purpose) is set aside as finished.
  await q(`UPDATE process_lists SET status = 2 WHERE type = $1 AND status <> 2`, [type]);
  const [list] = await q<{ id: string }>(`INSERT INTO process_lists (type) VALUES ($1) RETURNING id`, [type]);
  const entries: string[] = [];
  for (const amount of amounts) {
    const n = ++seq;
    const [u] = await q<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Batch Customer ${n}`, `batch${n}`, `batch${n}@example.test`, `BATCH${n}`],
    );
    await q(`INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2)`, [
      u!.id,
      `0x${String(n).padStart(40, 'f')}`,
    ]);
    const planType = n % 2 ? 'flexible' : 'fixed';
    const [p] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, $2, 'Batch plan', $3, $4) RETURNING id`,
      [u!.id, planType, amount, type === 'deposit' ? 'pending' : 'saved'],
    );
    const [i] = await q<{ id: string }>(
      `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, process_list_id) VALUES ($1, $2, $3, $4, 'processing', $5) RETURNING id`,
      [type, u!.id, p!.id, amount, list!.id],
    );
    entries.push(`${p!.id} ${planType === 'flexible' ? 0 : 1} ${i!.id}`);
  }
  return { id: list!.id, entries };
}

const audits = (action: string, targetId: string) =>
  q<{ actor_email: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    `SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  );
/** Everything a refused batch call could have touched: the list, its items, their plans, its batch, the ledger. */
const listState = async (listId: string) => ({
  list: await q(`SELECT status, transaction_hash, batch_id, updated_at FROM process_lists WHERE id = $1`, [listId]),
  items: await q(
    `SELECT id, status, transaction_hash, updated_at FROM queue_items WHERE process_list_id = $1 ORDER BY id`,
    [listId],
  ),
  plans: await q(
    `SELECT p.id, p.save_status, p.deposit_transaction_hash, p.withdrawal_transaction_hash, p.share_balance::text, p.updated_at
                    FROM savings_plans p JOIN queue_items qi ON qi.plan_id = p.id WHERE qi.process_list_id = $1 ORDER BY p.id`,
    [listId],
  ),
  batches: await q(`SELECT id FROM batches WHERE process_list_id = $1`, [listId]),
  ledger: await q(`SELECT count(*)::int AS n FROM ledger_entries`),
  audit: await q(`SELECT count(*)::int AS n FROM audit_log`),
});

const price = async () => {
  return clients.publicClient.readContract({
    address: LOCAL_CONTRACTS.xBUSD,
    abi: vaultAbi,
    functionName: 'getPricePerFullShare',
  });
};
const shares = async (a: Address) =>
  clients.publicClient.readContract({
    address: LOCAL_CONTRACTS.xBUSD,
    abi: vaultAbi,
    functionName: 'balanceOf',
    args: [a],
  });

async function deposit(from: Address, amount: string) {
  await send(
    from,
    LOCAL_CONTRACTS.BUSD,
    encodeFunctionData({
      abi: testTokenAbi,
      functionName: 'approve',
      args: [LOCAL_CONTRACTS.xBUSD, parseUnits('100000', 18)],
    }),
  );
  return send(
    from,
    LOCAL_CONTRACTS.xBUSD,
    encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits(amount, 18)] }),
  );
}

describe('save-batch against the local chain', () => {
  it('accepts a real deposit to the vault from a custodial wallet, once; Update Queue and Plans runs once', async () => {
    const list = await listWith('deposit', ['10', '5.5']);
    const before = await shares(LOCAL_DEPLOYER);
    const { hash, receipt } = await deposit(LOCAL_DEPLOYER, '15.5');
    const p = await price();
    const res = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'deposit', hash, receipt.blockNumber, '15.5', {
        pricePerFullShare: p.toString(),
        initShares: before.toString(),
        finalShares: (await shares(LOCAL_DEPLOYER)).toString(),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Batch saved',
      data: { transactionHash: hash, processListId: list.id, amount: '15.5' },
    });
    const [pl] = await q<{ status: number; transaction_hash: string; batch_id: string }>(
      `SELECT status, transaction_hash, batch_id FROM process_lists WHERE id = $1`,
      [list.id],
    );
    expect(pl).toMatchObject({ status: 1, transaction_hash: hash });
    const [batch] = await q(
      `SELECT action, from_address, block::text, trim_scale(amount)::text AS amount FROM batches WHERE id = $1`,
      [pl!.batch_id],
    );
    expect(batch).toEqual({
      action: 'deposit',
      from_address: LOCAL_DEPLOYER.toLowerCase(),
      block: receipt.blockNumber.toString(),
      amount: '15.5',
    });
    expect(await q(`SELECT status FROM batch_plans WHERE batch_id = $1`, [pl!.batch_id])).toHaveLength(2);
    expect(
      await q(`SELECT 1 FROM audit_log WHERE action = 'batch.deposit.save' AND target_id = $1`, [list.id]),
    ).toHaveLength(1);

    const again = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'deposit', hash, receipt.blockNumber, '15.5'),
    );
    expect(again.statusCode).toBe(409);

    const runs = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/v1/advanced/process-batch', { processListId: list.id })),
    );
    expect(runs.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(runs.find((r) => r.statusCode === 200)!.json().message).toBe('Plan updated');
    expect(await audits('batch.deposit.update-queue-and-plans', list.id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: { status: 1 },
        after: { status: 2, transactionHash: hash, items: 2 },
      }),
    ]);
    const items = await q<{ status: string; transaction_hash: string }>(
      `SELECT status, transaction_hash FROM queue_items WHERE process_list_id = $1`,
      [list.id],
    );
    expect(items).toEqual([
      { status: 'done', transaction_hash: hash },
      { status: 'done', transaction_hash: hash },
    ]);
    const plans = await q<{ save_status: string; deposit_transaction_hash: string[]; share_balance: string }>(
      `SELECT p.save_status, p.deposit_transaction_hash, p.share_balance::text FROM savings_plans p JOIN queue_items qi ON qi.plan_id = p.id WHERE qi.process_list_id = $1`,
      [list.id],
    );
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan.save_status).toBe('saved');
      expect(plan.deposit_transaction_hash).toEqual([hash]);
      expect(Number(plan.share_balance)).toBeGreaterThan(0);
    }
    expect(
      await q(`SELECT status FROM batch_plans WHERE batch_id = $1 AND status = 'resolved'`, [pl!.batch_id]),
    ).toHaveLength(2);
  });

  it('refuses forged batches with a 400 naming what differs, and changes nothing', async () => {
    const list = await listWith('deposit', ['7']);
    const snapshot = async () => q(`SELECT status, transaction_hash FROM process_lists WHERE id = $1`, [list.id]);
    const start = await snapshot();
    const expectRefused = async (body: object, field: string, text: RegExp) => {
      const res = await call('POST', '/v1/advanced/save-batch', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
      expect(res.json().message).toMatch(text);
      expect(await snapshot()).toEqual(start);
    };
    // Unknown hash.
    await expectRefused(
      saveBatchBody(list, 'deposit', `0x${'12'.repeat(32)}`, 1n, '7'),
      'transactionHash',
      /no such transaction/,
    );
    // Wrong amount on chain.
    const six = await deposit(LOCAL_DEPLOYER, '6');
    await expectRefused(
      saveBatchBody(list, 'deposit', six.hash, six.receipt.blockNumber, '7'),
      'amount',
      /deposited 6, the process list holds 7/,
    );
    // Not the vault (the token's approve).
    const approve = await send(
      LOCAL_DEPLOYER,
      LOCAL_CONTRACTS.BUSD,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [LOCAL_CONTRACTS.xBUSD, 1n] }),
    );
    await expectRefused(
      saveBatchBody(list, 'deposit', approve.hash, approve.receipt.blockNumber, '7'),
      'transactionHash',
      /not to the vault/,
    );
    // Reverted: a deposit without allowance, mined with a fixed gas limit.
    const sent = await sendRevertingDeposit(chain.url, clients);
    await sent.mine();
    const revertedHash = sent.hash;
    const reverted = {
      hash: revertedHash,
      receipt: await clients.publicClient.waitForTransactionReceipt({ hash: revertedHash, pollingInterval: 50 }),
    };
    expect(reverted.receipt.status).toBe('reverted');
    await expectRefused(
      saveBatchBody(list, 'deposit', reverted.hash, reverted.receipt.blockNumber, '7'),
      'transactionHash',
      /reverted/,
    );
    // Not from a custodial wallet.
    await localRpc(chain.url, 'hardhat_setBalance', [OTHER, '0x56BC75E2D63100000']);
    await send(
      LOCAL_DEPLOYER,
      LOCAL_CONTRACTS.BUSD,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [OTHER, parseUnits('100', 18)] }),
    );
    const stranger = await deposit(OTHER, '7');
    await expectRefused(
      saveBatchBody(list, 'deposit', stranger.hash, stranger.receipt.blockNumber, '7'),
      'transactionHash',
      /not a custodial wallet/,
    );
    // Right transaction, wrong block, wrong action, wrong items.
    const real = await deposit(LOCAL_DEPLOYER, '7');
    await expectRefused(saveBatchBody(list, 'deposit', real.hash, real.receipt.blockNumber + 5n, '7'), 'block', /not/);
    await expectRefused(
      saveBatchBody(list, 'deposit', real.hash, real.receipt.blockNumber, '7', {
        planIdAndType: [list.entries[0]!.replace(/ [01] /, (m) => (m === ' 0 ' ? ' 1 ' : ' 0 '))],
      }),
      'planIdAndType',
      /differs/,
    );
    await expectRefused(saveBatchBody(list, 'deposit', real.hash, real.receipt.blockNumber, '8'), 'amount', /holds 7/);
    const badBody = await call('POST', '/v1/advanced/save-batch', {
      ...saveBatchBody(list, 'deposit', real.hash, real.receipt.blockNumber, '7'),
      transactionHash: '0x1',
    });
    expect(badBody.json().fields).toHaveProperty('transactionHash');
    const wrongAction = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'withdraw', real.hash, real.receipt.blockNumber, '7'),
    );
    expect(wrongAction.statusCode).toBe(409);
    // And the real one is then accepted.
    expect(
      (
        await call(
          'POST',
          '/v1/advanced/save-batch',
          saveBatchBody(list, 'deposit', real.hash, real.receipt.blockNumber, '7'),
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list.id })).statusCode).toBe(200);
  });

  it('withdraw batch: shares with 36-decimal maths, saved, propagated, then each item updated after withdrawal with a ledger credit', async () => {
    const list = await listWith('withdraw', ['3.25']);
    const p = await price();
    const held = await shares(LOCAL_DEPLOYER);
    const sh = withdrawShares(parseUnits('3.25', 18), p, held);
    const { hash, receipt } = await send(
      LOCAL_DEPLOYER,
      LOCAL_CONTRACTS.xBUSD,
      encodeFunctionData({ abi: vaultAbi, functionName: 'withdraw', args: [sh] }),
    );
    expect(receipt.status).toBe('success');
    const saved = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'withdraw', hash, receipt.blockNumber, '3.25', { pricePerFullShare: p.toString() }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [itemId] = list.entries.map((e) => e.split(' ')[2]!);
    // Not yet: the list is at 1.
    expect((await call('POST', '/v1/advanced/update-queue-after-withdrawal', { queueId: itemId })).statusCode).toBe(
      409,
    );
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list.id })).statusCode).toBe(200);
    const { user_id } = (await q<{ user_id: string }>(`SELECT user_id FROM queue_items WHERE id = $1`, [itemId]))[0]!;
    const updates = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/v1/advanced/update-queue-after-withdrawal', { queueId: itemId })),
    );
    expect(updates.map((u) => u.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(updates.find((u) => u.statusCode === 200)!.json()).toMatchObject({
      message: 'done',
      data: { status: 'done', transactionHash: hash },
    });
    expect(await audits('batch.withdraw.update-queue-and-plans', list.id)).toEqual([
      expect.objectContaining({ before: { status: 1 }, after: { status: 2, transactionHash: hash, items: 1 } }),
    ]);
    expect(await audits('queue.withdraw.update-after-withdrawal', itemId!)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: { status: 'processing' },
        after: expect.objectContaining({
          status: 'done',
          transactionHash: hash,
          credited: expect.objectContaining({ amount: '3.25', balanceAfter: '3.25' }),
        }),
      }),
    ]);
    const credit = await q<{ amount: string }>(
      `SELECT trim_scale(l.amount)::text AS amount FROM ledger_entries l JOIN wallets w ON w.id = l.wallet_id WHERE w.user_id = $1 AND l.kind = 'savings-withdrawal'`,
      [user_id],
    );
    expect(credit).toEqual([{ amount: '3.25' }]);
    const [plan] = await q<{ withdrawal_transaction_hash: string[] }>(
      `SELECT withdrawal_transaction_hash FROM savings_plans p JOIN queue_items qi ON qi.plan_id = p.id WHERE qi.id = $1`,
      [itemId],
    );
    expect(plan!.withdrawal_transaction_hash).toEqual([hash]);
  });

  it('refuses a batch sent on another network than the configured chain: 400 naming network, nothing changed', async () => {
    const list = await listWith('deposit', ['4']);
    const { hash, receipt } = await deposit(LOCAL_DEPLOYER, '4');
    const before = await listState(list.id);
    for (const network of [56, 137]) {
      const res = await call(
        'POST',
        '/v1/advanced/save-batch',
        saveBatchBody(list, 'deposit', hash, receipt.blockNumber, '4', { network }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty('network');
      expect(res.json().message).toMatch(new RegExp(`chain ${network}, the server works with chain 31337`));
      expect(await listState(list.id)).toEqual(before);
    }
    // The same transaction on the configured network is accepted.
    expect(
      (await call('POST', '/v1/advanced/save-batch', saveBatchBody(list, 'deposit', hash, receipt.blockNumber, '4')))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a real deposit of the right amount into another vault: 400 naming transactionHash, nothing changed', async () => {
    const deployed = await clients.walletClient.deployContract({
      account: LOCAL_DEPLOYER,
      chain: null,
      abi: vaultAbi,
      bytecode: vaultBytecode,
      args: [LOCAL_CONTRACTS.BUSD, 'Other vault', 'xOTHER'],
    });
    const other = (await clients.publicClient.waitForTransactionReceipt({ hash: deployed, pollingInterval: 50 }))
      .contractAddress!;
    await send(
      LOCAL_DEPLOYER,
      LOCAL_CONTRACTS.BUSD,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [other, parseUnits('100', 18)] }),
    );
    const list = await listWith('deposit', ['9']);
    const { hash, receipt } = await send(
      LOCAL_DEPLOYER,
      other,
      encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits('9', 18)] }),
    );
    expect(receipt.status).toBe('success');
    const before = await listState(list.id);
    const res = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'deposit', hash, receipt.blockNumber, '9'),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.transactionHash).toEqual(['Not sent to the configured vault']);
    expect(res.json().message).toContain(`not to the vault ${LOCAL_CONTRACTS.xBUSD}`);
    expect(await listState(list.id)).toEqual(before);
  });

  it('409 for a save on a list already saved (status 1) with a new hash; nothing changed', async () => {
    const list = await listWith('deposit', ['2']);
    const first = await deposit(LOCAL_DEPLOYER, '2');
    expect(
      (
        await call(
          'POST',
          '/v1/advanced/save-batch',
          saveBatchBody(list, 'deposit', first.hash, first.receipt.blockNumber, '2'),
        )
      ).statusCode,
    ).toBe(200);
    const second = await deposit(LOCAL_DEPLOYER, '2');
    const before = await listState(list.id);
    const res = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'deposit', second.hash, second.receipt.blockNumber, '2'),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/To be propagated: its batch is saved already/);
    expect(await listState(list.id)).toEqual(before);
    expect(await q(`SELECT 1 FROM batches WHERE transaction_hash = $1`, [second.hash])).toHaveLength(0);
  });

  it('record-sent-batch: the hash recorded at once (audited), the same hash again a no-op, another 409, the list frozen, then saved with that hash only', async () => {
    const list = await listWith('deposit', ['11', '1.25']);
    const { hash, receipt } = await deposit(LOCAL_DEPLOYER, '12.25');
    const record = (h: string, processListId = list.id) =>
      call('POST', '/v1/advanced/record-sent-batch', { processListId, transactionHash: h });

    const first = await record(hash.toUpperCase().replace('0X', '0x'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Sent batch recorded',
      data: {
        _id: list.id,
        status: 0,
        sentHash: hash,
        sentAt: expect.any(String),
        sentBy: { email: demo('compliance').email },
        transactionHash: null,
        batch: null,
      },
    });
    expect(await audits('batch.deposit.sent', list.id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: { status: 0, sentHash: null },
        after: { status: 0, sentHash: hash, items: 2 },
      }),
    ]);
    // Every reader sees it on the list.
    const lists = (await call('GET', '/v1/advanced/process-lists?type=deposit')).json().data as {
      _id: string;
      sentHash: string | null;
    }[];
    expect(lists.find((l) => l._id === list.id)!.sentHash).toBe(hash);

    const again = await record(hash);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Sent batch already recorded');
    expect(await audits('batch.deposit.sent', list.id)).toHaveLength(1);

    const before = await listState(list.id);
    const second = await deposit(LOCAL_DEPLOYER, '12.25');
    const other = await record(second.hash);
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().message).toBe(
      `The process list's batch was sent already with ${hash}: save that transaction; a second one is not recorded for the same list`,
    );
    expect(await listState(list.id)).toEqual(before);

    // What the transaction carried stays the list: no item joins, leaves or changes status until it is saved.
    const [pending] = await q<{ id: string }>(
      `INSERT INTO queue_items (queue, user_id, plan_id, amount, status)
      SELECT 'deposit', user_id, plan_id, 3, 'pending' FROM queue_items WHERE process_list_id = $1 LIMIT 1 RETURNING id`,
      [list.id],
    );
    const itemId = list.entries[0]!.split(' ')[2]!;
    const frozen = `The process list's batch was sent (${hash}): save that batch before its items change`;
    for (const [method, url, body] of [
      ['POST', '/v1/advanced/add-queue-item-to-process-list', { queueItemId: pending!.id, processListId: list.id }],
      ['POST', '/v1/advanced/remove-queue-item-from-process-list', { queueItemId: itemId, processListId: list.id }],
      ['PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: itemId, status: 'pending' }],
      ['POST', '/v1/advanced/create-process-list', { processType: 'deposit' }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(409);
      expect(res.json().message).toBe(frozen);
    }
    expect(await listState(list.id)).toEqual(before);

    // A save with another transaction is refused; the recorded one is saved (checked on chain as always).
    const wrong = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'deposit', second.hash, second.receipt.blockNumber, '12.25'),
    );
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json().message).toBe(
      `The process list's batch was sent with ${hash}: only that transaction can be saved for it`,
    );
    expect(await listState(list.id)).toEqual(before);
    const saved = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'deposit', hash, receipt.blockNumber, '12.25'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [pl] = await q(`SELECT status, transaction_hash, sent_hash FROM process_lists WHERE id = $1`, [list.id]);
    expect(pl).toEqual({ status: 1, transaction_hash: hash, sent_hash: hash });
    // Recording it again after the save changes nothing.
    expect((await record(hash)).json().message).toBe('Sent batch already recorded');
    expect(await audits('batch.deposit.sent', list.id)).toHaveLength(1);
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list.id })).statusCode).toBe(200);
  });

  it("record-sent-batch refuses a hash that is another list's or a saved batch's (409), an unknown list (404), a malformed body (400); nothing changes", async () => {
    const saved = await q<{ transaction_hash: string }>(
      `SELECT transaction_hash FROM batches WHERE transaction_hash IS NOT NULL LIMIT 1`,
    );
    const list = await listWith('deposit', ['2']);
    const before = await listState(list.id);
    const record = (body: object) => call('POST', '/v1/advanced/record-sent-batch', body);
    const dup = await record({ processListId: list.id, transactionHash: saved[0]!.transaction_hash });
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().message).toBe('This transaction hash is saved already');
    expect(
      (await record({ processListId: '00000000-0000-4000-8000-000000000000', transactionHash: `0x${'5'.repeat(64)}` }))
        .statusCode,
    ).toBe(404);
    for (const body of [
      { processListId: list.id },
      { processListId: list.id, transactionHash: '0x12' },
      { processListId: 'x', transactionHash: `0x${'5'.repeat(64)}` },
    ]) {
      const res = await record(body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await listState(list.id)).toEqual(before);
    // Sent for this list, then named for the withdraw list: one transaction is one list's.
    const hash = `0x${'6'.repeat(64)}`;
    expect((await record({ processListId: list.id, transactionHash: hash })).statusCode).toBe(200);
    const other = await listWith('withdraw', ['1']);
    const res = await record({ processListId: other.id, transactionHash: hash });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(`This transaction was recorded as the batch sent for process list ${list.id}`);
    expect(await q(`SELECT sent_hash FROM process_lists WHERE id = $1`, [other.id])).toEqual([{ sent_hash: null }]);
    // Set aside: its made-up hash can never be saved.
    await q(`UPDATE process_lists SET status = 2 WHERE id = $1`, [list.id]);
  });

  it('release-sent-batch: only a recorded transaction that reverted on chain is released (audited); one that succeeded or is not mined stays (409)', async () => {
    const list = await listWith('deposit', ['5']);
    const record = (h: string) =>
      call('POST', '/v1/advanced/record-sent-batch', { processListId: list.id, transactionHash: h });
    const release = () => call('POST', '/v1/advanced/release-sent-batch', { processListId: list.id });
    const none = await release();
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json().message).toBe('The process list has no sent batch waiting to be saved');

    // Sent but not mined yet: it may still go through.
    const pendingDeposit = await sendRevertingDeposit(chain.url, clients);
    const pendingHash = pendingDeposit.hash;
    expect((await record(pendingHash)).statusCode).toBe(200);
    const before = await listState(list.id);
    const pending = await release();
    expect(pending.statusCode, pending.body).toBe(409);
    expect(pending.json().message).toMatch(/is not mined yet: it may still go through, so it cannot be released$/);
    expect(await listState(list.id)).toEqual(before);
    // Mined: it reverted (no allowance for that much), so it moved nothing.
    await pendingDeposit.mine();
    expect(
      (await clients.publicClient.waitForTransactionReceipt({ hash: pendingHash, pollingInterval: 50 })).status,
    ).toBe('reverted');
    const refusedSave = await call(
      'POST',
      '/v1/advanced/save-batch',
      saveBatchBody(list, 'deposit', pendingHash, 1n, '5'),
    );
    expect(refusedSave.statusCode, refusedSave.body).toBe(400);
    expect(refusedSave.json().message).toBe('transactionHash: the transaction reverted on the chain');
    const released = await release();
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      message: 'Sent batch released: its transaction reverted',
      data: { _id: list.id, status: 0, sentHash: null, sentBy: null },
    });
    expect(await audits('batch.deposit.sent-released', list.id)).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: { status: 0, sentHash: pendingHash },
        after: { status: 0, sentHash: null, reason: 'reverted on chain' },
      }),
    ]);

    // Sent again, for real: that one succeeded, so it is not released; it is saved.
    const real = await deposit(LOCAL_DEPLOYER, '5');
    expect((await record(real.hash)).statusCode).toBe(200);
    const after = await listState(list.id);
    const kept = await release();
    expect(kept.statusCode, kept.body).toBe(409);
    expect(kept.json().message).toBe(
      `The sent transaction ${real.hash} succeeded on chain: save it, it cannot be released`,
    );
    expect(await listState(list.id)).toEqual(after);
    expect(
      (
        await call(
          'POST',
          '/v1/advanced/save-batch',
          saveBatchBody(list, 'deposit', real.hash, real.receipt.blockNumber, '5'),
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list.id })).statusCode).toBe(200);
  });

  it('400 with nothing changed for a bad process-batch or update-queue-after-withdrawal body, and for wallet-balances?address=bad', async () => {
    const list = await listWith('deposit', ['1']);
    const before = await listState(list.id);
    for (const body of [{}, { processListId: 'nope' }, { processListId: 42 }]) {
      const res = await call('POST', '/v1/advanced/process-batch', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty('processListId');
    }
    const itemId = list.entries[0]!.split(' ')[2]!;
    for (const body of [{}, { queueId: 'x' }, { queueId: itemId.slice(0, 30) }]) {
      const res = await call('POST', '/v1/advanced/update-queue-after-withdrawal', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty('queueId');
    }
    expect(await listState(list.id)).toEqual(before);
    for (const address of ['bad', '0x123', `0x${'g'.repeat(40)}`]) {
      const res = await call('GET', `/v1/advanced/wallet-balances?address=${address}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields.address).toEqual(['Enter a valid wallet address']);
    }
  });

  // Its speed (within 1 s on the million-row database) is measured by bench/queue-batch.ts, not here.
  it('Update Queue and Plans of a 1,000-item deposit batch finishes every item and saves every plan in one call', async () => {
    await q(`UPDATE process_lists SET status = 2 WHERE type = 'deposit' AND status <> 2`);
    const [list] = await q<{ id: string }>(
      `INSERT INTO process_lists (type, status, transaction_hash) VALUES ('deposit', 1, $1) RETURNING id`,
      [`0x${'77'.repeat(32)}`],
    );
    const [batch] = await q<{ id: string }>(
      `INSERT INTO batches (action, plan_type, transaction_hash, process_list_id, price_per_full_share) VALUES ('deposit', 'mixed', $1, $2, 1042500000000000000) RETURNING id`,
      [`0x${'77'.repeat(32)}`, list!.id],
    );
    await q(`UPDATE process_lists SET batch_id = $1 WHERE id = $2`, [batch!.id, list!.id]);
    await q(
      `WITH u AS (INSERT INTO users (full_name, username, email, referral_code)
                        SELECT 'Bulk ' || g, 'bulk' || g, 'bulk' || g || '@example.test', 'BULK' || g FROM generate_series(1, 1000) g RETURNING id),
              p AS (INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) SELECT id, 'flexible', 'Bulk', 25, 'pending' FROM u RETURNING id, user_id)
             INSERT INTO queue_items (queue, user_id, plan_id, amount, status, process_list_id) SELECT 'deposit', user_id, id, 25, 'processing', $1 FROM p`,
      [list!.id],
    );
    const res = await call('POST', '/v1/advanced/process-batch', { processListId: list!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (
        await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM queue_items WHERE process_list_id = $1 AND status = 'done'`,
          [list!.id],
        )
      )[0]!.n,
    ).toBe(1000);
    expect(
      (
        await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM savings_plans p JOIN queue_items qi ON qi.plan_id = p.id
            WHERE qi.process_list_id = $1 AND p.save_status = 'saved' AND p.share_balance > 0`,
          [list!.id],
        )
      )[0]!.n,
    ).toBe(1000);
  });

  it('serves the chain facts and the operator wallet balances read on chain', async () => {
    const cfg = (await call('GET', '/v1/advanced/chain-config')).json().data;
    expect(cfg).toMatchObject({
      chainId: 31337,
      contracts: { xBUSD: LOCAL_CONTRACTS.xBUSD },
      operatorAddress: LOCAL_DEPLOYER,
      shareWaitSeconds: 3,
    });
    const bal = (await call('GET', `/v1/advanced/wallet-balances?address=${LOCAL_DEPLOYER}`)).json().data;
    expect(Number(bal.BUSD)).toBeGreaterThan(0);
    expect(Number(bal.xBUSD)).toBeGreaterThan(0);
    expect(Number(bal.BNB)).toBeGreaterThan(0);
  });
});
