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
 * The screens with Ant Design's Table are still over the 350 KB target: the signed-in shell is
 * about 270 KB (React, the router, zod for the contract, Ant Design's providers and menu) and
 * Table alone adds about 80 KB. Their budgets hold today's size plus a little, so nothing can
 * grow unnoticed; lower them as those screens get lighter.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  // The sign-in page with its code modal: a person on a slow line must be able to type at once.
  { route: '/login', pages: ['src/features/auth/login-page.tsx'], inShell: false, withoutAntd: true, budgetKb: 200 },
  { route: '/confirm-admin/:token', pages: ['src/features/auth/confirm-admin-page.tsx'], inShell: false },
  { route: '/503', pages: ['src/features/maintenance/maintenance-page.tsx'], inShell: false },
  { route: '/enable-2fa', pages: ['src/features/two-factor/enable-two-factor-page.tsx'], inShell: false },
  { route: '/', budgetKb: 410, pages: ['src/features/dashboard/dashboard-page.tsx'] },
  { route: '/update-password', pages: ['src/features/password/update-password-page.tsx'] },
  { route: '/audit-trail', budgetKb: 435, pages: ['src/features/audit/audit-trail-page.tsx'] },
  { route: '/all-users', budgetKb: 440, pages: ['src/features/users/all-users-page.tsx'] },
  { route: '/user-search', budgetKb: 400, pages: ['src/features/users/user-search-page.tsx'] },
  { route: '/balance-search', budgetKb: 400, pages: ['src/features/users/balance-search-page.tsx'] },
  { route: '/user-profile/:id', budgetKb: 480, pages: ['src/features/user-profile/user-profile-page.tsx'] },
  { route: '/referral-report', budgetKb: 430, pages: ['src/features/referrals/referral-report-page.tsx'] },
  { route: '/savings-plan/:type/:id', budgetKb: 420, pages: ['src/features/savings-plans/savings-plan-page.tsx'] },
  { route: '/advanced/view-reward-record', budgetKb: 405, pages: ['src/features/savings-plans/reward-record-page.tsx'] },
];
