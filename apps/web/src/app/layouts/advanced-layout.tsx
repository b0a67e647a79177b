import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Layout } from 'antd';
import { ArrowLeftOutlined, WalletOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { SideNav } from '../../components/side-nav';
import { DISCONNECTED, WalletStateContext, type WalletState } from '../../components/wallet/wallet-state';
import { useMe } from '../../api/me';
import { ADVANCED_ITEMS } from '../nav-items';

// Wagmi and viem load after the page: its table does not wait for the wallet library.
const WalletIsland = lazy(() =>
  import('../../components/wallet/wallet-island').then((m) => ({ default: m.WalletIsland })),
);

/** The wallet button while wagmi loads: the same place and text, not yet usable. */
const walletPlaceholder = (
  <Button icon={<WalletOutlined />} disabled>
    Connect Metamask
  </Button>
);

/** The Advanced area (spec §2): its own side menu (Back and the Queues group) and the wallet connection on every page. */
export const AdvancedLayout = () => {
  const { pathname } = useLocation();
  const [wallet, setWallet] = useState<WalletState>(DISCONNECTED);
  // An entry that names a permission shows only to those who hold it (Integrations: integrations.manage).
  const held = useMe().data?.authRole.permissions ?? [];
  const items = ADVANCED_ITEMS.filter((i) => !i.permission || held.includes(i.permission));
  const selected = ADVANCED_ITEMS.filter((i) => pathname.startsWith(i.path)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0]?.path;
  return (
    <WalletStateContext.Provider value={wallet}>
      <Layout style={{ background: 'transparent' }}>
        <Layout.Sider width={200} breakpoint="lg" collapsedWidth={0} theme="light" style={{ marginRight: 16 }}>
          <SideNav
            label="Advanced menu"
            theme="light"
            groups={[
              { label: '', items: [{ path: '/', label: 'Back', icon: <ArrowLeftOutlined aria-hidden /> }] },
              { label: 'Queues', items },
            ]}
            selected={selected}
          />
        </Layout.Sider>
        <Layout.Content>
          <Flex justify="flex-end" style={{ marginBottom: 16 }}>
            <Suspense fallback={walletPlaceholder}>
              <WalletIsland onChange={setWallet} fallback={walletPlaceholder} />
            </Suspense>
          </Flex>
          <Outlet />
        </Layout.Content>
      </Layout>
    </WalletStateContext.Provider>
  );
};
