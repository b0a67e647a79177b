import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { isPrivilegedRole, isSuperAdmin, type Me } from '@vaultdesk/contract';
import { NotFoundResult } from '../components/status-results';
import { GuestOnly, RequireSession, RequireTwoFactor } from './guards';
import { loadAntdProviders, RootError, RootLayout, warmAntd, type RouteHandle } from './layouts/root-layout';
import type { prefetchDashboard as PrefetchDashboardFn } from '../features/dashboard/dashboard-prefetch';
import { preloadable } from './preloadable';
import { queryClient } from './query-client';

// The signed-in shell, the role guard (it reads GET admin/me) and the result pages load with the
// first screen that shows them: the sign-in page downloads none of them.
const AppLayout = preloadable(() => import('./layouts/app-layout').then((m) => m.AppLayout));
const RequireRole = lazy(() => import('./require-role').then((m) => ({ default: m.RequireRole })));

// Pages load on demand so the first screen does not wait for every feature.
const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const ConfirmAdminPage = lazy(() =>
  import('../features/auth/confirm-admin-page').then((m) => ({ default: m.ConfirmAdminPage })),
);
const MaintenancePage = lazy(() =>
  import('../features/maintenance/maintenance-page').then((m) => ({ default: m.MaintenancePage })),
);
const EnableTwoFactorPage = lazy(() =>
  import('../features/two-factor/enable-two-factor-page').then((m) => ({ default: m.EnableTwoFactorPage })),
);
const DashboardPage = preloadable(() => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage));
type PrefetchDashboard = typeof PrefetchDashboardFn;
// Kept once loaded: the calls must leave in the same task as the sign-in answer, before React
// renders the new screen (a promise's callback would run only after that render).
let prefetchDashboard: PrefetchDashboard | undefined;
const loadDashboardPrefetch = () =>
  import('../features/dashboard/dashboard-prefetch').then((m) => (prefetchDashboard = m.prefetchDashboard));

/**
 * Fetches the first signed-in screen while the person types the code: once the code is accepted,
 * the shell and the dashboard render at once (see preloadable.tsx) and their calls are already out.
 */
const preloadDashboard = () => {
  for (const load of [loadAntdProviders, AppLayout.preload, DashboardPage.preload, loadDashboardPrefetch]) {
    // A failed download is tried again when the screen renders.
    load().catch(() => undefined);
  }
  warmAntd();
};

