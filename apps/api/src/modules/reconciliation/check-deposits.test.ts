import { encodeFunctionData, parseUnits, type Address, type Hash } from 'viem';
import { describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi } from '@vaultdesk/chain';
import { bearer } from '../../../test/helpers';
import { useChainTestApp } from '../../../test/chain';
import { customerWithWallet, randomHex, recordTransfer } from '../../../test/chain-deposits';
import { reconcile, runReconciliation } from './reconciliation.service';

/**
 * Reconciliation reads every deposit the chain watcher credited against its receipt on the real
 * local chain: a credit its Transfer backs is accounted for; a wrong amount, a wrong recipient, a
 * wrong log index and a reverted transaction are each unexplained and listed; a transaction the
 * in-memory local chain does not know is not checked.
 */
const { t, clients, tokens } = useChainTestApp(LOCAL_DEPLOYER);
const BUSD = LOCAL_CONTRACTS.BUSD.toLowerCase();
/** Hardhat's second account: unlocked, without BUSD (its transfer reverts). */
const EMPTY_SENDER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

async function transfer(from: Address, to: string, amount: string) {
  const sent = clients.walletClient.sendTransaction({
    account: from,
    chain: null,
    to: LOCAL_CONTRACTS.BUSD,
    // A fixed gas limit: a transfer bound to revert is mined (reverted) rather than refused by estimation.
    gas: 120_000n,
    data: encodeFunctionData({
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [to as Address, parseUnits(amount, 18)],
    }),
  });
  // Hardhat mines a reverting transaction and answers an error: its hash is the latest block's.
  const hash = await sent.catch(
    async () => (await clients.publicClient.getBlock({ blockTag: 'latest' })).transactions[0] as Hash,
  );
  return clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

describe('reconciliation: credited deposits against their receipts', () => {
  it('lists each credit its receipt does not back as unexplained, and nothing for one it backs', async () => {
    const alice = await customerWithWallet(t.db);
    const bob = await customerWithWallet(t.db);
    const base = { chainId: 31337, token: BUSD, status: 'credited' as const };

    const good = await transfer(LOCAL_DEPLOYER, alice.wallet.address, '12.5');
    const goodLog = good.logs.find((l) => l.address.toLowerCase() === BUSD)!.logIndex;
    await recordTransfer(t.db, alice, {
      ...base,
      block: Number(good.blockNumber),
      amount: '12.5',
      txHash: good.transactionHash,
      logIndex: goodLog,
    });

    const other = await transfer(LOCAL_DEPLOYER, alice.wallet.address, '5');
    const otherLog = other.logs.find((l) => l.address.toLowerCase() === BUSD)!.logIndex;
    const wrongAmount = await recordTransfer(t.db, alice, {
      ...base,
      block: Number(other.blockNumber),
      amount: '50',
      txHash: other.transactionHash,
      logIndex: otherLog,
    });
    const third = await transfer(LOCAL_DEPLOYER, alice.wallet.address, '5');
    const wrongRecipient = await recordTransfer(t.db, bob, {
      ...base,
      block: Number(third.blockNumber),
      amount: '5',
      txHash: third.transactionHash,
      logIndex: third.logs.find((l) => l.address.toLowerCase() === BUSD)!.logIndex,
    });
    const wrongLog = await recordTransfer(t.db, alice, {
      ...base,
      block: Number(other.blockNumber),
      amount: '5',
      txHash: other.transactionHash,
      logIndex: otherLog + 7,
    });

    const reverted = await transfer(EMPTY_SENDER, bob.wallet.address, '1');
    expect(reverted.status).toBe('reverted');
    const failed = await recordTransfer(t.db, bob, {
      ...base,
      block: Number(reverted.blockNumber),
      amount: '1',
      txHash: reverted.transactionHash,
    });
    // A hash this in-memory local chain never saw: not checked, not unexplained.
    await recordTransfer(t.db, bob, { ...base, block: 1, amount: '2', txHash: randomHex(32) });
    // Not credited: not checked at all.
    await recordTransfer(t.db, bob, { ...base, status: 'ignored', block: 1, amount: '3', reason: 'failed' });

    const report = await reconcile(t.db, t.config.chain);
    expect(report.deposits).toEqual({ credited: 6, unbacked: 4, notChecked: 1 });
    expect(report.unexplained).toBe(4);
    const problems = Object.fromEntries(report.rows.deposits.records.map((r) => [r.depositId, r.problem]));
    expect(problems).toEqual({
      [wrongAmount.id]: expect.stringMatching(
        /^the Transfer moved 5000000000000000000 wei, the credit says 50000000000000000000 wei/,
      ),
      [wrongRecipient.id]: `the Transfer went to ${alice.wallet.address.toLowerCase()}, not ${bob.wallet.address.toLowerCase()}`,
      [wrongLog.id]: `the receipt has no log at index ${otherLog + 7}`,
      [failed.id]: 'the transaction failed on the chain',
    });

    // A stored run (the worker's) keeps the list, and the page reads it back.
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/reconciliation/runs',
      headers: bearer(tokens.superadmin),
    });
    expect(start.statusCode, start.body).toBe(202);
    expect(await runReconciliation(t.db, t.config.chain, start.json().data.id)).toBe('done');
    const rows = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/reconciliation/rows?kind=deposits',
      headers: bearer(tokens.superadmin),
    });
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.json().data.rows).toMatchObject({ totalRecords: 4 });
    expect(
      rows
        .json()
        .data.rows.records.map((r: { depositId: string }) => r.depositId)
        .sort(),
    ).toEqual([wrongAmount.id, wrongRecipient.id, wrongLog.id, failed.id].sort());
  });
});
