import { useRef, useState } from 'react';
import { App, Button, Flex, Modal } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useConnect, useConnection, useConnectionEffect, useConnectors, useDisconnect, useSwitchChain } from 'wagmi';
import { CHAINS, type SupportedChainId } from '@vaultdesk/chain';
import { shortAddress } from '@vaultdesk/contract';
import { anyPayload, apiRequest, errorMessage } from '../../api/client';
import { useSignOut } from '../../api/sign-out';
import { hasInjectedProvider, NO_PROVIDER } from './wallet-state';
import { Typography } from '../../components/typography';
import { Select } from '../../components/lazy-select';

/**
 * "Connect Metamask" (spec §2): connects the injected wallet; once connected it shows the
 * shortened address, and clicking it opens the Logout modal (disconnect the wallet). A wallet
 * whose accounts become none while connected signs the admin out (spec §4).
 */
export const ConnectWalletButton = () => {
  const { message } = App.useApp();
  const { address, chainId, isConnected } = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const signOut = useSignOut();
  const [logoutOpen, setLogoutOpen] = useState(false);
  // Our own Logout disconnects on purpose; only a wallet-side change to no account signs out.
  const leaving = useRef(false);

  useConnectionEffect({
    onDisconnect: () => {
      if (leaving.current) {
        leaving.current = false;
        return;
      }
      void apiRequest('admin/logout', anyPayload, { method: 'POST' })
        .catch(() => undefined)
        .finally(signOut);
    },
  });

  const onConnect = () => {
    const connector = connectors[0];
    if (!hasInjectedProvider() || !connector) {
      message.error(NO_PROVIDER);
      return;
    }
    connect.mutate({ connector }, { onError: (e) => message.error(errorMessage(e)) });
  };

  const chainOptions = (Object.values(CHAINS) as (typeof CHAINS)[SupportedChainId][])
    .filter((c) => switchChain.chains.some((s) => s.id === c.id))
    .map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }));

  if (!isConnected || !address) {
    return (
      <Button icon={<WalletOutlined />} onClick={onConnect} loading={connect.isPending}>
        Connect Metamask
      </Button>
    );
  }
  return (
    <Flex gap={8} align="center">
      <Select
        aria-label="Network"
        size="small"
        style={{ width: 220 }}
        value={chainId}
        options={chainOptions}
        loading={switchChain.isPending}
        onChange={(id: number) =>
          switchChain.mutate({ chainId: id }, { onError: (e) => message.error(errorMessage(e)) })
        }
      />
      <Button icon={<WalletOutlined />} onClick={() => setLogoutOpen(true)} data-testid="wallet-address">
        {shortAddress(address)}
      </Button>
      <Modal
        title="Logout"
        open={logoutOpen}
        okText="Logout"
        onOk={() => {
          leaving.current = true;
          disconnect.mutate(undefined);
          setLogoutOpen(false);
        }}
        onCancel={() => setLogoutOpen(false)}
      >
        <Typography.Paragraph>
          Disconnect the wallet <Typography.Text code>{address}</Typography.Text> from Vaultdesk?
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
};
