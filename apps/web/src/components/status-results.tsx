import { lazy, Suspense, type ComponentProps } from 'react';

// The result pages (result-pages.tsx) carry large illustrations (10 KB gzipped): they load when one is shown, not
// with every screen. Each waits in its own Suspense, so the screen around it stays in place.
const load = () => import('./result-pages');

const Forbidden = lazy(() => load().then((m) => ({ default: m.ForbiddenResult })));
const NotFound = lazy(() => load().then((m) => ({ default: m.NotFoundResult })));
const LoadError = lazy(() => load().then((m) => ({ default: m.LoadErrorResult })));
const Crash = lazy(() => load().then((m) => ({ default: m.CrashResult })));

export const ForbiddenResult = () => (
  <Suspense fallback={null}>
    <Forbidden />
  </Suspense>
);
export const NotFoundResult = () => (
  <Suspense fallback={null}>
    <NotFound />
  </Suspense>
);
export const LoadErrorResult = (props: ComponentProps<typeof LoadError>) => (
  <Suspense fallback={null}>
    <LoadError {...props} />
  </Suspense>
);
export const CrashResult = () => (
  <Suspense fallback={null}>
    <Crash />
  </Suspense>
);
