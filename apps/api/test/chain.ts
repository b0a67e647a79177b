import net from 'node:net';
import type { Address } from 'viem';
import { LOCAL_CONTRACTS } from '@vaultdesk/chain';
import { deployLocalContracts, startLocalChain, type LocalChain } from '@vaultdesk/chain/node';
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
