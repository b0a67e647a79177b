import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { getAddress, parseUnits, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID, LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi } from '@vaultdesk/chain';
import { deployLocalContracts, localClients, localRpc, startLocalChain, type LocalChain } from '@vaultdesk/chain/node';
import { closeDb, createDb, type Db } from '@vaultdesk/db';
import { createTestDb } from '../../../test/helpers';
import { testEnv } from '../../../../../test/test-env';
import { buildApi, freePort, repoRoot, startNode, waitMatch, type NodeProcess } from '../../../../../test/processes';
import { claimTransaction, claimTransactionLog } from '../../chain/transaction-claims';
import { loadConfig } from '../../config/config';
import {
  chainWatchSettings,
  processChainOnce,
  runChainWatcher,
  type ChainWatchSettings,
} from './chain-watcher.service';

/**
 * Issue 33 on the real local chain: one Hardhat node and one database for the file; the watcher
 * runs as the application role, in this process (processChainOnce, runChainWatcher) and as the
 * real worker entry in a child process (killed with SIGKILL and started again).
 */
let chain: LocalChain;
let clients: ReturnType<typeof localClients>;
let owner: Db;
let appDb: Db;
let ownerUrl = '';
let appUrl = '';
let drop: () => Promise<void> = async () => undefined;
const lines: string[] = [];
const log = (msg: string) => void lines.push(msg);
let settings: ChainWatchSettings;

const CONFIRMATIONS = 3;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await owner.$client.query(text, params)).rows as T[];
const pass = () => processChainOnce({ db: appDb, settings, log });
const mine = (blocks: number) => localRpc(chain.url, 'hardhat_mine', [`0x${blocks.toString(16)}`]);

type Customer = { userId: string; walletId: string; address: Address };
/** A customer with one wallet at a fresh address (stored checksummed: the lookup is by lowercase). */
async function customer(name: string, device?: string): Promise<Customer> {
  const address = getAddress(`0x${randomBytes(20).toString('hex')}`);
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, registration_device_details)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      name,
      `${name}-${address.slice(2, 8)}`,
      `${name}-${address.slice(2, 8)}@example.test`,
      `R${address.slice(2, 12)}`,
      device ? { serial: device } : null,
    ],
  );
  const [w] = await q<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
    [u!.id, address],
  );
  return { userId: u!.id, walletId: w!.id, address };
}

/** A token transfer from the deployer, mined (automine): its hash and block. */
async function send(to: Address, amount: string, token: 'BUSD' | 'VLT' = 'BUSD') {
  const hash = await clients.walletClient.writeContract({
    address: LOCAL_CONTRACTS[token],
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 18)],
    account: LOCAL_DEPLOYER,
    chain: null,
  });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { hash: hash.toLowerCase() as Hash, block: Number(receipt.blockNumber) };
}

const depositsTo = (c: Customer) =>
  q<{
    id: string;
    status: string;
    reason: string | null;
    confirmations: number | null;
    tx_hash: string;
    log_index: number;
  }>(
    `SELECT id, status, reason, confirmations, tx_hash, log_index FROM chain_deposits WHERE to_address = lower($1) ORDER BY id`,
    [c.address],
  );
const balanceOf = async (c: Customer, currency = 'BUSD') =>
  (
    await q<{ b: string }>(
      `SELECT trim_scale(balance)::text AS b FROM wallet_balances WHERE wallet_id = $1 AND currency = $2`,
      [c.walletId, currency],
    )
  )[0]?.b ?? null;
const counts = async () =>
  (
    await q<{ deposits: number; credited: number; ledger: number; history: number; claims: number; events: number }>(`
      SELECT (SELECT count(*)::int FROM chain_deposits) AS deposits,
             (SELECT count(*)::int FROM chain_deposits WHERE status = 'credited') AS credited,
             (SELECT count(*)::int FROM ledger_entries WHERE kind = 'chain-deposit') AS ledger,
             (SELECT count(*)::int FROM wallet_transactions WHERE type_of_transaction = 'funding') AS history,
             (SELECT count(*)::int FROM transaction_claims WHERE kind = 'deposit') AS claims,
             (SELECT count(*)::int FROM outbox_events WHERE type = 'deposit.credited') AS events`)
  )[0]!;

