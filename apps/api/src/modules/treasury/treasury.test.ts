import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi, vaultAbi } from '@vaultdesk/chain';
import { deployLocalContracts, localClients, localRpc, startLocalChain, type LocalChain } from '@vaultdesk/chain/node';
import type { Db } from '@vaultdesk/db';
import { freePort } from '../../config/ports';
import { loadConfig } from '../../config/config';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';
import { testEnv } from '../../../../../test/test-env';

const TREASURY_ROUTES = [
  '/v1/admin/overall-plans',
  '/v1/admin/overall-wallet-balances',
  '/v1/custodialWallet/get-addresses',
  '/v1/dashboard/share-prices?protocol=xAuto',
];

let n = 0;
async function insertUser(db: Db, createdAt?: string) {
  const i = ++n;
  const { rows } = await db.$client.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, created_at)
     VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now())) RETURNING id`,
    [`Customer ${i}`, `treasury${i}`, `treasury${i}@example.test`, `TRS${i}`, createdAt ?? null],
  );
  return rows[0]!.id;
}

async function insertWallet(db: Db, balances: Record<string, string>) {
  const userId = await insertUser(db);
  const {
    rows: [w],
  } = await db.$client.query<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
    [userId, `0x${(++n).toString(16).padStart(40, 'a')}`],
  );
  for (const [currency, amount] of Object.entries(balances)) {
    await db.$client.query(
      `INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, $2, $3, 'funding')`,
      [w!.id, currency, amount],
    );
  }
  return w!.id;
}

async function insertPlan(
  db: Db,
  p: { type: 'fixed' | 'flexible'; state: string; currency: string; amount: string; userId?: string },
) {
  const userId = p.userId ?? (await insertUser(db));
  const {
    rows: [plan],
  } = await db.$client.query<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, currency, deposit_amount, plan_state)
     VALUES ($1, $2, 'Plan', $3, $4, $5) RETURNING id`,
    [userId, p.type, p.currency, p.amount, p.state],
  );
  return { planId: plan!.id, userId };
}

async function setPrices(db: Db, prices: Record<string, string>) {
  for (const [currency, price] of Object.entries(prices)) {
    await db.$client.query(
      `INSERT INTO token_prices (currency, usd_price) VALUES ($1, $2) ON CONFLICT (currency) DO UPDATE SET usd_price = excluded.usd_price`,
      [currency, price],
    );
  }
}

async function insertCustodial(db: Db, purpose: string, address: string, label = purpose) {
  const {
    rows: [w],
  } = await db.$client.query<{ id: string }>(
    `INSERT INTO custodial_wallets (label, purpose, address) VALUES ($1, $2, $3) RETURNING id`,
    [label, purpose, address],
  );
  return w!.id;
}

async function snapshot(db: Db, walletId: string, currency: string, balance: string, readAt: string, source = 'seed') {
  await db.$client.query(
    `INSERT INTO custodial_balance_snapshots (wallet_id, currency, balance, source, read_at) VALUES ($1, $2, $3, $4, $5)`,
    [walletId, currency, balance, source, readAt],
  );
}

// These tests change rows between calls: totals computed afresh each time.
const NO_REUSE = { DASHBOARD_CACHE_SECONDS: '0' };

const addr = (c: string) => `0x${c.repeat(40)}`;

async function get(t: TestApp, url: string, role: Parameters<typeof demo>[0] = 'superadmin') {
  return t.app.inject({ method: 'GET', url, headers: bearer(await sessionFor(t.db, demo(role).email)) });
}

