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
 * Known excess: the list screens (Ant Design's Table) are over the 350 KB target. The signed-in
 * shell with Ant Design's core, React, the router and zod for the contract is about 270 KB and
 * Table alone adds about 83 KB (it always brings Tree, Select, Checkbox, Radio and Dropdown for its
 * filters, paging and selection). Their budgets are today's size rounded up with about 10 KB of
 * room, so a heavy import (DatePicker 32 KB, a chart library) still fails the check; lower them as
 * those screens get lighter. The dashboard met its target by drawing its few wallets in a plain
 * table (components/plain-table.tsx).
 *
 * HOW TO ADD A SCREEN: one line below, with the module the router lazy-loads for it, e.g.
 *   { route: '/kyc-review', pages: ['src/features/kyc/kyc-review-page.tsx'] },
 * A screen without a line is still measured, with the default budget; when it is over, the
 * check prints the line to add. Set `budgetKb` only to record a known excess, as below.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  // The sign-in page with its code modal: a person on a slow line must be able to type at once.
  { route: '/login', pages: ['src/features/auth/login-page.tsx'], inShell: false, withoutAntd: true, budgetKb: 200 },
  { route: '/confirm-admin/:token', pages: ['src/features/auth/confirm-admin-page.tsx'], inShell: false },
  { route: '/503', pages: ['src/features/maintenance/maintenance-page.tsx'], inShell: false },
  { route: '/enable-2fa', pages: ['src/features/two-factor/enable-two-factor-page.tsx'], inShell: false },
  { route: '/', pages: ['src/features/dashboard/dashboard-page.tsx'] },
  { route: '/update-password', pages: ['src/features/password/update-password-page.tsx'] },
  // Known excess (see above): Ant Design's Table.
  { route: '/audit-trail', budgetKb: 446, pages: ['src/features/audit/audit-trail-page.tsx'] },
  { route: '/all-users', budgetKb: 465, pages: ['src/features/users/all-users-page.tsx'] },
  { route: '/user-search', budgetKb: 410, pages: ['src/features/users/user-search-page.tsx'] },
  { route: '/balance-search', budgetKb: 415, pages: ['src/features/users/balance-search-page.tsx'] },
  { route: '/user-profile/:id', budgetKb: 505, pages: ['src/features/user-profile/user-profile-page.tsx'] },
  { route: '/referral-report', budgetKb: 455, pages: ['src/features/referrals/referral-report-page.tsx'] },
  { route: '/savings-plan/:type/:id', budgetKb: 431, pages: ['src/features/savings-plans/savings-plan-page.tsx'] },
  { route: '/advanced/view-reward-record', budgetKb: 415, pages: ['src/features/savings-plans/reward-record-page.tsx'] },
  // Known excess (see above), the screens of KYC and compliance, queues, team and content, reports.
  // The Advanced area's screens also load its layout (the wallet button, wagmi on the queue pages).
  { route: '/admin-profile', budgetKb: 445, pages: ['src/features/admin-profile/admin-profile-page.tsx'] },
  { route: '/admin-team', budgetKb: 445, pages: ['src/features/admin-team/admin-team-page.tsx'] },
  { route: '/bot-settings', budgetKb: 435, pages: ['src/features/bots/bot-settings-page.tsx'] },
  { route: '/advanced/blacklisted-devices', budgetKb: 455, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/blacklisted-devices-page.tsx'] },
  { route: '/double-funding', budgetKb: 410, pages: ['src/features/compliance/double-funding-page.tsx'] },
  { route: '/advanced/fraud-list', budgetKb: 440, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/fraud-list-page.tsx'] },
  { route: '/advanced/funding-requests', budgetKb: 445, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/funding-requests-page.tsx'] },
  { route: '/compliance/locked-fixed', budgetKb: 425, pages: ['src/features/compliance/locked-savings-page.tsx'] },
  { route: '/advanced/plans-about-mature', budgetKb: 440, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/compliance/plans-about-mature-page.tsx'] },
  { route: '/exports', budgetKb: 405, pages: ['src/features/exports/exports-page.tsx'] },
  { route: '/finder', budgetKb: 445, pages: ['src/features/finder/finder-page.tsx'] },
  { route: '/greetings', budgetKb: 460, pages: ['src/features/greetings/greetings-page.tsx'] },
  { route: '/kyc-suspects', budgetKb: 410, pages: ['src/features/kyc/kyc-suspects-page.tsx'] },
  { route: '/manage-kyc/:id', budgetKb: 450, pages: ['src/features/kyc/manage-kyc-page.tsx'] },
  { route: '/users-kyc', budgetKb: 455, pages: ['src/features/kyc/users-kyc-page.tsx'] },
  { route: '/advanced/liquidity-providers', budgetKb: 455, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/liquidity-providers/liquidity-providers-page.tsx'] },
  { route: '/newsletter', budgetKb: 485, pages: ['src/features/newsletters/newsletter-page.tsx'] },
  { route: '/userType', budgetKb: 465, pages: ['src/features/agents/user-type-page.tsx'] },
  { route: '/advanced/deposit-queue', budgetKb: 535, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/queues/deposit-queue-page.tsx'] },
  { route: '/internals', budgetKb: 535, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/queues/internals-page.tsx'] },
  { route: '/advanced/withdraw-queue', budgetKb: 535, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/queues/withdraw-queue-page.tsx'] },
  { route: '/accounts', budgetKb: 470, pages: ['src/features/reports/accounts-page.tsx'] },
  { route: '/feature-report', budgetKb: 425, pages: ['src/features/reports/feature-report-page.tsx'] },
  { route: '/financials', budgetKb: 465, pages: ['src/features/reports/financials-page.tsx'] },
  { route: '/growth-report', budgetKb: 430, pages: ['src/features/reports/growth-report-page.tsx'] },
  { route: '/payouts', budgetKb: 470, pages: ['src/features/reports/payouts-page.tsx'] },
  { route: '/transactions', budgetKb: 465, pages: ['src/features/reports/transactions-page.tsx'] },
  { route: '/advanced/settings', budgetKb: 480, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/settings/settings-page.tsx'] },
  { route: '/advanced/withdraw-out', budgetKb: 460, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/withdraw-out/withdraw-out-page.tsx'] },
  { route: '/advanced/vlt-bridge', budgetKb: 390, pages: ['src/app/layouts/advanced-layout.tsx', 'src/features/liquidity-providers/vlt-bridge-page.tsx'] },
];
