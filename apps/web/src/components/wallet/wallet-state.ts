import { createContext, useContext } from 'react';

export const NO_PROVIDER = "Can't create contract";
export const hasInjectedProvider = () => typeof window !== 'undefined' && !!(window as { ethereum?: unknown }).ethereum;

export type WalletState = { address?: `0x${string}`; chainId?: number; isConnected: boolean };
export const DISCONNECTED: WalletState = { isConnected: false };

/**
 * The connected wallet as the Advanced pages read it. Wagmi and viem (about 90 KB gzipped) load
 * after the page, with the wallet button (wallet-island.tsx), which writes its connection here:
 * the pages draw at once and never import wagmi.
 */
export const WalletStateContext = createContext<WalletState>(DISCONNECTED);
export const useWalletState = () => useContext(WalletStateContext);
