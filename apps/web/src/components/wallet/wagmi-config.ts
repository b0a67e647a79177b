import { createConfig, http, injected } from 'wagmi';
import { defineChain } from 'viem';
import { CHAINS, LOCAL_CHAIN_ID } from '@vaultdesk/chain';

const toViemChain = (id: 56 | 137 | 31337, rpcUrl?: string | null) => {
  const c = CHAINS[id];
  return defineChain({
    id: c.id,
    name: c.name,
    nativeCurrency: c.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl ?? c.rpcUrls[0]!] } },
    ...(c.blockExplorerUrl ? { blockExplorers: { default: { name: 'Explorer', url: c.blockExplorerUrl } } } : {}),
  });
};

/**
 * The wallet connection of the Advanced area: an injected EIP-1193 provider (MetaMask or any
 * other), chains 56 and 137 (default 56) and, outside production, the local chain 31337 at the
 * URL the server reports. Wagmi asks the wallet to add a chain it does not know (error 4902).
 */
export const createWalletConfig = (localRpcUrl: string | null, includeLocal: boolean) => {
  const bsc = toViemChain(56);
  const polygon = toViemChain(137);
  const local = toViemChain(LOCAL_CHAIN_ID, localRpcUrl);
  return createConfig({
    chains: includeLocal
      ? [bsc, polygon, local]
      : ([bsc, polygon, local].slice(0, 2) as [typeof bsc, typeof polygon, typeof local]),
    connectors: [injected()],
    transports: { 56: http(), 137: http(), 31337: http(localRpcUrl ?? undefined) },
  });
};
export type WalletConfig = ReturnType<typeof createWalletConfig>;
