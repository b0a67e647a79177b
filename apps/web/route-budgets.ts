/**
 * First-load JavaScript budgets of the web app, per route, in gzipped KB: what a browser must
 * download before the route is usable on a first visit (the entry chunk, the signed-in shell when
 * the route sits inside it, the page, and everything they import statically).
 * `scripts/check-web-budgets.ts` builds the app, reads Vite's manifest and fails `npm test` when a
 * route passes its budget. A new page adds one line here; a lazily loaded page that no line names
 * is still checked, as a signed-in route with the default budget.
 */
export const DEFAULT_BUDGET_KB = 350;

/** What every route but the sign-in page loads besides its page (as Vite's manifest names modules). */
export const ANTD_PROVIDERS = ['src/app/antd-providers.tsx'];
/** What every signed-in route loads besides its page: the shell and the role guard. */
export const SIGNED_IN_SHELL = ['src/app/layouts/app-layout.tsx', 'src/app/require-role.tsx'];

export type RouteBudget = {
  route: string;
  /** The lazily loaded module(s) the route renders, as the router imports them. */
  pages: string[];
  /** Routes outside the signed-in shell (sign-in, 2FA set-up, maintenance, confirmation) say false. */
  inShell?: boolean;
  /** Only the sign-in page, drawn without Ant Design, says true. */
  withoutAntd?: boolean;
  budgetKb?: number;
};

/**
 * Every signed-in route is within the default 350 KB. What keeps them there: the lists draw in a
 * plain table (components/data-table.tsx, not Ant Design's Table with its Tree, Select, Checkbox,
 * Radio, Dropdown and Pagination, about 90 KB); the menus are links (components/side-nav.tsx, not
 * Ant Design's Menu); cards, tabs and text are light (light-card, light-tabs, typography: Ant
 * Design's Card brings Tabs, Menu and Dropdown); Ant Design's Select and DatePicker load after the
 * page (lazy-select, lazy-date-picker); dialogs load when opened; wagmi and viem load with the
 * Advanced area's wallet button after its page (wallet-island.tsx). A screen importing one of the
 * heavy pieces statically again fails the check.
 *
 * HOW TO ADD A SCREEN: one line below, with the module the router lazy-loads for it, e.g.
 *   { route: '/kyc-review', pages: ['src/features/kyc/kyc-review-page.tsx'] },
 * A screen without a line is still measured, with the default budget; when it is over, the
 * check prints the line to add. Do not raise a budget above 350: split the screen instead.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  // The sign-in page with its code modal: a person on a slow line must be able to type at once.
  { route: '/login', pages: ['src/features/auth/login-page.tsx'], inShell: false, withoutAntd: true, budgetKb: 200 },
  { route: '/confirm-admin/:token', pages: ['src/features/auth/confirm-admin-page.tsx'], inShell: false },
  { route: '/503', pages: ['src/features/maintenance/maintenance-page.tsx'], inShell: false },
  { route: '/enable-2fa', pages: ['src/features/two-factor/enable-two-factor-page.tsx'], inShell: false },
  { route: '/', pages: ['src/features/dashboard/dashboard-page.tsx'] },
  { route: '/update-password', pages: ['src/features/admin-profile/update-password-page.tsx'] },
  { route: '/audit-trail', pages: ['src/features/audit/audit-trail-page.tsx'] },
  { route: '/approvals', pages: ['src/features/approvals/approvals-page.tsx'] },
  { route: '/reconciliation', pages: ['src/features/reconciliation/reconciliation-page.tsx'] },
  { route: '/all-users', pages: ['src/features/users/all-users-page.tsx'] },
  { route: '/user-search', pages: ['src/features/users/user-search-page.tsx'] },
  { route: '/balance-search', pages: ['src/features/users/balance-search-page.tsx'] },
  { route: '/user-profile/:id', pages: ['src/features/user-profile/user-profile-page.tsx'] },
  { route: '/referral-report', pages: ['src/features/referrals/referral-report-page.tsx'] },
  { route: '/savings-plan/:type/:id', pages: ['src/features/savings-plans/savings-plan-page.tsx'] },
  { route: '/advanced/view-reward-record', pages: ['src/features/savings-plans/reward-record-page.tsx'] },
  // The Advanced area's screens also load its layout (its menu; the wallet button loads after it).
  { route: '/admin-profile', pages: ['src/features/admin-profile/admin-profile-page.tsx'] },
  { route: '/register-passkey', pages: ['src/features/admin-profile/register-passkey-page.tsx'] },
  { route: '/admin-team', pages: ['src/features/admin-team/admin-team-page.tsx'] },
  { route: '/bot-settings', pages: ['src/features/bots/bot-settings-page.tsx'] },
  {
    route: '/advanced/blacklisted-devices',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/blacklisted-devices-page.tsx'],
  },
  { route: '/double-funding', pages: ['src/features/compliance/double-funding-page.tsx'] },
  {
    route: '/advanced/fraud-list',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/fraud-list-page.tsx'],
  },
  {
    route: '/advanced/funding-requests',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/funding-requests-page.tsx'],
  },
  { route: '/compliance/locked-fixed', pages: ['src/features/compliance/locked-savings-page.tsx'] },
  {
    route: '/advanced/plans-about-mature',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/plans-about-mature-page.tsx'],
  },
  {
    route: '/advanced/chain-watcher',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/chain-watch/chain-watcher-page.tsx'],
  },
  {
    route: '/advanced/integrations',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/integrations/integrations-page.tsx'],
  },
  { route: '/exports', pages: ['src/features/exports/exports-page.tsx'] },
  { route: '/finder', pages: ['src/features/finder/finder-page.tsx'] },
  { route: '/greetings', pages: ['src/features/greetings/greetings-page.tsx'] },
  { route: '/kyc-suspects', pages: ['src/features/kyc/kyc-suspects-page.tsx'] },
  { route: '/manage-kyc/:id', pages: ['src/features/kyc/manage-kyc-page.tsx'] },
  { route: '/users-kyc', pages: ['src/features/kyc/users-kyc-page.tsx'] },
  {
    route: '/advanced/liquidity-providers',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/liquidity-providers/liquidity-providers-page.tsx'],
  },
  { route: '/newsletter', pages: ['src/features/newsletters/newsletter-page.tsx'] },
  { route: '/userType', pages: ['src/features/agents/user-type-page.tsx'] },
  {
    route: '/advanced/deposit-queue',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/queues/deposit-queue-page.tsx'],
  },
  { route: '/internals', pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/queues/internals-page.tsx'] },
  {
    route: '/advanced/withdraw-queue',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/queues/withdraw-queue-page.tsx'],
  },
  { route: '/accounts', pages: ['src/features/reports/accounts-page.tsx'] },
  { route: '/feature-report', pages: ['src/features/reports/feature-report-page.tsx'] },
  { route: '/financials', pages: ['src/features/reports/financials-page.tsx'] },
  { route: '/growth-report', pages: ['src/features/reports/growth-report-page.tsx'] },
  { route: '/payouts', pages: ['src/features/reports/payouts-page.tsx'] },
  { route: '/transactions', pages: ['src/features/reports/transactions-page.tsx'] },
  {
    route: '/advanced/settings',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/settings/settings-page.tsx'],
  },
  {
    route: '/advanced/withdraw-out',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/withdraw-out/withdraw-out-page.tsx'],
  },
  {
    route: '/advanced/vlt-bridge',
    pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/liquidity-providers/vlt-bridge-page.tsx'],
  },
];
