import { Flex, Layout } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { SideNav } from '../../components/side-nav';
import { ConnectWalletButton } from '../../components/wallet/connect-wallet-button';
import { WalletProvider } from '../../components/wallet/wallet-provider';
import { ADVANCED_ITEMS } from '../nav-items';

/** The Advanced area (spec §2): its own side menu (Back and the Queues group) and the wallet connection on every page. */
export const AdvancedLayout = () => {
  const { pathname } = useLocation();
  const selected = ADVANCED_ITEMS.filter((i) => pathname.startsWith(i.path)).sort((a, b) => b.path.length - a.path.length)[0]?.path;
  return (
    <WalletProvider>
      <Layout style={{ background: 'transparent' }}>
        <Layout.Sider width={200} breakpoint="lg" collapsedWidth={0} theme="light" style={{ marginRight: 16 }}>
          <SideNav
            label="Advanced menu"
            theme="light"
            groups={[
              { label: '', items: [{ path: '/', label: 'Back', icon: <ArrowLeftOutlined aria-hidden /> }] },
              { label: 'Queues', items: ADVANCED_ITEMS },
            ]}
            selected={selected}
          />
        </Layout.Sider>
        <Layout.Content>
          <Flex justify="flex-end" style={{ marginBottom: 16 }}>
            <ConnectWalletButton />
          </Flex>
          <Outlet />
        </Layout.Content>
      </Layout>
    </WalletProvider>
  );
};
