import { Flex, Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ConnectWalletButton } from '../../components/wallet/connect-wallet-button';
import { WalletProvider } from '../../components/wallet/wallet-provider';
import { ADVANCED_ITEMS } from '../nav-items';

const BACK = 'back';

/** The Advanced area (spec §2): its own side menu (Back and the Queues group) and the wallet connection on every page. */
export const AdvancedLayout = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    { key: BACK, icon: <ArrowLeftOutlined />, label: 'Back' },
    { type: 'group', key: 'queues', label: 'Queues', children: ADVANCED_ITEMS.map((i) => ({ key: i.path, label: i.label })) },
  ];
  const selected = ADVANCED_ITEMS.filter((i) => pathname.startsWith(i.path)).sort((a, b) => b.path.length - a.path.length)[0]?.path;
  return (
    <WalletProvider>
      <Layout style={{ background: 'transparent' }}>
        <Layout.Sider width={200} breakpoint="lg" collapsedWidth={0} theme="light" style={{ marginRight: 16 }}>
          <nav aria-label="Advanced menu">
            <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} onClick={({ key }) => void navigate(key === BACK ? '/' : key)} />
          </nav>
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