/** The session exists: the dashboard's calls go out now, not after the shell and the page have rendered. */
const onSignedIn = (me: Me) => {
  if (prefetchDashboard) prefetchDashboard(queryClient, me);
  else
    loadDashboardPrefetch().then(
      (prefetch) => prefetch(queryClient, me),
      () => undefined,
    );
};
const UpdatePasswordPage = lazy(() =>
  import('../features/admin-profile/update-password-page').then((m) => ({ default: m.UpdatePasswordPage })),
);
const AuditTrailPage = lazy(() =>
  import('../features/audit/audit-trail-page').then((m) => ({ default: m.AuditTrailPage })),
);
const ReconciliationPage = lazy(() =>
  import('../features/reconciliation/reconciliation-page').then((m) => ({ default: m.ReconciliationPage })),
);
const AllUsersPage = lazy(() => import('../features/users/all-users-page').then((m) => ({ default: m.AllUsersPage })));
const UserSearchPage = lazy(() =>
  import('../features/users/user-search-page').then((m) => ({ default: m.UserSearchPage })),
);
const BalanceSearchPage = lazy(() =>
  import('../features/users/balance-search-page').then((m) => ({ default: m.BalanceSearchPage })),
);
const UserProfilePage = lazy(() =>
  import('../features/user-profile/user-profile-page').then((m) => ({ default: m.UserProfilePage })),
);
const SavingsPlanPage = lazy(() =>
  import('../features/savings-plans/savings-plan-page').then((m) => ({ default: m.SavingsPlanPage })),
);
const RewardRecordPage = lazy(() =>
  import('../features/savings-plans/reward-record-page').then((m) => ({ default: m.RewardRecordPage })),
);
const TransactionsPage = lazy(() =>
  import('../features/reports/transactions-page').then((m) => ({ default: m.TransactionsPage })),
);
const AccountsPage = lazy(() => import('../features/reports/accounts-page').then((m) => ({ default: m.AccountsPage })));
const ExportsPage = lazy(() => import('../features/exports/exports-page').then((m) => ({ default: m.ExportsPage })));
const RegisterPasskeyPage = lazy(() =>
  import('../features/admin-profile/register-passkey-page').then((m) => ({ default: m.RegisterPasskeyPage })),
);
const AdminProfilePage = lazy(() =>
  import('../features/admin-profile/admin-profile-page').then((m) => ({ default: m.AdminProfilePage })),
);
const FinderPage = lazy(() => import('../features/finder/finder-page').then((m) => ({ default: m.FinderPage })));
const FinancialsPage = lazy(() =>
  import('../features/reports/financials-page').then((m) => ({ default: m.FinancialsPage })),
);
const GrowthReportPage = lazy(() =>
  import('../features/reports/growth-report-page').then((m) => ({ default: m.GrowthReportPage })),
);
const FeatureReportPage = lazy(() =>
  import('../features/reports/feature-report-page').then((m) => ({ default: m.FeatureReportPage })),
);
const PayoutsPage = lazy(() => import('../features/reports/payouts-page').then((m) => ({ default: m.PayoutsPage })));
const UsersKycPage = lazy(() => import('../features/kyc/users-kyc-page').then((m) => ({ default: m.UsersKycPage })));
const ManageKycPage = lazy(() => import('../features/kyc/manage-kyc-page').then((m) => ({ default: m.ManageKycPage })));
const KycSuspectsPage = lazy(() =>
  import('../features/kyc/kyc-suspects-page').then((m) => ({ default: m.KycSuspectsPage })),
);
const FraudListPage = lazy(() =>
  import('../features/compliance/fraud-list-page').then((m) => ({ default: m.FraudListPage })),
);
const BlacklistedDevicesPage = lazy(() =>
  import('../features/compliance/blacklisted-devices-page').then((m) => ({ default: m.BlacklistedDevicesPage })),
);
const DoubleFundingPage = lazy(() =>
  import('../features/compliance/double-funding-page').then((m) => ({ default: m.DoubleFundingPage })),
);
const LockedSavingsPage = lazy(() =>
  import('../features/compliance/locked-savings-page').then((m) => ({ default: m.LockedSavingsPage })),
);
const FundingRequestsPage = lazy(() =>
  import('../features/compliance/funding-requests-page').then((m) => ({ default: m.FundingRequestsPage })),
);
const PlansAboutMaturePage = lazy(() =>
  import('../features/compliance/plans-about-mature-page').then((m) => ({ default: m.PlansAboutMaturePage })),
);
const IntegrationsPage = lazy(() =>
  import('../features/integrations/integrations-page').then((m) => ({ default: m.IntegrationsPage })),
);
const WebhookDeliveriesPage = lazy(() =>
  import('../features/integrations/deliveries/deliveries-page').then((m) => ({ default: m.WebhookDeliveriesPage })),
);
const ChainWatcherPage = lazy(() =>
  import('../features/chain-watch/chain-watcher-page').then((m) => ({ default: m.ChainWatcherPage })),
);
const AdvancedLayout = lazy(() => import('./layouts/advanced-layout').then((m) => ({ default: m.AdvancedLayout })));
const DepositQueuePage = lazy(() =>
  import('../features/queues/deposit-queue-page').then((m) => ({ default: m.DepositQueuePage })),
);
const WithdrawQueuePage = lazy(() =>
  import('../features/queues/withdraw-queue-page').then((m) => ({ default: m.WithdrawQueuePage })),
);
const InternalsPage = lazy(() =>
  import('../features/queues/internals-page').then((m) => ({ default: m.InternalsPage })),
);
const WithdrawOutPage = lazy(() =>
  import('../features/withdraw-out/withdraw-out-page').then((m) => ({ default: m.WithdrawOutPage })),
);
const LiquidityProvidersPage = lazy(() =>
  import('../features/liquidity-providers/liquidity-providers-page').then((m) => ({
    default: m.LiquidityProvidersPage,
  })),
);
const VltBridgePage = lazy(() =>
  import('../features/liquidity-providers/vlt-bridge-page').then((m) => ({ default: m.VltBridgePage })),
);
const ReferralReportPage = lazy(() =>
  import('../features/referrals/referral-report-page').then((m) => ({ default: m.ReferralReportPage })),
);
const AdminTeamPage = lazy(() =>
  import('../features/admin-team/admin-team-page').then((m) => ({ default: m.AdminTeamPage })),
);
const ApprovalsPage = lazy(() =>
  import('../features/approvals/approvals-page').then((m) => ({ default: m.ApprovalsPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const GreetingsPage = lazy(() =>
  import('../features/greetings/greetings-page').then((m) => ({ default: m.GreetingsPage })),
);
const NewsletterPage = lazy(() =>
  import('../features/newsletters/newsletter-page').then((m) => ({ default: m.NewsletterPage })),
);
const UserTypePage = lazy(() => import('../features/agents/user-type-page').then((m) => ({ default: m.UserTypePage })));
const BotSettingsPage = lazy(() =>
  import('../features/bots/bot-settings-page').then((m) => ({ default: m.BotSettingsPage })),
);

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      {
        path: '/login',
        handle: { withoutAntd: true } satisfies RouteHandle,
        element: (
          <GuestOnly>
            <LoginPage onCodeStep={preloadDashboard} onSignedIn={onSignedIn} />
          </GuestOnly>
        ),
      },
      { path: '/confirm-admin/:token', element: <ConfirmAdminPage /> },
      { path: '/503', element: <MaintenancePage /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/enable-2fa', element: <EnableTwoFactorPage /> },
          {
            element: <RequireTwoFactor />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  { index: true, element: <DashboardPage /> },
                  { path: 'update-password', element: <UpdatePasswordPage /> },
                  { path: 'register-passkey', element: <RegisterPasskeyPage /> },
                  {
                    path: 'audit-trail',
                    element: (
                      <RequireRole allow={isSuperAdmin}>
                        <AuditTrailPage />
                      </RequireRole>
                    ),
                  },
                  {
                    path: 'reconciliation',
                    element: (
                      <RequireRole allow={isSuperAdmin}>
                        <ReconciliationPage />
                      </RequireRole>
                    ),
                  },
                  { path: 'all-users', element: <AllUsersPage /> },
                  { path: 'user-search', element: <UserSearchPage /> },
                  { path: 'user-search/:search', element: <UserSearchPage /> },
                  { path: 'balance-search', element: <BalanceSearchPage /> },
                  { path: 'user-profile/:id', element: <UserProfilePage /> },
                  { path: 'referral-report', element: <ReferralReportPage /> },
                  { path: 'greetings', element: <GreetingsPage /> },
                  { path: 'newsletter', element: <NewsletterPage /> },
                  { path: 'userType', element: <UserTypePage /> },
                  { path: 'transactions', element: <TransactionsPage /> },
                  { path: 'accounts', element: <AccountsPage /> },
                  { path: 'exports', element: <ExportsPage /> },
                  { path: 'approvals', element: <ApprovalsPage /> },
                  { path: 'admin-profile', element: <AdminProfilePage /> },
                  { path: 'finder', element: <FinderPage /> },
                  { path: 'users-kyc', element: <UsersKycPage /> },
                  { path: 'manage-kyc/:id', element: <ManageKycPage /> },
                  { path: 'kyc-suspects', element: <KycSuspectsPage /> },
                  { path: 'double-funding', element: <DoubleFundingPage /> },
                  { path: 'compliance/locked-fixed', element: <LockedSavingsPage /> },
                  { path: 'compliance/locked-flexible', element: <LockedSavingsPage /> },
                  {
                    element: <RequireRole allow={isPrivilegedRole} />,
                    children: [
                      { path: 'savings-plan/:type/:id', element: <SavingsPlanPage /> },
                      { path: 'admin-team', element: <AdminTeamPage /> },
                      { path: 'bot-settings', element: <BotSettingsPage /> },
                      { path: 'financials', element: <FinancialsPage /> },
                      { path: 'growth-report', element: <GrowthReportPage /> },
                      { path: 'feature-report', element: <FeatureReportPage /> },
                      { path: 'payouts', element: <PayoutsPage /> },
                      {
                        // The Advanced area: its own menu and the wallet button (wagmi loads after the page, with the button).
                        element: <AdvancedLayout />,
                        children: [
                          { path: 'advanced', element: <Navigate to="/advanced/deposit-queue" replace /> },
                          { path: 'advanced/deposit-queue', element: <DepositQueuePage /> },
                          { path: 'advanced/withdraw-queue', element: <WithdrawQueuePage /> },
                          { path: 'advanced/withdraw-out', element: <WithdrawOutPage /> },
                          { path: 'advanced/liquidity-providers', element: <LiquidityProvidersPage /> },
                          { path: 'advanced/vlt-bridge', element: <VltBridgePage /> },
                          { path: 'advanced/user-search', element: <UserSearchPage /> },
                          { path: 'advanced/wallet-balance-search', element: <BalanceSearchPage /> },
                          { path: 'advanced/view-reward-record', element: <RewardRecordPage /> },
                          { path: 'advanced/settings', element: <SettingsPage /> },
                          { path: 'advanced/fraud-list', element: <FraudListPage /> },
                          { path: 'advanced/blacklisted-devices', element: <BlacklistedDevicesPage /> },
                          { path: 'advanced/double-funding', element: <DoubleFundingPage /> },
                          { path: 'advanced/funding-requests', element: <FundingRequestsPage /> },
                          { path: 'advanced/plans-about-mature', element: <PlansAboutMaturePage /> },
                          { path: 'advanced/chain-watcher', element: <ChainWatcherPage /> },
                          { path: 'advanced/integrations', element: <IntegrationsPage /> },
                          {
                            path: 'advanced/integrations/:clientId/deliveries',
                            element: (
                              <RequireRole allow={isSuperAdmin}>
                                <WebhookDeliveriesPage />
                              </RequireRole>
                            ),
                          },
                          { path: 'internals', element: <InternalsPage /> },
                        ],
                      },
                    ],
                  },
                  { path: '*', element: <NotFoundResult /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
