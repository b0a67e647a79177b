import { createPublicClient, erc20Abi, fallback, formatUnits, http } from 'viem';
import type { Currency } from '@vaultdesk/contract';
import { CHAIN_TOKENS, type Config } from '../../config/config';

/** Balances of each address per currency, as decimal strings. */
export type ChainBalances = Map<string, Record<Currency, string>>;
export type ChainReader = (addresses: string[]) => Promise<ChainBalances>;

/** BNB and the BEP-20 stablecoins and tokens used here all carry 18 decimals on BNB Smart Chain. */
const DECIMALS = 18;

/**
 * Reads custodial balances through viem, trying the configured endpoints in order. Null when no
 * endpoint is configured: the caller then answers the stored snapshots.
 */
export function createChainReader(chain: Config['chain']): ChainReader | null {
  const tokens = chain.tokenAddresses;
  if (chain.rpcUrls.length === 0 || !tokens) return null;
  const client = createPublicClient({
    // A dashboard waits on this: a slow endpoint is given up quickly and the next one tried.
    transport: fallback(chain.rpcUrls.map((url) => http(url, { timeout: 4_000, retryCount: 0 })), { retryCount: 0 }),
  });
  return async (addresses) => {
    const entries = await Promise.all(
      addresses.map(async (raw) => {
        const address = raw as `0x${string}`;
        const [bnb, ...tokenBalances] = await Promise.all([
          client.getBalance({ address }),
          ...CHAIN_TOKENS.map((t) => client.readContract({ address: tokens[t], abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
        ]);
        const byToken = Object.fromEntries(CHAIN_TOKENS.map((t, i) => [t, formatUnits(tokenBalances[i]!, DECIMALS)]));
        return [raw, { BNB: formatUnits(bnb, DECIMALS), ...byToken } as Record<Currency, string>] as const;
      }),
    );
    return new Map(entries);
  };
}
