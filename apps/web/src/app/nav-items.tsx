import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DollarOutlined,
  DownloadOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  GiftOutlined,
  IdcardOutlined,
  LockOutlined,
  MailOutlined,
  NotificationOutlined,
  RiseOutlined,
  RobotOutlined,
  SearchOutlined,
  SettingOutlined,
  ShareAltOutlined,
  StopOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
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
  { path: '/users-kyc', label: 'Users KYC', icon: <IdcardOutlined /> },
  { path: '/balance-search', label: 'Wallet Balance Search', icon: <WalletOutlined /> },
  { path: '/user-search', label: 'User Search', icon: <SearchOutlined /> },
  { path: '/referral-report', label: 'Referral Report', icon: <ShareAltOutlined /> },
  { path: '/greetings', label: 'Greetings', icon: <NotificationOutlined /> },
  { path: '/newsletter', label: 'NewsLetter', icon: <MailOutlined /> },
  { path: '/admin-team', label: 'Admin Team', icon: <ApartmentOutlined />, privileged: true },
  { path: '/bot-settings', label: 'Bot Configurations', icon: <RobotOutlined />, privileged: true },
  { path: '/advanced/settings', label: 'Internal Settings', icon: <SettingOutlined />, privileged: true },
  { path: '/transactions', label: 'Transactions', icon: <TransactionOutlined /> },
  { path: '/accounts', label: 'Accounts', icon: <AccountBookOutlined /> },
  { path: '/finder', label: 'Activity Search', icon: <FileSearchOutlined /> },
  { path: '/financials', label: 'Financials', icon: <DollarOutlined />, privileged: true },
  { path: '/growth-report', label: 'Weekly Growth', icon: <RiseOutlined />, privileged: true },
  { path: '/feature-report', label: 'Feature Usage', icon: <BarChartOutlined />, privileged: true },
  { path: '/payouts', label: 'Referral Payouts', icon: <GiftOutlined />, privileged: true },
  { path: '/exports', label: 'Exports', icon: <DownloadOutlined /> },
  { path: '/admin-profile', label: 'Admin Profile', icon: <IdcardOutlined /> },
  { path: '/compliance/locked-fixed', label: 'Locked Savings', icon: <LockOutlined /> },
  { path: '/double-funding', label: 'Double Funding', icon: <SwapOutlined /> },
  { path: '/update-password', label: 'Update Password', icon: <LockOutlined /> },
  { path: '/audit-trail', label: 'Audit Trail', icon: <AuditOutlined />, superAdminOnly: true },
  // The Advanced area's first screens; the queues (its landing page) come with their own issue.
  { path: '/advanced/view-reward-record', label: 'Advanced', icon: <ToolOutlined />, privileged: true },
  // Advanced-area screens of the compliance team, until the Advanced section has its own sidebar.
  { path: '/advanced/fraud-list', label: 'Fraud List', icon: <AlertOutlined />, privileged: true },
  { path: '/advanced/blacklisted-devices', label: 'Blacklisted Devices', icon: <StopOutlined />, privileged: true },
  { path: '/advanced/funding-requests', label: 'Funding Requests', icon: <FileSearchOutlined />, privileged: true },
  { path: '/advanced/plans-about-mature', label: 'Plans About to Mature', icon: <FieldTimeOutlined />, privileged: true },
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
