import net from 'node:net';
import { encodeFunctionData, parseUnits, type Address } from 'viem';
import { LOCAL_CONTRACTS, LOCAL_DEPLOYER, vaultAbi } from '@vaultdesk/chain';
import {
  deployLocalContracts,
  type localClients,
  localRpc,
  startLocalChain,
  type LocalChain,
} from '@vaultdesk/chain/node';
import { createTestApp, demo, sessionFor, type TestApp } from './helpers';

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
