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
  ReconciliationOutlined,
  RiseOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  ShopOutlined,
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
 * `{ path: '/admin-team', label: 'Admin Team', icon: <TeamOutlined aria-hidden />, privileged: true }` or
 * `{ path: '/advanced/deposit-queue', label: 'Advanced', icon: <ToolOutlined aria-hidden />, privileged: true }`.
 * Logout is always appended by the layout.
 */
export const NAV_ITEMS: NavItem[] = [
  { path: '/', label: 'Dashboard', icon: <DashboardOutlined aria-hidden /> },
  { path: '/greetings', label: 'Greetings', icon: <NotificationOutlined aria-hidden /> },
  { path: '/newsletter', label: 'NewsLetter', icon: <MailOutlined aria-hidden /> },
  { path: '/all-users', label: 'All Users', icon: <TeamOutlined aria-hidden /> },
  { path: '/users-kyc', label: 'Users KYC', icon: <IdcardOutlined aria-hidden /> },
  { path: '/balance-search', label: 'Wallet Balance Search', icon: <WalletOutlined aria-hidden /> },
  { path: '/user-search', label: 'User Search', icon: <SearchOutlined aria-hidden /> },
  { path: '/userType', label: 'User Type', icon: <ShopOutlined aria-hidden /> },
  { path: '/referral-report', label: 'Referral Report', icon: <ShareAltOutlined aria-hidden /> },
  { path: '/transactions', label: 'Transactions', icon: <TransactionOutlined aria-hidden /> },
  { path: '/compliance/locked-fixed', label: 'Locked Savings', icon: <LockOutlined aria-hidden /> },
  { path: '/accounts', label: 'Accounts', icon: <AccountBookOutlined aria-hidden /> },
  // Beyond the specification's menu: screens it names without a menu entry, and the formerly stub screens.
  { path: '/double-funding', label: 'Double Funding', icon: <SwapOutlined aria-hidden /> },
  { path: '/finder', label: 'Activity Search', icon: <FileSearchOutlined aria-hidden /> },
  { path: '/exports', label: 'Exports', icon: <DownloadOutlined aria-hidden /> },
  // Four eyes: every member of staff; each sees the requests they may decide or asked for.
  { path: '/approvals', label: 'Approvals', icon: <SafetyCertificateOutlined aria-hidden /> },
  { path: '/financials', label: 'Financials', icon: <DollarOutlined aria-hidden />, privileged: true },
  { path: '/growth-report', label: 'Weekly Growth', icon: <RiseOutlined aria-hidden />, privileged: true },
  { path: '/feature-report', label: 'Feature Usage', icon: <BarChartOutlined aria-hidden />, privileged: true },
  { path: '/payouts', label: 'Referral Payouts', icon: <GiftOutlined aria-hidden />, privileged: true },
  { path: '/bot-settings', label: 'Bot Configurations', icon: <RobotOutlined aria-hidden />, privileged: true },
  { path: '/admin-profile', label: 'Admin Profile', icon: <UserOutlined aria-hidden /> },
  { path: '/update-password', label: 'Update Password', icon: <LockOutlined aria-hidden /> },
  { path: '/audit-trail', label: 'Audit Trail', icon: <AuditOutlined aria-hidden />, superAdminOnly: true },
  {
    path: '/reconciliation',
    label: 'Reconciliation',
    icon: <ReconciliationOutlined aria-hidden />,
    superAdminOnly: true,
  },
  { path: '/admin-team', label: 'Admin Team', icon: <ApartmentOutlined aria-hidden />, privileged: true },
  { path: '/advanced/deposit-queue', label: 'Advanced', icon: <ToolOutlined aria-hidden />, privileged: true },
];

/** The Advanced area's own menu, its Queues group in the specification's order (spec §2). */
export const ADVANCED_ITEMS: { path: string; label: string; permission?: string }[] = [
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
  { path: '/advanced/chain-watcher', label: 'Chain watcher' },
  { path: '/advanced/integrations', label: 'Integrations', permission: 'integrations.manage' },
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