beforeAll(async () => {
  const [node, made] = await Promise.all([startLocalChain({ port: await freePort() }), createTestDb()]);
  chain = node;
  owner = made.db;
  ownerUrl = made.url;
  appUrl = made.appUrl;
  drop = made.drop;
  appDb = createDb(appUrl, 4);
  await deployLocalContracts(chain.url);
  clients = localClients(chain.url);
  settings = {
    chainId: LOCAL_CHAIN_ID,
    rpcUrls: [chain.url],
    tokens: { BUSD: LOCAL_CONTRACTS.BUSD, VLT: LOCAL_CONTRACTS.VLT },
    confirmations: CONFIRMATIONS,
    // Small ranges, so a pass walks several.
    blockRange: 4,
    pollMs: 100,
    startBlock: 0,
    recordUnknown: true,
  };
}, 120_000);

afterAll(async () => {
  await closeDb(appDb).catch(() => undefined);
  await drop();
  await chain?.stop();
});

describe('the chain watcher', () => {
  it('credits a deposit once, after its confirmations and not before: ledger row, history row, claim, outbox event', async () => {
    const alice = await customer('alice');
    const sent = await send(alice.address, '12.5');
    const first = await pass();
    expect(first).toMatchObject({ skipped: false, head: sent.block, lastBlock: sent.block, credited: 0 });
    expect(await depositsTo(alice)).toEqual([
      expect.objectContaining({
        status: 'seen',
        tx_hash: sent.hash,
        log_index: expect.any(Number),
        confirmations: null,
      }),
    ]);
    const [cursor] = await q(`SELECT last_block, head_block, last_error FROM chain_watch_cursors WHERE chain_id = $1`, [
      LOCAL_CHAIN_ID,
    ]);
    expect(cursor).toEqual({ last_block: sent.block, head_block: sent.block, last_error: null });

    await mine(CONFIRMATIONS - 2);
    expect((await pass()).credited).toBe(0);
    expect((await depositsTo(alice))[0]!.status).toBe('seen');
    expect(await balanceOf(alice)).toBeNull();

    await mine(1);
    expect((await pass()).credited).toBe(1);
    const [d] = await q<Record<string, unknown>>(
      `SELECT status, confirmations, currency, trim_scale(amount)::text AS amount, amount_wei::text AS amount_wei,
              wallet_id, user_id, ledger_entry_id, wallet_transaction_id, from_address, block_number
         FROM chain_deposits WHERE to_address = lower($1)`,
      [alice.address],
    );
    expect(d).toMatchObject({
      status: 'credited',
      confirmations: CONFIRMATIONS,
      currency: 'BUSD',
      amount: '12.5',
      amount_wei: '12500000000000000000',
      wallet_id: alice.walletId,
      user_id: alice.userId,
      from_address: LOCAL_DEPLOYER.toLowerCase(),
    });
    expect(await balanceOf(alice)).toBe('12.5');
    const [ledger] = await q(
      `SELECT id, trim_scale(amount)::text AS amount, currency, reference_type FROM ledger_entries WHERE wallet_id = $1`,
      [alice.walletId],
    );
    expect(ledger).toMatchObject({ amount: '12.5', currency: 'BUSD', reference_type: 'chain-deposit' });
    expect(String(ledger!.id)).toBe(String(d!.ledger_entry_id));
    const history = await q(
      `SELECT id, transaction_state, type_of_transaction, txn_hash, to_address, from_address FROM wallet_transactions WHERE wallet_id = $1`,
      [alice.walletId],
    );
    expect(history).toEqual([
      {
        id: d!.wallet_transaction_id,
        transaction_state: 0,
        type_of_transaction: 'funding',
        txn_hash: sent.hash,
        to_address: alice.address.toLowerCase(),
        from_address: LOCAL_DEPLOYER.toLowerCase(),
      },
    ]);
    const claims = await q(`SELECT chain_id, kind, log_index, record_id FROM transaction_claims WHERE hash = $1`, [
      sent.hash,
    ]);
    expect(claims).toEqual([
      {
        chain_id: LOCAL_CHAIN_ID,
        kind: 'deposit',
        log_index: (await depositsTo(alice))[0]!.log_index,
        record_id: String((await depositsTo(alice))[0]!.id),
      },
    ]);
    const events = await q<{ user_id: string; payload: Record<string, unknown> }>(
      `SELECT user_id, payload FROM outbox_events WHERE type = 'deposit.credited' AND user_id = $1`,
      [alice.userId],
    );
    expect(events).toEqual([
      {
        user_id: alice.userId,
        payload: expect.objectContaining({
          userId: alice.userId,
          walletId: alice.walletId,
          address: alice.address.toLowerCase(),
          currency: 'BUSD',
          amount: '12.5',
          txHash: sent.hash,
          logIndex: expect.any(Number),
          blockNumber: sent.block,
          confirmations: CONFIRMATIONS,
        }),
      },
    ]);

    // Another pass, and a range read again from the start: nothing changes.
    const before = await counts();
    await pass();
    await q(`UPDATE chain_watch_cursors SET last_block = -1 WHERE chain_id = $1`, [LOCAL_CHAIN_ID]);
    const replay = await pass();
    expect(replay).toMatchObject({ seen: 0, credited: 0 });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(alice)).toBe('12.5');
  });

  it('records transfers to an unknown address, a blacklisted customer, an inactive wallet and a reverted transfer, and credits none', async () => {
    const stranger = getAddress(`0x${randomBytes(20).toString('hex')}`);
    const bob = await customer('bob', `device-${randomBytes(4).toString('hex')}`);
    const [{ serial }] = (await q<{ serial: string }>(
      `SELECT registration_device_details ->> 'serial' AS serial FROM users WHERE id = $1`,
      [bob.userId],
    )) as [{ serial: string }];
    await q(`INSERT INTO blacklisted_devices (device_id, blacklisted) VALUES ($1, true)`, [serial]);
    const carol = await customer('carol');
    const dora = await customer('dora');
    await q(`UPDATE wallets SET is_active = false WHERE id = $1`, [dora.walletId]);
    await send(stranger, '1');
    await send(bob.address, '2', 'VLT');
    await send(dora.address, '3');
    // A transfer call from an account holding no BUSD reverts (Hardhat mines a failing call only with automine off).
    const poor = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address;
    await localRpc(chain.url, 'evm_setAutomine', [false]);
    const revertedHash = await clients.walletClient.writeContract({
      address: LOCAL_CONTRACTS.BUSD,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [carol.address, parseUnits('4', 18)],
      account: poor,
      chain: null,
      gas: 100_000n,
    });
    await localRpc(chain.url, 'evm_mine');
    await localRpc(chain.url, 'evm_setAutomine', [true]);
    expect((await clients.publicClient.getTransactionReceipt({ hash: revertedHash })).status).toBe('reverted');

    const before = await counts();
    await pass();
    await mine(CONFIRMATIONS);
    await pass();
    const rows = await q<{ to_address: string; status: string; reason: string; log_index: number; amount: string }>(
      `SELECT to_address, status, reason, log_index, trim_scale(amount)::text AS amount FROM chain_deposits
        WHERE to_address = ANY($1) ORDER BY to_address`,
      [[stranger, bob.address, carol.address, dora.address].map((a) => a.toLowerCase())],
    );
    expect(Object.fromEntries(rows.map((r) => [r.to_address, r]))).toEqual({
      [stranger.toLowerCase()]: expect.objectContaining({ status: 'ignored', reason: 'unknown-address', amount: '1' }),
      [bob.address.toLowerCase()]: expect.objectContaining({ status: 'ignored', reason: 'blacklisted', amount: '2' }),
      [dora.address.toLowerCase()]: expect.objectContaining({
        status: 'ignored',
        reason: 'wallet-inactive',
        amount: '3',
      }),
      [carol.address.toLowerCase()]: expect.objectContaining({
        status: 'ignored',
        reason: 'reverted',
        log_index: -1,
        amount: '4',
      }),
    });
    const after = await counts();
    expect(after).toEqual({ ...before, deposits: before.deposits + 4 });
    for (const c of [bob, carol, dora]) expect(await balanceOf(c, c === bob ? 'VLT' : 'BUSD')).toBeNull();
  });

  it('drops a deposit whose block a reorganisation replaced, credits nothing for it, and goes on from the fork point', async () => {
    const erin = await customer('erin');
    const frank = await customer('frank');
    const snapshot = await localRpc(chain.url, 'evm_snapshot');
    const gone = await send(erin.address, '7');
    await pass();
    expect((await depositsTo(erin))[0]).toMatchObject({ status: 'seen', tx_hash: gone.hash });
    // The chain goes back under the deposit and is mined differently: another transfer, more blocks.
    await localRpc(chain.url, 'evm_revert', [snapshot]);
    const kept = await send(frank.address, '8');
    await mine(CONFIRMATIONS + 1);
    const result = await pass();
    expect(result.reorgFrom).toBeLessThanOrEqual(gone.block);
    expect(result.dropped).toBeGreaterThanOrEqual(1);
    expect(await depositsTo(erin)).toEqual([expect.objectContaining({ status: 'dropped', reason: 'reorganised' })]);
    expect(await depositsTo(frank)).toEqual([expect.objectContaining({ status: 'credited', tx_hash: kept.hash })]);
    expect(await balanceOf(erin)).toBeNull();
    expect(await balanceOf(frank)).toBe('8');
    expect(lines.some((l) => /reorganisation from block \d+/.test(l))).toBe(true);
    // The recorded blocks are the new chain's.
    const [b] = await q<{ hash: string }>(`SELECT hash FROM chain_watch_blocks WHERE chain_id = $1 AND number = $2`, [
      LOCAL_CHAIN_ID,
      kept.block,
    ]);
    expect(b!.hash).toBe((await clients.publicClient.getBlock({ blockNumber: BigInt(kept.block) })).hash);
  });

  it('credits once with two watchers at once, and a deposit whose transaction a batch claimed is recorded, not credited', async () => {
    const gina = await customer('gina');
    const hugo = await customer('hugo');
    const a = await send(gina.address, '5');
    const b = await send(hugo.address, '6');
    // A batch saved with hugo's deposit transaction claims it first.
    await owner.transaction((tx) =>
      claimTransaction(
        tx,
        { chainId: LOCAL_CHAIN_ID },
        { kind: 'batch.deposit', hash: b.hash, recordId: 'batch-1', staffId: null },
      ),
    );
    const before = await counts();
    const one = runChainWatcher({ db: appDb, settings, log });
    const two = runChainWatcher({ db: appDb, settings, log });
    await Promise.all([pass(), pass(), pass()]);
    await mine(CONFIRMATIONS);
    await Promise.all([pass(), pass()]);
    // The loops go on passing (a pass of this process finds the lock taken and skips) until both are decided.
    for (let i = 0; i < 300; i++) {
      const decided = await q(`SELECT 1 FROM chain_deposits WHERE tx_hash = ANY($1) AND status <> 'seen'`, [
        [a.hash, b.hash],
      ]);
      if (decided.length === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all([one.stop(), two.stop()]);
    expect(lines.filter((l) => l.includes('the pass failed'))).toEqual([]);
    expect(one.passes() + two.passes()).toBeGreaterThanOrEqual(2);
    expect(await depositsTo(gina)).toEqual([expect.objectContaining({ status: 'credited', tx_hash: a.hash })]);
    expect(await balanceOf(gina)).toBe('5');
    const [hugoDeposit] = await depositsTo(hugo);
    expect(hugoDeposit).toMatchObject({ status: 'ignored' });
    expect(hugoDeposit!.reason).toMatch(
      new RegExp(`^claimed: Transaction ${b.hash} already backs the deposit batch batch-1`),
    );
    expect(await balanceOf(hugo)).toBeNull();
    expect(await counts()).toEqual({
      ...before,
      deposits: before.deposits + 2,
      credited: before.credited + 1,
      ledger: before.ledger + 1,
      history: before.history + 1,
      claims: before.claims + 1,
      events: before.events + 1,
    });
  });

  it('a whole-transaction claim and a deposit claim of one hash conflict both ways, with a 409 naming the first use', async () => {
    const h1 = `0x${randomBytes(32).toString('hex')}`;
    const h2 = `0x${randomBytes(32).toString('hex')}`;
    const chainOf = { chainId: LOCAL_CHAIN_ID };
    await owner.transaction((tx) =>
      claimTransaction(tx, chainOf, { kind: 'batch.withdraw', hash: h1, recordId: 'batch-9', staffId: null }),
    );
    await expect(
      owner.transaction((tx) => claimTransactionLog(tx, chainOf, { hash: h1, logIndex: 0, recordId: '901' })),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('already backs the withdraw batch batch-9'),
    });
    expect(
      await owner.transaction((tx) => claimTransactionLog(tx, chainOf, { hash: h2, logIndex: 2, recordId: '902' })),
    ).toBe(true);
    // The same deposit again: no-op; another log of the same transaction: its own claim.
    expect(
      await owner.transaction((tx) => claimTransactionLog(tx, chainOf, { hash: h2, logIndex: 2, recordId: '902' })),
    ).toBe(false);
    expect(
      await owner.transaction((tx) => claimTransactionLog(tx, chainOf, { hash: h2, logIndex: 3, recordId: '903' })),
    ).toBe(true);
    await expect(
      owner.transaction((tx) => claimTransactionLog(tx, chainOf, { hash: h2, logIndex: 2, recordId: '999' })),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining('the on-chain deposit 902 (its log 2)') });
    await expect(
      owner.transaction((tx) =>
        claimTransaction(tx, chainOf, {
          kind: 'payout',
          hash: h2.toUpperCase().replace('0X', '0x'),
          recordId: 'req-1',
          staffId: null,
        }),
      ),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('the on-chain deposit 902 (its log 2), credited'),
    });
    // Two at once, one of each kind: exactly one wins.
    const h3 = `0x${randomBytes(32).toString('hex')}`;
    const settled = await Promise.allSettled([
      appDb.transaction((tx) =>
        claimTransaction(tx, chainOf, { kind: 'payout', hash: h3, recordId: 'req-2', staffId: null }),
      ),
      appDb.transaction((tx) => claimTransactionLog(tx, chainOf, { hash: h3, logIndex: 0, recordId: '904' })),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(await q(`SELECT kind FROM transaction_claims WHERE hash = $1`, [h3])).toHaveLength(1);
  });

  it('a worker killed with SIGKILL after seeing a deposit resumes from its cursor when started again and credits it once', async () => {
    const ivan = await customer('ivan');
    const env = {
      ...testEnv({
        LOG_LEVEL: 'info',
        CHAIN: 'false',
        CHAIN_RPC_URLS: chain.url,
        CHAIN_TOKEN_ADDRESSES: `BUSD=${LOCAL_CONTRACTS.BUSD},VLT=${LOCAL_CONTRACTS.VLT},xBUSD=${LOCAL_CONTRACTS.xBUSD}`,
        CHAIN_ID: String(LOCAL_CHAIN_ID),
        CHAIN_WATCH_CONFIRMATIONS: String(CONFIRMATIONS),
        CHAIN_WATCH_POLL_MS: '200',
        DATABASE_URL: appUrl,
        DATABASE_OWNER_URL: ownerUrl,
        HOST: '127.0.0.1',
      }),
      PATH: process.env.PATH,
      HOME: process.env.HOME,
    };
    // The worker as production runs it (the build, plain node): it starts in seconds, where tsx takes tens.
    const outdir = path.join(repoRoot, `apps/api/.data/chain-watcher-test-${process.pid}`);
    const built = buildApi(outdir);
    const start = () => startNode(['--enable-source-maps', built.worker], env);
    const waitFor = async (what: string, ok: () => Promise<boolean>, p: NodeProcess) => {
      for (let i = 0; i < 600; i++) {
        if (await ok()) return;
        if (p.child.exitCode !== null) throw new Error(`the worker exited before ${what}:\n${p.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`not ${what} within 60 s:\n${p.output()}`);
    };
    const sent = await send(ivan.address, '9.75');
    let worker = start();
    try {
      await waitMatch(worker, /\[chain-watcher\] watching chain 31337/, 90_000);
      await waitFor('seen', async () => (await depositsTo(ivan))[0]?.status === 'seen', worker);
      expect(await worker.stop('SIGKILL')).toBeNull();
      const [{ last_block: stoppedAt }] = (await q<{ last_block: number }>(
        `SELECT last_block FROM chain_watch_cursors WHERE chain_id = $1`,
        [LOCAL_CHAIN_ID],
      )) as [{ last_block: number }];
      expect(stoppedAt).toBeGreaterThanOrEqual(sent.block);
      await mine(CONFIRMATIONS);
      const before = await counts();
      worker = start();
      await waitFor('credited', async () => (await depositsTo(ivan))[0]?.status === 'credited', worker);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await depositsTo(ivan)).toHaveLength(1);
      expect(await balanceOf(ivan)).toBe('9.75');
      expect(await counts()).toEqual({
        ...before,
        credited: before.credited + 1,
        ledger: before.ledger + 1,
        history: before.history + 1,
        claims: before.claims + 1,
        events: before.events + 1,
      });
      expect(await worker.stop('SIGTERM')).toBe(0);
    } finally {
      await worker.stop('SIGKILL');
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe("the chain watcher's settings", () => {
  const base = testEnv({ CHAIN: 'false' });
  const publicChain = {
    CHAIN_RPC_URLS: 'https://bsc.example.test',
    CHAIN_TOKEN_ADDRESSES: `BUSD=${LOCAL_CONTRACTS.BUSD},VLT=${LOCAL_CONTRACTS.VLT},xBUSD=${LOCAL_CONTRACTS.xBUSD}`,
  };
  it("are on with a chain, with the chain's confirmations, and off without one or with CHAIN_WATCH=false", () => {
    expect(chainWatchSettings(loadConfig(base))).toBeNull();
    expect(chainWatchSettings(loadConfig({ ...base, ...publicChain }))).toEqual({
      chainId: 56,
      rpcUrls: ['https://bsc.example.test'],
      tokens: { BUSD: LOCAL_CONTRACTS.BUSD, VLT: LOCAL_CONTRACTS.VLT },
      confirmations: 15,
      blockRange: 500,
      pollMs: 3000,
      startBlock: null,
      recordUnknown: false,
    });
    expect(chainWatchSettings(loadConfig({ ...base, ...publicChain, CHAIN_ID: '137' }))?.confirmations).toBe(128);
    expect(chainWatchSettings(loadConfig({ ...base, ...publicChain, CHAIN_WATCH: 'false' }))).toBeNull();
    expect(
      chainWatchSettings(
        loadConfig({ ...base, CHAIN_RPC_URL: 'http://127.0.0.1:8545', CHAIN_WATCH_CONFIRMATIONS: '6' }),
      ),
    ).toMatchObject({
      chainId: LOCAL_CHAIN_ID,
      confirmations: 6,
      recordUnknown: true,
      tokens: { BUSD: LOCAL_CONTRACTS.BUSD },
    });
  });

  it('refuse bad values, naming the variable', () => {
    for (const [name, value] of [
      ['CHAIN_WATCH', 'maybe'],
      ['CHAIN_WATCH_CONFIRMATIONS', '0'],
      ['CHAIN_WATCH_BLOCK_RANGE', '20000'],
      ['CHAIN_WATCH_POLL_MS', 'soon'],
      ['CHAIN_WATCH_START_BLOCK', '-1'],
      ['CHAIN_WATCH_RECORD_UNKNOWN', 'yes'],
    ])
      expect(() => loadConfig({ ...base, [name!]: value! })).toThrow(new RegExp(`Invalid configuration: ${name}: `));
  });
});
