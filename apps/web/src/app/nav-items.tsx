import type { ReactNode } from 'react';
import {
  AuditOutlined,
  DashboardOutlined,
  LockOutlined,
  SearchOutlined,
  ShareAltOutlined,
  TeamOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { isPrivilegedRole, isSuperAdmin } from '@vaultdesk/contract';

export type NavItem = {
  path: string;
  label: string;
  icon: ReactNode;
  /** Only Super Admin and Compliance (Admin Team, the Advanced area). */
  privileged?: boolean;
  /** Only Super Admin. */
  superAdminOnly?: boolean;
};

/**
 * The side menu in display order. A new screen adds one line here, e.g.
 * `{ path: '/admin-team', label: 'Admin Team', icon: <TeamOutlined />, privileged: true }` or
 * `{ path: '/advanced/deposit-queue', label: 'Advanced', icon: <ToolOutlined />, privileged: true }`.
 * Logout is always appended by the layout.
 */
export const NAV_ITEMS: NavItem[] = [
  { path: '/', label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/all-users', label: 'All Users', icon: <TeamOutlined /> },
  { path: '/balance-search', label: 'Wallet Balance Search', icon: <WalletOutlined /> },
  { path: '/user-search', label: 'User Search', icon: <SearchOutlined /> },
  { path: '/referral-report', label: 'Referral Report', icon: <ShareAltOutlined /> },
  { path: '/update-password', label: 'Update Password', icon: <LockOutlined /> },
  { path: '/audit-trail', label: 'Audit Trail', icon: <AuditOutlined />, superAdminOnly: true },
  { path: '/advanced/deposit-queue', label: 'Advanced', icon: <ToolOutlined />, privileged: true },
];

/** The Advanced area's own menu, its Queues group in the specification's order (spec §2). */
export const ADVANCED_ITEMS: { path: string; label: string }[] = [
  { path: '/advanced/deposit-queue', label: 'Deposit Queue' },
  { path: '/advanced/withdraw-queue', label: 'Withdraw Queue' },
  { path: '/advanced/withdraw-out', label: 'Withdrawal Out' },
  { path: '/advanced/wallet-balance-search', label: 'Wallet Balance Search' },
  { path: '/advanced/vlt-bridge', label: 'VLT Bridge' },
  { path: '/advanced/liquidity-providers', label: 'Liquidity Providers' },
  { path: '/advanced/user-search', label: 'User Search' },
  { path: '/advanced/view-reward-record', label: 'Reward Record' },
];

export const visibleNavItems = (roleName: string) =>
  NAV_ITEMS.filter(
    (item) => (!item.privileged || isPrivilegedRole(roleName)) && (!item.superAdminOnly || isSuperAdmin(roleName)),
  );

/** The menu key to highlight: the longest item path that is a prefix of the current path. */
export const selectedNavKey = (pathname: string, items: NavItem[]) =>
  items
    .filter((item) => pathname === item.path || (item.path !== '/' && pathname.startsWith(`${item.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
