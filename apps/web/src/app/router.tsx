import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { isSuperAdmin } from '@vaultdesk/contract';
import { FullPageSpin } from '../components/full-page-spin';
import { CrashResult, NotFoundResult } from '../components/status-results';
import { GuestOnly, RequireRole, RequireSession, RequireTwoFactor } from './guards';
import { AppLayout } from './layouts/app-layout';

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
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const UpdatePasswordPage = lazy(() =>
  import('../features/password/update-password-page').then((m) => ({ default: m.UpdatePasswordPage })),
);
const AuditTrailPage = lazy(() =>
  import('../features/audit/audit-trail-page').then((m) => ({ default: m.AuditTrailPage })),
);

const Root = () => (
  <Suspense fallback={<FullPageSpin />}>
    <Outlet />
  </Suspense>
);

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <CrashResult />,
    children: [
      {
        path: '/login',
        element: (
          <GuestOnly>
            <LoginPage />
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
