import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { FullPageSpin } from '../../components/full-page-spin';
import { CrashResult } from '../../components/status-results';

/** What a route may declare in its `handle`. */
export type RouteHandle = {
  /** The screen draws itself without Ant Design (the sign-in page): its providers need not load. */
  withoutAntd?: boolean;
};

export const loadAntdProviders = () => import('../antd-providers');
const AntdProviders = lazy(() => loadAntdProviders().then((m) => ({ default: m.AntdProviders })));

/** The top of every route: Ant Design's providers around every screen that needs them. */
export const RootLayout = () => {
  const withoutAntd = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.withoutAntd);
  // Once loaded they stay: toasts shown just before a move to /login (sign-out, 2FA set up) remain.
  const [antdLoaded, setAntdLoaded] = useState(false);
  const withAntd = !withoutAntd || antdLoaded;
  useEffect(() => {
    if (withAntd) setAntdLoaded(true);
  }, [withAntd]);

  const page = (
    <Suspense fallback={<FullPageSpin />}>
      <Outlet />
    </Suspense>
  );
  if (!withAntd) return page;
  return (
    <Suspense fallback={<FullPageSpin />}>
      <AntdProviders>{page}</AntdProviders>
    </Suspense>
  );
};

/** Shown instead of a blank page when a screen throws while rendering. */
export const RootError = () => (
  <Suspense fallback={null}>
    <AntdProviders>
      <CrashResult />
    </AntdProviders>
  </Suspense>
);
