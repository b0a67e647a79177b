import { lazy, useState, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts loading the module; the component then renders without suspending. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * A lazily loaded component that can be fetched ahead of time. React.lazy suspends on its first
 * render even when the module is already there, and React holds a revealed Suspense fallback for
 * at least 300 ms: on the way from the code dialog to the dashboard that cost two such waits
 * (shell, then page). Once preloaded, this renders the module's component directly.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (a dropped line) may be tried again by the next render or preload.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  const Component = (props: P) => {
    // Chosen once per mount: switching from the lazy wrapper to the module's component later would remount the subtree.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Chosen {...props} />;
  };
  return Object.assign(Component, { preload });
}
