import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { isPrivilegedRole, isSuperAdmin } from '@vaultdesk/contract';
import { NotFoundResult } from '../components/status-results';
import { GuestOnly, RequireSession, RequireTwoFactor } from './guards';
import { loadAntdProviders, RootError, RootLayout, type RouteHandle } from './layouts/root-layout';

// The signed-in shell, the role guard (it reads GET admin/me) and the result pages load with the
// first screen that shows them: the sign-in page downloads none of them.
const loadAppLayout = () => import('./layouts/app-layout');
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
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
const loadDashboard = () => import('../features/dashboard/dashboard-page');
const DashboardPage = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardPage })));

/** Fetches the first signed-in screen while the person types the code, so signing in is not slower. */
const preloadDashboard = () => {
  void loadAntdProviders();
  void loadAppLayout();
  void loadDashboard();
};
const UpdatePasswordPage = lazy(() =>
  import('../features/password/update-password-page').then((m) => ({ default: m.UpdatePasswordPage })),
);
const AuditTrailPage = lazy(() =>
  import('../features/audit/audit-trail-page').then((m) => ({ default: m.AuditTrailPage })),
);
const AllUsersPage = lazy(() => import('../features/users/all-users-page').then((m) => ({ default: m.AllUsersPage })));
const UserSearchPage = lazy(() => import('../features/users/user-search-page').then((m) => ({ default: m.UserSearchPage })));
const BalanceSearchPage = lazy(() => import('../features/users/balance-search-page').then((m) => ({ default: m.BalanceSearchPage })));
const UserProfilePage = lazy(() => import('../features/user-profile/user-profile-page').then((m) => ({ default: m.UserProfilePage })));
const SavingsPlanPage = lazy(() => import('../features/savings-plans/savings-plan-page').then((m) => ({ default: m.SavingsPlanPage })));
const RewardRecordPage = lazy(() => import('../features/savings-plans/reward-record-page').then((m) => ({ default: m.RewardRecordPage })));
const ReferralReportPage = lazy(() => import('../features/referrals/referral-report-page').then((m) => ({ default: m.ReferralReportPage })));

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
            <LoginPage onCodeStep={preloadDashboard} />
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
                  {
                    path: 'audit-trail',
                    element: (
                      <RequireRole allow={isSuperAdmin}>
                        <AuditTrailPage />
                      </RequireRole>
                    ),
                  },
                  { path: 'all-users', element: <AllUsersPage /> },
                  { path: 'user-search', element: <UserSearchPage /> },
                  { path: 'user-search/:search', element: <UserSearchPage /> },
                  { path: 'balance-search', element: <BalanceSearchPage /> },
                  { path: 'user-profile/:id', element: <UserProfilePage /> },
                  { path: 'referral-report', element: <ReferralReportPage /> },
                  {
                    element: <RequireRole allow={isPrivilegedRole} />,
                    children: [
                      { path: 'savings-plan/:type/:id', element: <SavingsPlanPage /> },
                      { path: 'advanced/user-search', element: <UserSearchPage /> },
                      { path: 'advanced/wallet-balance-search', element: <BalanceSearchPage /> },
                      { path: 'advanced/view-reward-record', element: <RewardRecordPage /> },
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