describe('treasury access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(TREASURY_ROUTES)('%s: Super Admin and Compliance read it, Support gets 403, no session 401', async (url) => {
    expect((await get(t, url, 'superadmin')).statusCode).toBe(200);
    expect((await get(t, url, 'compliance')).statusCode).toBe(200);
    const support = await get(t, url, 'support');
    expect(support.statusCode).toBe(403);
    expect(support.json().data).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('the trends are open to every staff role, but not without a session', async () => {
    for (const role of ['superadmin', 'compliance', 'support'] as const) {
      expect((await get(t, '/v1/admin/dashboard-trends', role)).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard-trends' })).statusCode).toBe(401);
  });
});

describe('GET admin/overall-plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NO_REUSE);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts active and all plans per type and prices the active ones by their currency', async () => {
    const empty = await get(t, '/v1/admin/overall-plans');
    expect(empty.json()).toEqual({
      message: 'Successfully fetched records',
      data: {
        total_active_fixed_plan: 0,
        total_active_fixed_plan_to_usd: '0.000000000000000000',
        total_all_fixed_plan: 0,
        total_active_flexible_plan: 0,
        total_active_flexible_plan_to_usd: '0.000000000000000000',
        total_all_flexible_plan: 0,
      },
    });

    await setPrices(t.db, { BUSD: '1', VLT: '0.25', BNB: '600' });
    await insertPlan(t.db, { type: 'fixed', state: 'active', currency: 'BUSD', amount: '100.5' });
    await insertPlan(t.db, { type: 'fixed', state: 'active', currency: 'VLT', amount: '400.000000000000000004' });
    await insertPlan(t.db, { type: 'fixed', state: 'matured', currency: 'BUSD', amount: '1000' });
    await insertPlan(t.db, { type: 'fixed', state: 'withdrawn', currency: 'BUSD', amount: '1000' });
    await insertPlan(t.db, { type: 'flexible', state: 'active', currency: 'BUSD', amount: '50.25' });
    await insertPlan(t.db, { type: 'flexible', state: 'active', currency: 'BNB', amount: '0.5' });
    await insertPlan(t.db, { type: 'flexible', state: 'withdrawn', currency: 'BNB', amount: '10' });
    // A currency without a stored price counts for nothing rather than for a guess.
    await insertPlan(t.db, { type: 'flexible', state: 'active', currency: 'xBUSD', amount: '70' });

    const { data } = (await get(t, '/v1/admin/overall-plans')).json();
    expect(data).toEqual({
      total_active_fixed_plan: 2,
      total_active_fixed_plan_to_usd: '200.500000000000000001', // 100.5 + 400.000000000000000004 × 0.25
      total_all_fixed_plan: 4,
      total_active_flexible_plan: 3,
      total_active_flexible_plan_to_usd: '350.250000000000000000', // 50.25 + 0.5 × 600
      total_all_flexible_plan: 4,
    });
  });
});

describe('GET admin/overall-wallet-balances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NO_REUSE);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sums customers' balances per currency, takes the newest unsettled custodial balances, and prices it all", async () => {
    const empty = (await get(t, '/v1/admin/overall-wallet-balances')).json().data;
    expect(empty.walletBalances.map((b: { currency: string }) => b.currency)).toEqual(['BUSD', 'VLT', 'BNB', 'xBUSD']);
    expect(empty.walletBalances.every((b: { totalBalance: string }) => Number(b.totalBalance) === 0)).toBe(true);
    expect(empty.unsettledBalance).toEqual({
      bulkSender: { vlt: '0', busd: '0' },
      withdrawalOut: { vlt: '0', busd: '0' },
    });
    expect(Number(empty.totalUsdValue)).toBe(0);

    await setPrices(t.db, { BUSD: '1', VLT: '0.25', BNB: '600', xBUSD: '1.02' });
    await insertWallet(t.db, { BUSD: '100.000000000000000001', VLT: '40', BNB: '0.1' });
    await insertWallet(t.db, { BUSD: '23.5', xBUSD: '10' });
    const spent = await insertWallet(t.db, { BUSD: '7' });
    await t.db.$client.query(
      `INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', '-7', 'withdrawal')`,
      [spent],
    );

    const bulk = await insertCustodial(t.db, 'bulkSender', addr('b'));
    const out = await insertCustodial(t.db, 'withdrawalOut', addr('c'));
    const treasury = await insertCustodial(t.db, 'treasury', addr('d'));
    await snapshot(t.db, bulk, 'VLT', '999', '2026-01-01T00:00:00Z');
    await snapshot(t.db, bulk, 'VLT', '200', '2026-01-02T00:00:00Z', 'chain'); // newest wins
    await snapshot(t.db, bulk, 'BUSD', '50.5', '2026-01-01T00:00:00Z');
    await snapshot(t.db, bulk, 'BNB', '3', '2026-01-01T00:00:00Z'); // gas money: not an unsettled balance
    await snapshot(t.db, out, 'BUSD', '12', '2026-01-01T00:00:00Z');
    await snapshot(t.db, treasury, 'BUSD', '1000000', '2026-01-01T00:00:00Z'); // not unsettled either

    const res = await get(t, '/v1/admin/overall-wallet-balances', 'compliance');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const total = (c: string) => data.walletBalances.find((b: { currency: string }) => b.currency === c).totalBalance;
    expect(total('BUSD')).toBe('123.500000000000000001');
    expect(total('VLT')).toBe('40.000000000000000000');
    expect(total('BNB')).toBe('0.100000000000000000');
    expect(total('xBUSD')).toBe('10.000000000000000000');
    expect(data.unsettledBalance).toEqual({
      bulkSender: { vlt: '200.000000000000000000', busd: '50.500000000000000000' },
      withdrawalOut: { vlt: '0', busd: '12.000000000000000000' },
    });
    // Customers: 123.500000000000000001 + 40 × 0.25 + 0.1 × 600 + 10 × 1.02 = 203.700000000000000001
    // Unsettled: 200 × 0.25 + 50.5 + 12 = 112.5
    expect(data.totalUsdValue).toBe('316.200000000000000001');
  });
});

