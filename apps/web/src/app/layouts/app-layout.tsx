import { Suspense, useState } from 'react';
import { App as AntApp, Button, Flex, Layout, Tag } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation } from 'react-router';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { useApprovalCount } from '../../api/approval-count';
import { ApprovalHost } from '../approval-host';
import { FullPageSpin } from '../../components/full-page-spin';
import { SideNav } from '../../components/side-nav';
import { LoadErrorResult } from '../../components/status-results';
import { useLogoutMutation } from '../../features/auth/api/logout';
import { selectedNavKey, visibleNavItems } from '../nav-items';

/** The signed-in shell: side menu, header with the admin's email and role, and the page. */
export const AppLayout = () => {
  const { data: me, error, isPending, refetch } = useMe();
  const { pathname } = useLocation();
  const { modal } = AntApp.useApp();
  const logoutMutation = useLogoutMutation();
  const [collapsed, setCollapsed] = useState(false);
  const approvals = useApprovalCount();

  if (isPending) return <FullPageSpin />;
  if (error || !me) return <LoadErrorResult message={errorMessage(error)} onRetry={() => void refetch()} />;
  // A temporary or reset password must be replaced before anything else is used.
  if (me.mustChangePassword && pathname !== '/update-password') return <Navigate to="/update-password" replace />;
  // Then the passkey a role requires, when this session was opened with password + TOTP.
  if (!me.mustChangePassword && me.passkeySetupRequired && pathname !== '/register-passkey')
    return <Navigate to="/register-passkey" replace />;

  const awaitingMe = approvals.data?.awaitingMe ?? 0;
  const navItems = visibleNavItems(me.authRole.name).map((item) =>
    item.path === '/approvals' ? { ...item, badge: awaitingMe } : item,
  );
  const selected = selectedNavKey(pathname, navItems);

  const onLogout = () => {
    modal.confirm({
      title: 'Are you sure?',
      content: 'You will be signed out of Vaultdesk.',
      okText: 'Logout',
      cancelText: 'Cancel',
      // The promise keeps the dialog open with a spinner until the server has answered.
      onOk: () => logoutMutation.mutateAsync().catch(() => undefined),
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={200}
        breakpoint="lg"
        collapsedWidth={0}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        // The header button toggles the menu; the default zero-width tab would cover the page.
        trigger={null}
      >
        {/* Plain text, not Typography: the shell loads with every screen and stays light. */}
        <div style={{ color: '#fff', margin: 16, fontSize: 20, fontWeight: 600, lineHeight: 1.4 }}>Vaultdesk</div>
        {/* Links, not Ant Design's Menu: the shell loads with every screen and stays light. */}
        <SideNav
          label="Main menu"
          hidden={collapsed}
          groups={[{ label: '', items: navItems }]}
          selected={selected}
          action={{ label: 'Logout', icon: <LogoutOutlined aria-hidden />, onClick: onLogout, danger: true }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', paddingInline: 24 }}>
          <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? 'Show menu' : 'Hide menu'}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            />
            <Flex align="center" gap={8} data-testid="current-user">
              <UserOutlined aria-hidden />
              <span data-testid="current-user-email">{me.user.email}</span>
              <Tag color="blue" data-testid="current-user-role">
                {me.authRole.name}
              </Tag>
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          {/* A page still loading keeps the menu and header in place. */}
          <Suspense fallback={<FullPageSpin />}>
            <Outlet />
          </Suspense>
          <ApprovalHost />
        </Layout.Content>
      </Layout>
    </Layout>
  );
};
