import type { App } from '../http/app-types';

/**
 * Keeps a family of list anchors (`what`, e.g. 'queue list') up to date: built once at start when
 * missing, not awaited (the server answers meanwhile: pages are exact without anchors, only
 * slower), and, when the family has a sweep, refreshed every minute for lists with many deltas (a
 * try-lock in the SQL function keeps two servers from doing the same list at once).
 */
export function keepListAnchors<B>(
  app: App,
  what: string,
  lists: { rebuildIfMissing: () => Promise<B>; sweep?: () => Promise<unknown> },
  opts: { built?: (b: B) => boolean; logBuilt?: boolean } = {},
) {
  if (lists.sweep) {
    const timer = setInterval(() => {
      lists.sweep!().catch((err: unknown) => app.log.error({ err }, `${what} anchor sweep failed`));
    }, 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  const wasBuilt = opts.built ?? ((b: B) => Boolean(b));
  app.addHook('onReady', async () => {
    lists.rebuildIfMissing().then(
      (built) => {
        if (!wasBuilt(built)) return;
        if (opts.logBuilt) app.log.info(built as object, `${what} anchors built`);
        else app.log.info(`${what} anchors built`);
      },
      (err: unknown) => app.log.error({ err }, `${what} anchor build failed`),
    );
  });
}
