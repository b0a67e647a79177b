import { decodeEventLog, formatUnits, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, testTokenAbi } from '@vaultdesk/chain';
import { localClients, localRpc, type LocalChain } from '@vaultdesk/chain/node';
import { baseEnv, freePort, startNode } from '../../../../test/processes';
import { TEST_SECRETS_KEY, testEnv } from '../../../../test/test-env';
import { createTestDb } from '../../test/helpers';
import { bootLocalChain } from '../boot/local-chain';
import { loadConfig } from '../config/config';

/**
 * The transfer simulator (`npm run chain:transfers`, issue 33) against a real local chain started the
 * way `npm start` starts it (bootLocalChain: contracts, custodial wallets, and a block every second as
 * well as on each transaction), and customers' wallets in a database of its own: what it prints is
 * what the chain holds (receipts, Transfer logs, balances), and a bad argument is one line and sends
 * nothing.
 */
let chain: LocalChain;
let dbUrl = '';
let drop = async () => {};
let clients: ReturnType<typeof localClients>;
// Customers' wallets: the simulator takes the first by address (lowercase order), active ones with a real address only.
const CUSTOMERS: Address[] = [
  '0x00000000000000000000000000000000000a11ce',
  '0x00000000000000000000000000000000000B0B00',
  '0x0000000000000000000000000000000000c4a201',
];
const INACTIVE: Address = '0x0000000000000000000000000000000000000001';

const run = async (args: string[]) => {
  const p = startNode(
    ['--import', 'tsx', 'apps/api/src/cli/chain-transfers.ts', ...args],
    {
      ...baseEnv(),
      NODE_ENV: 'test',
      SECRETS_KEY: TEST_SECRETS_KEY,
      DATA_DIR: '.data/test',
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'silent',
    },
    64_000,
  );
  const code = await p.exited;
  return { code, lines: p.output().trim().split('\n') };
};

const balanceOf = (token: 'BUSD' | 'VLT', address: Address) =>
  clients.publicClient.readContract({
    address: LOCAL_CONTRACTS[token],
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address.toLowerCase() as Address],
  });

/** A printed transfer line checked against its receipt: mined, in that block, its log a Transfer of that amount to that address. */
async function checkOnChain(line: string) {
  const m = /^(0x[0-9a-f]{64}) log (\d+) block (\d+) to (0x[0-9a-fA-F]{40}) ([\d.]+) (BUSD|VLT)$/.exec(line);
  expect(m, line).not.toBeNull();
  const [, hash, logIndex, block, to, amount, token] = m!;
  const receipt = await clients.publicClient.getTransactionReceipt({ hash: hash as Hash });
  expect(receipt.status).toBe('success');
  expect(receipt.blockNumber).toBe(BigInt(block!));
  const log = receipt.logs.find((l) => l.logIndex === Number(logIndex))!;
  expect(log.address.toLowerCase()).toBe(LOCAL_CONTRACTS[token as 'BUSD' | 'VLT'].toLowerCase());
  const event = decodeEventLog({ abi: testTokenAbi, data: log.data, topics: log.topics });
  expect(event.eventName).toBe('Transfer');
  const args = event.args as { to: Address; value: bigint };
  expect(args.to.toLowerCase()).toBe(to!.toLowerCase());
  expect(formatUnits(args.value, 18)).toBe(amount);
  return {
    to: to!.toLowerCase(),
    token: token as 'BUSD' | 'VLT',
    amount: args.value,
    block: BigInt(block!),
    logIndex: Number(logIndex),
  };
}

