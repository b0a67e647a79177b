import type { App, Deps } from '../../http/app-types';

export function healthRoutes(app: App, { db, files }: Deps) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Ready when both shared pieces answer: the database and the file store (its folder or bucket).
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    try {
      await db.$client.query('SELECT 1');
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
    try {
      await files.objects.check();
    } catch (err) {
      req.log.error({ err }, 'file store unavailable');
      return reply.code(503).send({ status: 'file store unavailable' });
    }
    return { status: 'ready' };
  });
}