describe('GET custodialWallet/get-addresses without an RPC endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the newest snapshot per wallet and currency, labelled as a snapshot of its oldest reading', async () => {
    expect((await get(t, '/v1/custodialWallet/get-addresses')).json()).toEqual({
      message: 'Successfully fetched records',
      data: { result: [] },
    });

    const payout = await insertCustodial(t.db, 'referralPayout', addr('e'), 'Referral payout');
    const treasury = await insertCustodial(t.db, 'treasury', addr('f'), 'Treasury');
    await insertCustodial(t.db, 'bulkSender', addr('1'), 'Bulk sender'); // never read
    await snapshot(t.db, treasury, 'BNB', '1', '2026-02-01T00:00:00Z');
    await snapshot(t.db, treasury, 'BNB', '2.5', '2026-02-03T00:00:00Z');
    await snapshot(t.db, treasury, 'BUSD', '100', '2026-02-02T00:00:00Z');
    await snapshot(t.db, treasury, 'VLT', '300', '2026-02-03T00:00:00Z');
    await snapshot(t.db, treasury, 'xBUSD', '4', '2026-02-03T00:00:00Z');
    await snapshot(t.db, payout, 'VLT', '48210.5', '2026-02-03T12:00:00Z');

    const res = await get(t, '/v1/custodialWallet/get-addresses', 'compliance');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result).toEqual([
      {
        address: addr('f'),
        label: 'Treasury',
        purpose: 'treasury',
        source: 'snapshot',
        readAt: '2026-02-02T00:00:00.000Z',
        BNB: '2.500000000000000000',
        BUSD: '100.000000000000000000',
        VLT: '300.000000000000000000',
        xBUSD: '4.000000000000000000',
      },
      {
        address: addr('1'),
        label: 'Bulk sender',
        purpose: 'bulkSender',
        source: 'snapshot',
        readAt: null,
        BNB: null,
        BUSD: null,
        VLT: null,
        xBUSD: null,
      },
      {
        address: addr('e'),
        label: 'Referral payout',
        purpose: 'referralPayout',
        source: 'snapshot',
        readAt: '2026-02-03T12:00:00.000Z',
        BNB: null,
        BUSD: null,
        VLT: '48210.500000000000000000',
        xBUSD: null,
      },
    ]);
    // Reading stores nothing without a chain reading.
    const { rows } = await t.db.$client.query(
      `SELECT count(*)::int AS n FROM custodial_balance_snapshots WHERE source = 'chain'`,
    );
    expect(rows[0].n).toBe(0);
  });
});

/**
 * A real local chain (Hardhat, the test tokens and the vault deployed) where each address holds
 * what `balances` gives it: BNB set on the node, BUSD and VLT minted, xBUSD (vault shares)
 * transferred from the deployer, who holds the vault's seed deposit.
 */
