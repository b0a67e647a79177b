import { randomUUID } from 'node:crypto';
import { encodeFunctionData, parseUnits, type Address, type Hash } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi, vaultAbi, withdrawShares } from '@vaultdesk/chain';
import { localRpc } from '@vaultdesk/chain/node';
import { approveVault, sendRevertingDeposit, useChainTestApp } from '../../../test/chain';
import { expectOneWinner } from '../../../test/races';
import { bearer, demo } from '../../../test/helpers';

/**
 * Resolve on a savings plan (POST /advanced/resolve-plan) against a real local Hardhat node: the
 * hash marks money as moved, so it is checked on chain as save-batch's is (exists, succeeded,
 * sent to the vault from a custodial wallet, the batch's action, and carrying the part), and any
 * refusal leaves the part, the plan and the audit trail as they were.
 */

const { t, chain, clients, tokens, q } = useChainTestApp(LOCAL_DEPLOYER);
let userId = '';
const OTHER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'; // Hardhat account #1: not custodial

beforeAll(async () => {
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ('Ada Resolver', 'adaresolver', 'ada.resolver@example.com', 'ADARES01') RETURNING id`,
  );
  userId = u!.id;
  // The operator approves the vault once; every deposit below draws on it.
  await approveVault(clients);
});

const resolve = (payload: object, token = tokens.compliance) =>
  t.app.inject({ method: 'POST', url: '/v1/advanced/resolve-plan', payload, headers: bearer(token) });

const send = async (from: Address, to: Address, data: `0x${string}`) => {
  const hash = await clients.walletClient.sendTransaction({ account: from, chain: null, to, data });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { hash, receipt };
};
const deposit = async (amount: string, from: Address = LOCAL_DEPLOYER) =>
  (
    await send(
      from,
      LOCAL_CONTRACTS.xBUSD,
      encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits(amount, 18)] }),
    )
  ).hash;
const withdraw = async (amount: string) => {
  const vault = { address: LOCAL_CONTRACTS.xBUSD, abi: vaultAbi } as const;
  const price = await clients.publicClient.readContract({ ...vault, functionName: 'getPricePerFullShare' });
  const held = await clients.publicClient.readContract({ ...vault, functionName: 'balanceOf', args: [LOCAL_DEPLOYER] });
  return (
    await send(
      LOCAL_DEPLOYER,
      LOCAL_CONTRACTS.xBUSD,
      encodeFunctionData({
        abi: vaultAbi,
        functionName: 'withdraw',
        args: [withdrawShares(parseUnits(amount, 18), price, held)],
      }),
    )
  ).hash;
};

let n = 0;
async function plan(type: 'fixed' | 'flexible' = 'fixed', saveStatus = 'failed', planState = 'active') {
  n += 1;
  const [p] = await q<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, plan_state, save_status) VALUES ($1, $2, $3, '100', $4, $5) RETURNING id`,
    [userId, type, `Resolve plan ${n}`, planState, saveStatus],
  );
  return p!.id;
}
/** A saved batch carrying the given parts; its own transaction is `hash` (a made-up one unless given). */
async function batch(
  action: 'deposit' | 'withdraw',
  parts: { planId: string; amount: string }[],
  hash: string = `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`,
) {
  const total = parts.reduce((s, p) => s + Number(p.amount), 0);
  const [b] = await q<{ id: string }>(
    `INSERT INTO batches (action, plan_type, transaction_hash, status, amount, created_at) VALUES ($1, 'fixed', $2, 'confirmed', $3, '2026-03-01T00:00:00Z') RETURNING id`,
    [action, hash.toLowerCase(), String(total)],
  );
  for (const p of parts)
    await q(`INSERT INTO batch_plans (batch_id, plan_id, amount) VALUES ($1, $2, $3)`, [b!.id, p.planId, p.amount]);
  return b!.id;
}
/** Everything a refused Resolve could have touched. */
const state = async (batchId: string, planId: string) => ({
  part: await q(
    `SELECT status, resolved_hash, resolved_by, resolved_at FROM batch_plans WHERE batch_id = $1 AND plan_id = $2`,
    [batchId, planId],
  ),
  plan: await q(
    `SELECT save_status, plan_state, deposit_transaction_hash, withdrawal_transaction_hash, withdrawal_time, withdrawal_amount::text, updated_at FROM savings_plans WHERE id = $1`,
    [planId],
  ),
  audit: await q(`SELECT count(*)::int AS n FROM audit_log`),
});

