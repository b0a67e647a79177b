import { startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { FullPageSpin } from '../../components/full-page-spin';
import { CrashResult } from '../../components/status-results';
import { preloadable } from '../preloadable';

/** What a route may declare in its `handle`. */
export type RouteHandle = {
  /** The screen draws itself without Ant Design (the sign-in page): its providers need not load. */
  withoutAntd?: boolean;
};

const AntdProviders = preloadable(() => import('../antd-providers').then((m) => m.AntdProviders));
export const loadAntdProviders = AntdProviders.preload;

const AntdWarmup = preloadable(() => import('../antd-warmup').then((m) => m.AntdWarmup));
// One element for the page's life: RootLayout's own updates never re-render it.
const warmupElement = (
  <Suspense fallback={null}>
    <AntdWarmup />
  </Suspense>
);
let warming = false;
const warmingListeners = new Set<() => void>();
const subscribeWarming = (listener: () => void) => {
  warmingListeners.add(listener);
  return () => {
    warmingListeners.delete(listener);
  };
};

/**
 * Loads Ant Design and has it write the styles of the first signed-in screen, hidden, while the
 * authenticator code is typed (see antd-warmup.tsx). The hidden tree stays for the page's life:
 * Ant Design drops a component's styles when its last user unmounts and would write them again.
 */
export const warmAntd = () => {
  if (warming) return;
  warming = true;
  void AntdWarmup.preload().catch(() => undefined);
  for (const listener of warmingListeners) listener();
};

/** The top of every route: Ant Design's providers around every screen that needs them. */
export const RootLayout = () => {
  const withoutAntd = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.withoutAntd);
  // Once loaded they stay: toasts shown just before a move to /login (sign-out, 2FA set up) remain.
  const [antdLoaded, setAntdLoaded] = useState(false);
  const withAntd = !withoutAntd || antdLoaded;
  useEffect(() => {
    if (withAntd) setAntdLoaded(true);
  }, [withAntd]);

  // A transition: the hidden warm-up renders in slices and never holds up a key typed in the code dialog.
  const [warm, setWarm] = useState(warming);
  useEffect(() => {
    const start = () => startTransition(() => setWarm(true));
    if (warming) start();
    return subscribeWarming(start);
  }, []);

  const page = (
    <Suspense fallback={<FullPageSpin />}>
      <Outlet />
    </Suspense>
  );
  // Always two children, so the warm-up appearing beside the sign-in page does not remount it.
  return (
    <>
      {withAntd ? (
        <Suspense fallback={<FullPageSpin />}>
          <AntdProviders>{page}</AntdProviders>
        </Suspense>
      ) : (
        page
      )}
      {warm ? warmupElement : null}
    </>
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