beforeAll(async () => {
  const made = await createTestDb();
  dbUrl = made.url;
  drop = made.drop;
  for (const [i, address] of [...CUSTOMERS, INACTIVE, 'not-an-address'].entries()) {
    const { rows } = await made.db.$client.query<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Depositor ${i}`, `depositor${i}`, `depositor${i}@example.test`, `DEP${i}`],
    );
    await made.db.$client.query(`INSERT INTO wallets (user_id, name, address, is_active) VALUES ($1, 'Main', $2, $3)`, [
      rows[0]!.id,
      address,
      address !== INACTIVE,
    ]);
  }
  const config = loadConfig(
    testEnv({ CHAIN: 'true', CHAIN_PORT: String(await freePort()), LOCAL_CHAIN_BLOCK_SECONDS: '1' }),
  );
  chain = (await bootLocalChain(config, made.db, () => {}))!;
  clients = localClients(chain.url);
}, 120_000);

afterAll(async () => {
  await chain?.stop();
  await drop();
});

describe('the local chain of npm start (LOCAL_CHAIN_BLOCK_SECONDS)', () => {
  it('mines blocks by itself, with nobody sending anything', async () => {
    // cacheTime 0: viem reuses a block number it read for a few seconds otherwise.
    const before = await clients.publicClient.getBlockNumber({ cacheTime: 0 });
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await clients.publicClient.getBlockNumber({ cacheTime: 0 })).toBeGreaterThanOrEqual(before + 2n);
  });
});

describe('npm run chain:transfers', () => {
  it("sends to the customers' wallets at the rate asked, and prints what the chain holds", async () => {
    const started = Date.now();
    const { code, lines } = await run([
      '--rpc',
      chain.url,
      '--customers',
      '3',
      '--count',
      '6',
      '--rate',
      '10',
      '--amount',
      '2.5',
    ]);
    expect(code, lines.join('\n')).toBe(0);
    // 6 transfers at 10 a second: the last is sent half a second after the first at the earliest.
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(lines).toHaveLength(7);
    expect(lines[6]).toMatch(/^sent 6 transfers to 3 addresses in \d+ blocks from 3 accounts in [\d.]+ s/);
    const seen = await Promise.all(lines.slice(0, 6).map(checkOnChain));
    // In turn: customer 1 BUSD, customer 2 VLT, customer 3 BUSD, customer 1 VLT, ...: each got 2.5 of both.
    expect(new Set(seen.map((s) => s.to))).toEqual(new Set(CUSTOMERS.map((c) => c.toLowerCase())));
    for (const c of CUSTOMERS) {
      expect(formatUnits(await balanceOf('BUSD', c), 18)).toBe('2.5');
      expect(formatUnits(await balanceOf('VLT', c), 18)).toBe('2.5');
    }
    expect(await balanceOf('BUSD', INACTIVE)).toBe(0n);
  }, 120_000);

  it('--to and --per-block: several transfers in one block, each with its own log index', async () => {
    const to: Address[] = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'];
    const { code, lines } = await run([
      '--rpc',
      chain.url,
      '--to',
      to.join(','),
      '--count',
      '6',
      '--rate',
      '100',
      '--token',
      'VLT',
      '--per-block',
      '3',
      '--json',
    ]);
    expect(code, lines.join('\n')).toBe(0);
    const sent = lines
      .slice(0, 6)
      .map((l) => JSON.parse(l) as { hash: Hash; logIndex: number; block: number; to: string; amount: string });
    // Blocks of three (the node's own one-second blocks may split one): never more than three a block, log indexes distinct in each.
    const byBlock = new Map<number, typeof sent>();
    for (const s of sent) byBlock.set(s.block, [...(byBlock.get(s.block) ?? []), s]);
    expect(byBlock.size).toBeLessThanOrEqual(3);
    for (const group of byBlock.values()) {
      expect(group.length).toBeLessThanOrEqual(3);
      expect(new Set(group.map((s) => s.logIndex)).size).toBe(group.length);
    }
    const total = (addr: string) =>
      sent.filter((s) => s.to.toLowerCase() === addr.toLowerCase()).reduce((n, s) => n + Number(s.amount), 0);
    for (const a of to) expect(Number(formatUnits(await balanceOf('VLT', a), 18))).toBeCloseTo(total(a), 6);
    expect(await localRpc(chain.url, 'hardhat_getAutomine')).toBe(true);
  }, 120_000);

  it('refuses bad arguments in one line, and sends nothing', async () => {
    const sender = ((await localRpc(chain.url, 'eth_accounts')) as Address[])[10]!;
    const nonce = await clients.publicClient.getTransactionCount({ address: sender });
    const cases: [string[], RegExp, number][] = [
      [['--rate', '0'], /--rate must be transfers per second/, 2],
      [['--count', 'many'], /--count must be a whole number from 1 to 1000000, got "many"/, 2],
      [['--to', '0x1234'], /--to: not an address: "0x1234"/, 2],
      [['--to', CUSTOMERS[0]!, '--customers', '2'], /give --to or --customers, not both/, 2],
      [['--token', 'DOGE'], /--token must be BUSD, VLT or BUSD,VLT, got "DOGE"/, 2],
      [['--amount', '0'], /--amount must be tokens per transfer, more than 0/, 2],
      [['--senders', '20'], /--senders must be a whole number from 1 to 9/, 2],
      [['--colour', 'red'], /Unknown option '--colour'.*usage: npm run chain:transfers/, 2],
      [
        ['--rpc', 'http://127.0.0.1:1', '--to', CUSTOMERS[0]!],
        /the chain at http:\/\/127\.0\.0\.1:1 does not answer/,
        1,
      ],
    ];
    const results = await Promise.all(
      cases.map(([args]) => run(['--rpc', chain.url, ...args].slice(args.includes('--rpc') ? 2 : 0))),
    );
    results.forEach(({ code, lines }, i) => {
      expect(lines, cases[i]![0].join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(/^chain:transfers: /);
      expect(lines[0]).toMatch(cases[i]![1]);
      expect(code).toBe(cases[i]![2]);
    });
    expect(await clients.publicClient.getTransactionCount({ address: sender })).toBe(nonce);
  }, 120_000);
});
