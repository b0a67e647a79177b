import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WagmiProvider } from 'wagmi';
import { LOCAL_CHAIN_ID } from '@vaultdesk/chain';
import { chainConfig } from '@vaultdesk/contract';
import { apiRequest } from '../../api/client';
import { createWalletConfig } from './wagmi-config';
import { chainConfigKey } from '../../api/query-keys';

export const chainConfigQuery = {
  queryKey: chainConfigKey,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await apiRequest('advanced/chain-config', chainConfig, { signal })).data,
  staleTime: Infinity,
} as const;

/** Wagmi for the Advanced pages only: the sign-in chunk never loads it. */
export const WalletProvider = ({ children, fallback }: { children: ReactNode; fallback: ReactNode }) => {
  const { data, isPending } = useQuery(chainConfigQuery);
  const config = useMemo(
    () => (isPending ? null : createWalletConfig(data?.rpcUrl ?? null, data?.chainId === LOCAL_CHAIN_ID)),
    [isPending, data?.rpcUrl, data?.chainId],
  );
  if (!config) return fallback;
  return <WagmiProvider config={config}>{children}</WagmiProvider>;
};
