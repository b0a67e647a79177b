import net from 'node:net';
import { encodeFunctionData, parseUnits, type Address, type Hash } from 'viem';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, testTokenAbi, vaultAbi } from '@vaultdesk/chain';
import { deployLocalContracts, localClients, localRpc, startLocalChain, type LocalChain } from '@vaultdesk/chain/node';
import { createTestApp, demo, type DemoTokens, madeLater, sessionFor, sqlOn, type TestApp } from './helpers';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * A real local Hardhat node with the test token and vault deployed, and an app on it whose
 * custodial vault operator is `operator`, with a Compliance session (the batch calls' role).
 */
export async function chainTestApp(
  operator: Address,
  label = 'Vault operator',
): Promise<{ t: TestApp; chain: LocalChain; token: string; close: () => Promise<void> }> {
  const chain = await startLocalChain({ port: await freePort() });
  await deployLocalContracts(chain.url);
  const t = await createTestApp({
    CHAIN_RPC_URLS: chain.url,
    CHAIN_TOKEN_ADDRESSES: `BUSD=${LOCAL_CONTRACTS.BUSD},VLT=${LOCAL_CONTRACTS.VLT},xBUSD=${LOCAL_CONTRACTS.xBUSD}`,
    CHAIN_ID: '31337',
  });
  await t.db.$client.query(
    `INSERT INTO custodial_wallets (label, purpose, address, network) VALUES ($1, 'vaultOperator', $2, 31337)`,
    [label, operator.toLowerCase()],
  );
  const token = await sessionFor(t.db, demo('compliance').email);
  return {
    t,
    chain,
    token,
    close: async () => {
      await t.close();
      await chain.stop();
    },
  };
}

/**
 * chainTestApp as a test file's set-up: made before the file's tests (a file's own beforeAll,
 * declared after this call, runs after it), the app closed and the chain stopped after them.
 * `t`, `chain`, `clients` (wallet and public clients on the chain) and `tokens` (a session for
 * each signed-up demo role) are usable once beforeAll has run; `q` runs SQL on the app's database.
 */
export function useChainTestApp(operator: Address, label?: string) {
  const t = madeLater<TestApp>('the test app');
  const chain = madeLater<LocalChain>('the local chain');
  const clients = madeLater<ReturnType<typeof localClients>>('the chain clients');
  const tokens: DemoTokens = { superadmin: '', compliance: '', support: '' };
  let close = async () => undefined as void;
  beforeAll(async () => {
    const made = await chainTestApp(operator, label);
    close = made.close;
    t.set(made.t);
    chain.set(made.chain);
    clients.set(localClients(made.chain.url));
    tokens.compliance = made.token;
    tokens.superadmin = await sessionFor(made.t.db, demo('superadmin').email);
    tokens.support = await sessionFor(made.t.db, demo('support').email);
  }, 120_000);
  afterAll(() => close());
  return { t: t.value, chain: chain.value, clients: clients.value, tokens, q: sqlOn(t.value) };
}

/** The operator (the deployer) lets the vault draw `amount` BUSD (1,000,000 by default), for the deposits a file sends. */
export async function approveVault(
  clients: Pick<ReturnType<typeof localClients>, 'publicClient' | 'walletClient'>,
  amount = parseUnits('1000000', 18),
) {
  const hash = await clients.walletClient.sendTransaction({
    account: LOCAL_DEPLOYER,
    chain: null,
    to: LOCAL_CONTRACTS.BUSD,
    data: encodeFunctionData({
      abi: testTokenAbi,
      functionName: 'approve',
      args: [LOCAL_CONTRACTS.xBUSD, amount],
    }),
  });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`the vault approval ${hash} reverted`);
}

/**
 * The body of a save-batch call for a process list's batch sent in transaction `hash`, mined in
 * `block`, carrying `amount` (a share price of 1, shares 0 before and 1 after); `extra` overrides.
 */
export const saveBatchBody = (
  list: { id: string; entries: string[] },
  action: 'deposit' | 'withdraw',
  hash: Hash,
  block: bigint,
  amount: string,
  extra: object = {},
) => ({
  transactionHash: hash,
  action,
  planIdAndType: list.entries,
  pricePerFullShare: '1000000000000000000',
  initShares: '0',
  finalShares: '1',
  protocolName: 'xAuto',
  network: 31337,
  amount,
  gasUsed: '50000',
  block: block.toString(),
  processListId: list.id,
  ...extra,
});

/**
 * Sends a vault deposit the vault refuses (no allowance for that much), with a fixed gas limit and
 * automine off: Hardhat refuses to automine a failing transaction, so it waits in the pool until
 * `mine()` mines it (reverted) and turns automine back on.
 */
export async function sendRevertingDeposit(chainUrl: string, clients: ReturnType<typeof localClients>) {
  await localRpc(chainUrl, 'evm_setAutomine', [false]);
  const hash = await clients.walletClient.sendTransaction({
    account: LOCAL_DEPLOYER,
    chain: null,
    to: LOCAL_CONTRACTS.xBUSD,
    gas: 300_000n,
    data: encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits('900000000', 18)] }),
  });
  const mine = async () => {
    await localRpc(chainUrl, 'evm_mine');
    await localRpc(chainUrl, 'evm_setAutomine', [true]);
  };
  return { hash, mine };
}