describe('Resolve checks its hash on chain', () => {
  it('accepts a vault deposit of exactly the part from the operator: part, plan and one audit row', async () => {
    const id = await plan();
    const batchId = await batch('deposit', [
      { planId: id, amount: '12.5' },
      { planId: await plan(), amount: '7.5' },
    ]);
    const hash = await deposit('12.5');
    const res = await resolve({ batchId, hash: hash.toUpperCase().replace('0X', '0x'), planId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'resolving of plan done',
      data: {
        plan: { _id: id, saveStatus: 'saved', depositTransactionHash: [hash] },
        batch: { _id: batchId, status: 'resolved', resolvedHash: hash },
      },
    });
    const [staff] = await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [demo('compliance').email]);
    expect((await state(batchId, id)).part).toEqual([
      expect.objectContaining({ status: 'resolved', resolved_hash: hash, resolved_by: staff!.id }),
    ]);
    const audits = await q(
      `SELECT actor_email, before, after FROM audit_log WHERE action = 'plan.resolve' AND target_id = $1`,
      [id],
    );
    expect(audits).toEqual([
      expect.objectContaining({
        actor_email: demo('compliance').email,
        before: expect.objectContaining({
          batchId,
          action: 'deposit',
          partStatus: 'included',
          saveStatus: 'failed',
          depositTransactionHash: [],
        }),
        after: expect.objectContaining({
          batchId,
          action: 'deposit',
          partStatus: 'resolved',
          hash,
          saveStatus: 'saved',
          depositTransactionHash: [hash],
        }),
      }),
    ]);
  });

  it("accepts the batch's own transaction for any of its parts (it moved the batch's whole amount)", async () => {
    const a = await plan();
    const b = await plan();
    const hash = await deposit('30');
    const batchId = await batch(
      'deposit',
      [
        { planId: a, amount: '20' },
        { planId: b, amount: '10' },
      ],
      hash,
    );
    expect((await resolve({ batchId, hash, planId: a })).statusCode).toBe(200);
    const second = await resolve({ batchId, hash, planId: b }, tokens.superadmin);
    expect(second.statusCode, second.body).toBe(200);
    expect(
      (await q(`SELECT resolved_hash FROM batch_plans WHERE batch_id = $1 ORDER BY plan_id`, [batchId])).map(
        (r) => r.resolved_hash,
      ),
    ).toEqual([hash, hash]);
  });

  it('accepts a vault withdraw paying the part (a fixed plan becomes withdrawn)', async () => {
    await deposit('50');
    const id = await plan('fixed', 'saved', 'matured');
    const batchId = await batch('withdraw', [{ planId: id, amount: '13' }]);
    const hash = await withdraw('13');
    const res = await resolve({ batchId, hash, planId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await state(batchId, id)).plan).toEqual([
      expect.objectContaining({
        plan_state: 'withdrawn',
        withdrawal_transaction_hash: [hash],
        withdrawal_amount: '13.000000000000000000',
        withdrawal_time: new Date('2026-03-01T00:00:00Z'),
      }),
    ]);
  });

  describe('refusals: 400 (or 409) naming what failed, nothing changed', () => {
    let id = '';
    let batchId = '';
    let before: Awaited<ReturnType<typeof state>>;
    const refused = async (hash: string, status: number, message: RegExp, field?: string) => {
      const res = await resolve({ batchId, hash, planId: id });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
      if (field) expect(res.json().fields, res.body).toEqual({ hash: [field] });
      expect(await state(batchId, id)).toEqual(before);
    };

    beforeAll(async () => {
      id = await plan();
      batchId = await batch('deposit', [{ planId: id, amount: '9' }]);
      before = await state(batchId, id);
    });

    it('a hash no chain has seen', async () => {
      await refused(
        `0x${'ab12'.repeat(16)}`,
        400,
        /^hash: no such transaction on the chain$/,
        'No such transaction on the chain',
      );
    });

    it('a transaction that reverted', async () => {
      const sent = await sendRevertingDeposit(chain.url, clients);
      await sent.mine();
      const hash = sent.hash;
      expect((await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe(
        'reverted',
      );
      await refused(hash, 400, /^hash: the transaction reverted on the chain$/, 'The transaction reverted');
    });

    it('a transaction sent elsewhere than the vault (a token transfer of the same amount)', async () => {
      const { hash } = await send(
        LOCAL_DEPLOYER,
        LOCAL_CONTRACTS.BUSD,
        encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [OTHER, parseUnits('9', 18)] }),
      );
      await refused(
        hash,
        400,
        new RegExp(
          `^hash: the transaction was sent to ${LOCAL_CONTRACTS.BUSD}, not to the vault ${LOCAL_CONTRACTS.xBUSD}$`,
          'i',
        ),
        'Not sent to the configured vault',
      );
    });

    it('a vault deposit of another amount', async () => {
      await refused(
        await deposit('8.999'),
        400,
        /^hash: the transaction deposited 8\.999, the plan's part in the batch is 9$/,
        'Differs from the transaction',
      );
    });

    it('a vault withdraw where the batch was a deposit', async () => {
      await refused(
        await withdraw('9'),
        400,
        /^hash: the transaction is a vault withdraw, not a deposit$/,
        'The transaction is a withdraw',
      );
    });

    it('a deposit of the amount from a wallet that is not custodial', async () => {
      await localRpc(chain.url, 'hardhat_setBalance', [OTHER, '0x56BC75E2D63100000']);
      await send(
        LOCAL_DEPLOYER,
        LOCAL_CONTRACTS.BUSD,
        encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [OTHER, parseUnits('9', 18)] }),
      );
      await send(
        OTHER,
        LOCAL_CONTRACTS.BUSD,
        encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'approve',
          args: [LOCAL_CONTRACTS.xBUSD, parseUnits('100', 18)],
        }),
      );
      await refused(
        await deposit('9', OTHER),
        400,
        /which is not a custodial wallet$/,
        'Not sent from a custodial wallet',
      );
    });

    it("a transaction already saved as another batch, or one that resolved another plan's part (409)", async () => {
      const saved = await deposit('9');
      await batch('deposit', [{ planId: await plan(), amount: '9' }], saved);
      await refused(
        saved,
        409,
        /^hash: this transaction is the saved batch [0-9a-f-]{36}; it cannot resolve a part of another batch$/,
      );

      const other = await plan();
      const otherBatch = await batch('deposit', [{ planId: other, amount: '9' }]);
      const used = await deposit('9');
      expect((await resolve({ batchId: otherBatch, hash: used, planId: other })).statusCode).toBe(200);
      before = await state(batchId, id);
      await refused(used, 409, /one transaction resolves one part$/);
    });

    it('and the right transaction is then accepted', async () => {
      const res = await resolve({ batchId, hash: await deposit('9'), planId: id });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('409 when the part is resolved already, 404 when the plan was not in the batch, before any chain read', async () => {
    const id = await plan();
    const other = await plan();
    const batchId = await batch('deposit', [{ planId: id, amount: '2' }]);
    const hash = await deposit('2');
    expect((await resolve({ batchId, hash, planId: id })).statusCode).toBe(200);
    const after = await state(batchId, id);
    const again = await resolve({ batchId, hash: await deposit('2'), planId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: "This plan's part in the batch is already resolved",
    });
    expect(await state(batchId, id)).toEqual(after);
    const missing = await resolve({ batchId, hash: `0x${'3'.repeat(64)}`, planId: other });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This plan was not in that batch');
    expect((await resolve({ batchId: randomUUID(), hash: `0x${'3'.repeat(64)}`, planId: id })).statusCode).toBe(404);
  });

  it('400 naming the field for a malformed hash or id, 403 for Support; nothing changed', async () => {
    const id = await plan();
    const batchId = await batch('deposit', [{ planId: id, amount: '1' }]);
    const before = await state(batchId, id);
    for (const [payload, field] of [
      [{ batchId, hash: '0x1234', planId: id }, 'hash'],
      [{ batchId, hash: `0x${'g'.repeat(64)}`, planId: id }, 'hash'],
      [{ batchId, planId: id }, 'hash'],
      [{ batchId: 'x', hash: `0x${'a'.repeat(64)}`, planId: id }, 'batchId'],
      [{ batchId, hash: `0x${'a'.repeat(64)}`, planId: 'x' }, 'planId'],
    ] as const) {
      const res = await resolve(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    expect((await resolve({ batchId, hash: await deposit('1'), planId: id }, tokens.support)).statusCode).toBe(403);
    expect(await state(batchId, id)).toEqual(before);
  });

  it('50 identical resolves at once resolve the part once, with the hash once on the plan and one audit row', async () => {
    const id = await plan();
    const batchId = await batch('deposit', [{ planId: id, amount: '4' }]);
    const hash: Hash = await deposit('4');
    expectOneWinner(
      await Promise.all(Array.from({ length: 50 }, () => resolve({ batchId, hash, planId: id }))),
      "This plan's part in the batch is already resolved",
    );
    expect(
      await q(`SELECT status, resolved_hash FROM batch_plans WHERE batch_id = $1 AND plan_id = $2`, [batchId, id]),
    ).toEqual([{ status: 'resolved', resolved_hash: hash }]);
    expect(await q(`SELECT deposit_transaction_hash, save_status FROM savings_plans WHERE id = $1`, [id])).toEqual([
      { deposit_transaction_hash: [hash], save_status: 'saved' },
    ]);
    expect(
      await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'plan.resolve' AND target_id = $1`, [id]),
    ).toEqual([{ n: 1 }]);
    // Resolve reconciles records only: no ledger rows for the plan.
    expect(await q(`SELECT count(*)::int AS n FROM ledger_entries WHERE reference_id = $1`, [id])).toEqual([{ n: 0 }]);
  });

  it('one transaction for two parts at once: one resolves, the other is refused (409)', async () => {
    const a = await plan();
    const b = await plan();
    const batchA = await batch('deposit', [{ planId: a, amount: '6' }]);
    const batchB = await batch('deposit', [{ planId: b, amount: '6' }]);
    const hash = await deposit('6');
    const results = await Promise.all([
      resolve({ batchId: batchA, hash, planId: a }),
      resolve({ batchId: batchB, hash, planId: b }, tokens.superadmin),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await q(`SELECT count(*)::int AS n FROM batch_plans WHERE resolved_hash = $1`, [hash])).toEqual([{ n: 1 }]);
  });
});
