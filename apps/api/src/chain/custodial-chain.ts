import { createChainClient, readBalances } from '@vaultdesk/chain';
import type { Currency } from '@vaultdesk/contract';
import { CHAIN_TOKENS, type Config } from '../config/config';

/** Balances of each address per currency, as decimal strings. */
export type ChainBalances = Map<string, Record<Currency, string>>;
export type ChainReader = (addresses: string[]) => Promise<ChainBalances>;

/**
 * Reads custodial balances on the configured chain (BNB and the tokens, all with 18 decimals on
 * BNB Smart Chain), trying the configured endpoints in order. Null when no endpoint is configured:
 * the caller then answers the stored snapshots. A failed read is the caller's to answer from them.
 */
export function createChainReader(chain: Config['chain']): ChainReader | null {
  const tokens = chain.tokenAddresses;
  if (chain.rpcUrls.length === 0 || !tokens) return null;
  const client = createChainClient(chain.rpcUrls);
  return async (addresses) => {
    const read = await readBalances(client, addresses, tokens, CHAIN_TOKENS);
    return new Map(
      [...read].map(([address, { native, ...byToken }]) => [
        address,
        { BNB: native, ...byToken } as Record<Currency, string>,
      ]),
    );
  };
}
