import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DollarOutlined,
  DownloadOutlined,
  FileSearchOutlined,
  GiftOutlined,
  IdcardOutlined,
  LockOutlined,
  MailOutlined,
  NotificationOutlined,
  RiseOutlined,
  RobotOutlined,
  SearchOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UserOutlined,
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
  { path: '/greetings', label: 'Greetings', icon: <NotificationOutlined /> },
  { path: '/newsletter', label: 'NewsLetter', icon: <MailOutlined /> },
  { path: '/all-users', label: 'All Users', icon: <TeamOutlined /> },
  { path: '/users-kyc', label: 'Users KYC', icon: <IdcardOutlined /> },
  { path: '/balance-search', label: 'Wallet Balance Search', icon: <WalletOutlined /> },
  { path: '/user-search', label: 'User Search', icon: <SearchOutlined /> },
  { path: '/referral-report', label: 'Referral Report', icon: <ShareAltOutlined /> },
  { path: '/transactions', label: 'Transactions', icon: <TransactionOutlined /> },
  { path: '/compliance/locked-fixed', label: 'Locked Savings', icon: <LockOutlined /> },
  { path: '/accounts', label: 'Accounts', icon: <AccountBookOutlined /> },
  // Beyond the specification's menu: screens it names without a menu entry, and the formerly stub screens.
  { path: '/double-funding', label: 'Double Funding', icon: <SwapOutlined /> },
  { path: '/finder', label: 'Activity Search', icon: <FileSearchOutlined /> },
  { path: '/exports', label: 'Exports', icon: <DownloadOutlined /> },
  { path: '/financials', label: 'Financials', icon: <DollarOutlined />, privileged: true },
  { path: '/growth-report', label: 'Weekly Growth', icon: <RiseOutlined />, privileged: true },
  { path: '/feature-report', label: 'Feature Usage', icon: <BarChartOutlined />, privileged: true },
  { path: '/payouts', label: 'Referral Payouts', icon: <GiftOutlined />, privileged: true },
  { path: '/bot-settings', label: 'Bot Configurations', icon: <RobotOutlined />, privileged: true },
  { path: '/admin-profile', label: 'Admin Profile', icon: <UserOutlined /> },
  { path: '/update-password', label: 'Update Password', icon: <LockOutlined /> },
  { path: '/audit-trail', label: 'Audit Trail', icon: <AuditOutlined />, superAdminOnly: true },
  { path: '/admin-team', label: 'Admin Team', icon: <ApartmentOutlined />, privileged: true },
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
  { path: '/advanced/fraud-list', label: 'Fraud List' },
  { path: '/advanced/funding-requests', label: 'Funding Requests' },
  { path: '/advanced/blacklisted-devices', label: 'Blacklisted Devices' },
  { path: '/advanced/plans-about-mature', label: 'Plans About to Mature' },
  { path: '/advanced/settings', label: 'Internal Settings' },
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