async function chainWithBalances(
  balances: Array<{ address: Address; BNB?: bigint; BUSD?: bigint; VLT?: bigint; xBUSD?: bigint }>,
) {
  const chain = await startLocalChain({ port: await freePort() });
  await deployLocalContracts(chain.url);
  const { publicClient, walletClient } = localClients(chain.url);
  const send = async (address: Address, functionName: 'mint' | 'transfer', args: readonly [Address, bigint]) => {
    const hash = await walletClient.writeContract({
      address,
      abi: functionName === 'mint' ? testTokenAbi : vaultAbi,
      account: LOCAL_DEPLOYER,
      chain: null,
      functionName,
      args,
    } as Parameters<typeof walletClient.writeContract>[0]);
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`${functionName} to ${args[0]} reverted`);
  };
  for (const b of balances) {
    if (b.BNB) await localRpc(chain.url, 'hardhat_setBalance', [b.address, `0x${b.BNB.toString(16)}`]);
    if (b.BUSD) await send(LOCAL_CONTRACTS.BUSD, 'mint', [b.address, b.BUSD]);
    if (b.VLT) await send(LOCAL_CONTRACTS.VLT, 'mint', [b.address, b.VLT]);
    if (b.xBUSD) await send(LOCAL_CONTRACTS.xBUSD, 'transfer', [b.address, b.xBUSD]);
  }
  return chain;
}

