import { useEffect, type ReactNode } from 'react';
import { useConnection } from 'wagmi';
import { ConnectWalletButton } from './connect-wallet-button';
import { WalletProvider } from './wallet-provider';
import type { WalletState } from './wallet-state';

/** Reports wagmi's connection to the Advanced layout, for the pages (wallet-state.ts). */
const ConnectionReporter = ({ onChange }: { onChange: (state: WalletState) => void }) => {
  const { address, chainId, isConnected } = useConnection();
  useEffect(() => {
    onChange({ address, chainId, isConnected });
  }, [address, chainId, isConnected, onChange]);
  return null;
};

/**
 * Wagmi for the Advanced area, loaded after its page: the wallet button ("Connect Metamask", the
 * connected address and its Logout modal, the network select, sign-out when the wallet drops its
 * account) and the connection the pages read.
 */
export const WalletIsland = ({
  onChange,
  fallback,
}: {
  onChange: (state: WalletState) => void;
  fallback: ReactNode;
}) => (
  <WalletProvider fallback={fallback}>
    <ConnectionReporter onChange={onChange} />
    <ConnectWalletButton />
  </WalletProvider>
);
