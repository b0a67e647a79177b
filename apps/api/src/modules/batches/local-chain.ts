import { deployLocalContracts, fundLocalAccounts, startLocalChain, type LocalChain } from '@vaultdesk/chain/node';
import { LOCAL_CHAIN_ID, LOCAL_CONTRACTS, LOCAL_DEPLOYER } from '@vaultdesk/chain';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';

/** Float given to the custodial wallets on a fresh local chain (BNB is gas money). */
const FLOAT = { bnb: '25', busd: '250000', vlt: '500000' };

/**
 * Brings up the local chain the configuration asks for: starts `hardhat node` (or uses
 * CHAIN_RPC_URL), deploys the token and vault, registers Hardhat's first account as the vault
 * operator's custodial wallet (it signs the batches in the local demo), funds every custodial
 * wallet, and points the configuration's chain reads at it. A failure is thrown with its cause:
 * the caller stops the start-up rather than serving a half-wired chain.
 */
export async function bootLocalChain(config: Config, db: Db, log: (msg: string) => void): Promise<LocalChain | null> {
  const local = config.chain.local;
  if (!local) return null;
  let chain: LocalChain;
  if (local.start) {
    try {
      chain = await startLocalChain({ port: local.port });
    } catch (err) {
      throw new Error(`Could not start the local chain (CHAIN=false starts the API without it): ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  } else {
    chain = { url: local.rpcUrl!, stop: async () => {} };
  }
  try {
    await deployLocalContracts(chain.url);
    await db.$client.query(
      `INSERT INTO custodial_wallets (label, purpose, address, network) VALUES ('Vault operator', 'vaultOperator', $1, $2)
       ON CONFLICT (address) DO NOTHING`,
      [LOCAL_DEPLOYER.toLowerCase(), LOCAL_CHAIN_ID],
    );
    const { rows } = await db.$client.query<{ address: `0x${string}` }>(`SELECT address FROM custodial_wallets WHERE address ~* '^0x[0-9a-f]{40}$' ORDER BY purpose`);
    await fundLocalAccounts(chain.url, rows.filter((r) => r.address.toLowerCase() !== LOCAL_DEPLOYER.toLowerCase()).map((r) => ({ address: r.address, ...FLOAT })));
  } catch (err) {
    await chain.stop();
    throw new Error(`The local chain at ${chain.url} could not be set up: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  config.chain.rpcUrls = [chain.url];
  config.chain.tokenAddresses = { ...LOCAL_CONTRACTS };
  config.chain.chainId = LOCAL_CHAIN_ID;
  log(`local chain ${LOCAL_CHAIN_ID} at ${chain.url}: BUSD ${LOCAL_CONTRACTS.BUSD}, vault (xBUSD) ${LOCAL_CONTRACTS.xBUSD}, VLT ${LOCAL_CONTRACTS.VLT}`);
  return chain;
}
