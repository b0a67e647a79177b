import { encodeFunctionData, parseUnits, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi } from '@vaultdesk/chain';
import { localRpc } from '@vaultdesk/chain/node';
import { useChainTestApp } from '../../../test/chain';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

const { t, chain, clients, tokens, q } = useChainTestApp(LOCAL_DEPLOYER);
const processRequest = (app: TestApp['app'], tok: string, requestId: string, hash: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/admin/process-withdraw-request',
    headers: bearer(tok),
    payload: { requestId, hash, channel: 'human' },
  });

let seq = 0;
/** A pending withdrawal-out request of 40 (fee 1, final amount 39) in `currency` (1 BUSD, 2 VLT) to a fresh destination. */
async function request(db: TestApp['db'], currency: 1 | 2 = 1) {
  const n = ++seq;
  const run = async <T>(text: string, params: unknown[]) => (await db.$client.query(text, params)).rows[0] as T;
  const u = await run<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`Payout Customer ${n}`, `payout${n}`, `payout${n}@example.test`, `PAYOUT${n}`],
  );
  const w = await run<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
    [u.id, `0x${String(n).padStart(40, '7')}`],
  );
  const destination = `0x${String(n).padStart(40, '6')}` as Address;
  const r = await run<{ id: string }>(
    `INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address)
     VALUES ($1, $2, $3, 40, 1, 39, 40, 0, 0, $4) RETURNING id`,
    [u.id, w.id, currency, destination],
  );
  return { id: r.id, destination };
}

async function transfer(tokenAddress: Address, to: Address, amount: string) {
  const hash = await clients.walletClient.sendTransaction({
    account: LOCAL_DEPLOYER,
    chain: null,
    to: tokenAddress,
    data: encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to, parseUnits(amount, 18)] }),
  });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { hash, receipt };
}
const row = async (id: string) =>
  (
    await q<{ status: number; transaction_hash: string | null }>(
      `SELECT status, transaction_hash FROM withdrawal_requests WHERE id = $1`,
      [id],
    )
  )[0]!;

describe('Process Request checks the payout on the configured chain', () => {
  it("accepts the transfer of the final amount of the request's token to its destination", async () => {
    for (const currency of [1, 2] as const) {
      const r = await request(t.db, currency);
      const { hash } = await transfer(currency === 1 ? LOCAL_CONTRACTS.BUSD : LOCAL_CONTRACTS.VLT, r.destination, '39');
      const res = await processRequest(t.app, tokens.compliance, r.id, hash);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Process triggered',
        data: { status: 1, transactionHash: hash, processedBy: { email: demo('compliance').email } },
      });
    }
  });

  it('refuses a hash that is not that payout with a 400 naming hash, and records nothing', async () => {
    const r = await request(t.db, 1);
    const audits = async () =>
      (await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1`, [r.id]))[0]!.n;
    const refused = async (hash: string, message: RegExp, field: string) => {
      const res = await processRequest(t.app, tokens.compliance, r.id, hash);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(message),
        fields: { hash: [field] },
      });
      expect(await row(r.id)).toEqual({ status: 0, transaction_hash: null });
      expect(await audits()).toBe(0);
    };
    await refused(
      `0x${'42'.repeat(32)}`,
      /^hash: no such mined transaction on the chain$/,
      'No such mined transaction on the chain',
    );
    const short = await transfer(LOCAL_CONTRACTS.BUSD, r.destination, '38.5');
    await refused(
      short.hash,
      /^hash: the transaction transferred 38.5 BUSD to the destination, the request pays 39$/,
      "Not the request's final amount",
    );
    const elsewhere = await transfer(LOCAL_CONTRACTS.BUSD, `0x${'9'.repeat(40)}`, '39');
    await refused(
      elsewhere.hash,
      /^hash: the transaction transferred BUSD to 0x9{40}, not to the request's destination/,
      'Not paid to the destination address',
    );
    const otherToken = await transfer(LOCAL_CONTRACTS.VLT, r.destination, '39');
    await refused(otherToken.hash, /^hash: the transaction transferred no BUSD$/, 'Not a BUSD transfer');
    // A transfer the token refuses (more than the sender holds), mined with a fixed gas limit: reverted.
    await localRpc(chain.url, 'evm_setAutomine', [false]);
    const revertedHash = await clients.walletClient.sendTransaction({
      account: LOCAL_DEPLOYER,
      chain: null,
      to: LOCAL_CONTRACTS.BUSD,
      gas: 100_000n,
      data: encodeFunctionData({
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [r.destination, parseUnits('999999999999', 18)],
      }),
    });
    await localRpc(chain.url, 'evm_mine');
    await localRpc(chain.url, 'evm_setAutomine', [true]);
    expect(
      (await clients.publicClient.waitForTransactionReceipt({ hash: revertedHash, pollingInterval: 50 })).status,
    ).toBe('reverted');
    await refused(revertedHash, /^hash: the transaction reverted on the chain$/, 'The transaction reverted');
    // The real payout is then accepted.
    const paid = await transfer(LOCAL_CONTRACTS.BUSD, r.destination, '39');
    expect((await processRequest(t.app, tokens.compliance, r.id, paid.hash)).statusCode).toBe(200);
  });

  it('a request that cannot become Done is a 409 before any chain check', async () => {
    const r = await request(t.db, 1);
    await q(`UPDATE withdrawal_requests SET status = 7 WHERE id = $1`, [r.id]);
    const res = await processRequest(t.app, tokens.compliance, r.id, `0x${'43'.repeat(32)}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Withdrawal request is On-Hold: it cannot become Done');
  });

  it('a chain that cannot be reached is a 503 and nothing is recorded; with no chain configured the hash is recorded as given', async () => {
    const down = await createTestApp({
      CHAIN_RPC_URLS: 'http://127.0.0.1:9',
      CHAIN_TOKEN_ADDRESSES: `BUSD=${LOCAL_CONTRACTS.BUSD},VLT=${LOCAL_CONTRACTS.VLT},xBUSD=${LOCAL_CONTRACTS.xBUSD}`,
      CHAIN_ID: '31337',
    });
    const none = await createTestApp();
    try {
      const r = await request(down.db, 1);
      const res = await processRequest(
        down.app,
        await sessionFor(down.db, demo('compliance').email),
        r.id,
        `0x${'44'.repeat(32)}`,
      );
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        code: 'MAINTENANCE',
        message: 'The chain could not be reached to check the payout: try again shortly',
      });
      expect(
        (await down.db.$client.query(`SELECT status, transaction_hash FROM withdrawal_requests WHERE id = $1`, [r.id]))
          .rows[0],
      ).toEqual({ status: 0, transaction_hash: null });

      const r2 = await request(none.db, 1);
      const ok = await processRequest(
        none.app,
        await sessionFor(none.db, demo('compliance').email),
        r2.id,
        `0x${'44'.repeat(32)}`,
      );
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await down.close();
      await none.close();
    }
  }, 60_000);
});