describe('GET custodialWallet/get-addresses with an RPC endpoint', () => {
  const tokenEnv = `BUSD=${LOCAL_CONTRACTS.BUSD},VLT=${LOCAL_CONTRACTS.VLT},xBUSD=${LOCAL_CONTRACTS.xBUSD}`;
  const E18 = 10n ** 18n;
  let chain: LocalChain;
  let t: TestApp;
  beforeAll(async () => {
    chain = await chainWithBalances([
      { address: addr('a') as Address, BNB: (3n * E18) / 2n, BUSD: 1234n * E18 + 1n, VLT: 5n * E18 },
      { address: addr('5') as Address, BNB: E18 / 4n, xBUSD: 7n * E18 },
    ]);
    // A dead endpoint first: the reading goes on to the next.
    t = await createTestApp({ CHAIN_RPC_URLS: `http://127.0.0.1:1,${chain.url}`, CHAIN_TOKEN_ADDRESSES: tokenEnv });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('reads the balances on chain (past a dead endpoint), stores them as a snapshot and says so', async () => {
    const treasury = await insertCustodial(t.db, 'treasury', addr('a'), 'Treasury');
    const payout = await insertCustodial(t.db, 'referralPayout', addr('5'), 'Referral payout');
    await snapshot(t.db, treasury, 'BUSD', '1', '2026-01-01T00:00:00Z');
    const chainRows = async () =>
      (
        await t.db.$client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM custodial_balance_snapshots WHERE source = 'chain'`,
        )
      ).rows[0]!.n;

    const before = Date.now();
    const res = await get(t, '/v1/custodialWallet/get-addresses');
    expect(res.statusCode).toBe(200);
    const result = res.json().data.result;
    expect(result).toMatchObject([
      {
        address: addr('a'),
        purpose: 'treasury',
        source: 'chain',
        BNB: '1.5',
        BUSD: '1234.000000000000000001',
        VLT: '5',
        xBUSD: '0',
      },
      { address: addr('5'), purpose: 'referralPayout', source: 'chain', BNB: '0.25', BUSD: '0', VLT: '0', xBUSD: '7' },
    ]);
    expect(Date.parse(result[0].readAt)).toBeGreaterThanOrEqual(before - 5_000);

    const { rows } = await t.db.$client.query(
      `SELECT wallet_id, currency, balance::text, source FROM custodial_balance_snapshots WHERE source = 'chain' ORDER BY wallet_id = $1 DESC, currency`,
      [treasury],
    );
    expect(rows).toEqual([
      { wallet_id: treasury, currency: 'BNB', balance: '1.500000000000000000', source: 'chain' },
      { wallet_id: treasury, currency: 'BUSD', balance: '1234.000000000000000001', source: 'chain' },
      { wallet_id: treasury, currency: 'VLT', balance: '5.000000000000000000', source: 'chain' },
      { wallet_id: treasury, currency: 'xBUSD', balance: '0.000000000000000000', source: 'chain' },
      { wallet_id: payout, currency: 'BNB', balance: '0.250000000000000000', source: 'chain' },
      { wallet_id: payout, currency: 'BUSD', balance: '0.000000000000000000', source: 'chain' },
      { wallet_id: payout, currency: 'VLT', balance: '0.000000000000000000', source: 'chain' },
      { wallet_id: payout, currency: 'xBUSD', balance: '7.000000000000000000', source: 'chain' },
    ]);

    // A second view within seconds reuses the reading: the chain is not read again (a changed
    // balance does not show, the reading time is the same) and no rows are added.
    await localRpc(chain.url, 'hardhat_setBalance', [addr('a'), `0x${(2n * E18).toString(16)}`]);
    const again = await get(t, '/v1/custodialWallet/get-addresses', 'compliance');
    expect(again.json().data.result).toEqual(result);
    expect(await chainRows()).toBe(8);

    // A wallet added since is read at once, with the others: the chain is read again for all three.
    await insertCustodial(t.db, 'bulkSender', addr('6'), 'Bulk sender');
    const third = (await get(t, '/v1/custodialWallet/get-addresses')).json().data.result;
    expect(third.map((w: { purpose: string; source: string }) => `${w.purpose}:${w.source}`)).toEqual([
      'treasury:chain',
      'bulkSender:chain',
      'referralPayout:chain',
    ]);
    expect(third[0]).toMatchObject({ address: addr('a'), BNB: '2', BUSD: '1234.000000000000000001' });
    expect(Date.parse(third[0].readAt)).toBeGreaterThan(Date.parse(result[0].readAt));
    expect(await chainRows()).toBe(20);
  });
});

describe('GET custodialWallet/get-addresses when the chain read fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CHAIN_RPC_URLS: 'http://127.0.0.1:1',
      CHAIN_TOKEN_ADDRESSES: `BUSD=${addr('2')},VLT=${addr('3')},xBUSD=${addr('4')}`,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the stored snapshot, labelled as such, and stores nothing', async () => {
    const w = await insertCustodial(t.db, 'withdrawalOut', addr('7'), 'Withdrawal out');
    for (const c of ['BNB', 'BUSD', 'VLT', 'xBUSD']) await snapshot(t.db, w, c, '2', '2026-03-01T00:00:00Z');
    const res = await get(t, '/v1/custodialWallet/get-addresses');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result).toEqual([
      {
        address: addr('7'),
        label: 'Withdrawal out',
        purpose: 'withdrawalOut',
        source: 'snapshot',
        readAt: '2026-03-01T00:00:00.000Z',
        BNB: '2.000000000000000000',
        BUSD: '2.000000000000000000',
        VLT: '2.000000000000000000',
        xBUSD: '2.000000000000000000',
      },
    ]);
    const { rows } = await t.db.$client.query(`SELECT count(*)::int AS n FROM custodial_balance_snapshots`);
    expect(rows[0].n).toBe(4);
  });
});

describe('chain configuration', () => {
  it('refuses an RPC endpoint without the three token contracts, and malformed values', () => {
    expect(() => loadConfig(testEnv({ CHAIN_RPC_URLS: 'http://127.0.0.1:8545' }))).toThrow(
      /must name BUSD, VLT, xBUSD/,
    );
    expect(() => loadConfig(testEnv({ CHAIN_RPC_URLS: 'ftp://x' }))).toThrow(/not an http/);
    expect(() => loadConfig(testEnv({ CHAIN_TOKEN_ADDRESSES: 'BUSD=0x12' }))).toThrow(/NAME=0x<40 hex>/);
    expect(loadConfig(testEnv()).chain).toEqual({
      rpcUrls: [],
      tokenAddresses: null,
      chainId: null,
      local: null,
      shareWaitSeconds: null,
    });
    const c = loadConfig(
      testEnv({
        CHAIN_RPC_URLS: ' https://a.example/rpc , https://b.example ',
        CHAIN_TOKEN_ADDRESSES: `BUSD=${addr('2')}, VLT=${addr('3')},xBUSD=${addr('4')}`,
      }),
    );
    expect(c.chain).toMatchObject({
      rpcUrls: ['https://a.example/rpc', 'https://b.example'],
      tokenAddresses: { BUSD: addr('2'), VLT: addr('3'), xBUSD: addr('4') },
      chainId: 56,
      local: null,
    });
  });
});

describe('GET dashboard/share-prices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the protocol's newest 30 prices, newest first", async () => {
    await t.db.$client.query(
      `INSERT INTO share_prices (protocol, price, recorded_at)
       SELECT 'xAuto', 1 + i / 1000.0, timestamptz '2026-01-01T00:00:00Z' + i * interval '1 day' FROM generate_series(1, 35) i`,
    );
    await t.db.$client.query(
      `INSERT INTO share_prices (protocol, price, recorded_at) VALUES ('venus', '1.5', '2026-06-01T00:00:00Z')`,
    );

    const res = await get(t, '/v1/dashboard/share-prices?protocol=xAuto');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { price: string; createdAt: string }[];
    expect(data).toHaveLength(30);
    expect(data[0]).toEqual({ price: '1.035000000000000000', createdAt: '2026-02-05T00:00:00.000Z' });
    expect(data[29]).toEqual({ price: '1.006000000000000000', createdAt: '2026-01-07T00:00:00.000Z' });

    expect((await get(t, '/v1/dashboard/share-prices?protocol=venus')).json().data).toEqual([
      { price: '1.500000000000000000', createdAt: '2026-06-01T00:00:00.000Z' },
    ]);
  });

  it('refuses an unknown or missing protocol with 400', async () => {
    for (const url of [
      '/v1/dashboard/share-prices?protocol=aave',
      '/v1/dashboard/share-prices?protocol=XAUTO',
      '/v1/dashboard/share-prices',
    ]) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
      expect(res.json().fields).toHaveProperty('protocol');
    }
  });
});

describe('GET admin/dashboard-trends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NO_REUSE);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the last 30 UTC days with zeros, counting sign-ups and pricing savings volume per day', async () => {
    const {
      rows: [b],
    } = await t.db.$client.query(
      `SELECT to_char(m, 'YYYY-MM-DD') AS today, to_char(m - interval '29 days', 'YYYY-MM-DD') AS first,
              (m AT TIME ZONE 'UTC')::text AS midnight,
              ((m - interval '29 days') AT TIME ZONE 'UTC')::text AS first_midnight,
              ((m - interval '29 days') AT TIME ZONE 'UTC' - interval '1 second')::text AS before_first,
              ((m - interval '3 days') AT TIME ZONE 'UTC' + interval '23 hours 59 minutes')::text AS late_day3
         FROM (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AS m) x`,
    );
    const empty = (await get(t, '/v1/admin/dashboard-trends', 'support')).json().data as {
      day: string;
      signups: number;
      savingsVolume: string;
    }[];
    expect(empty).toHaveLength(30);
    expect(empty[0]!.day).toBe(b.first);
    expect(empty[29]!.day).toBe(b.today);
    expect(empty.every((d) => d.signups === 0 && d.savingsVolume === '0.000000000000000000')).toBe(true);

    await setPrices(t.db, { BUSD: '1', VLT: '0.25' });
    const u1 = await insertUser(t.db, b.midnight);
    await insertUser(t.db, b.midnight);
    await insertUser(t.db, b.first_midnight);
    await insertUser(t.db, b.before_first); // the day before the window
    await insertUser(t.db, b.late_day3);
    const { planId } = await insertPlan(t.db, {
      type: 'fixed',
      state: 'active',
      currency: 'BUSD',
      amount: '1',
      userId: u1,
    });
    const tx = (amount: string, currency: string, at: string) =>
      t.db.$client.query(
        `INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, created_at) VALUES ($1, $2, $3, $4, 6, $5)`,
        [u1, planId, amount, currency, at],
      );
    await tx('100.5', 'BUSD', b.midnight);
    await tx('40', 'VLT', b.midnight);
    await tx('7', 'BUSD', b.late_day3);
    await tx('1000', 'BUSD', b.before_first);

    const data = (await get(t, '/v1/admin/dashboard-trends', 'support')).json().data as typeof empty;
    expect(data).toHaveLength(30);
    expect(data[29]).toEqual({ day: b.today, signups: 2, savingsVolume: '110.500000000000000000' });
    expect(data[26]).toEqual({ day: data[26]!.day, signups: 1, savingsVolume: '7.000000000000000000' });
    expect(data[0]).toEqual({ day: b.first, signups: 1, savingsVolume: '0.000000000000000000' });
    expect(data.reduce((s, d) => s + d.signups, 0)).toBe(4);
    // Consecutive days, oldest first.
    for (let i = 1; i < 30; i++) expect(Date.parse(data[i]!.day) - Date.parse(data[i - 1]!.day)).toBe(86_400_000);
  });
});

describe('reuse of the whole-table totals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('by default answers the same totals for a minute, rows added meanwhile included later', async () => {
    expect(t.config.dashboardCacheSeconds).toBe(60);
    const first = (await get(t, '/v1/admin/overall-plans')).json().data;
    await insertPlan(t.db, { type: 'fixed', state: 'active', currency: 'BUSD', amount: '5' });
    expect((await get(t, '/v1/admin/overall-plans', 'compliance')).json().data).toEqual(first);
    expect(first.total_all_fixed_plan).toBe(0);
  });
});
