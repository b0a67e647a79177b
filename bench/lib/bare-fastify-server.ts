/**
 * The framework's floor, beside the API in the same run (issue 23): a bare Fastify server,
 * started the way the API is (`node --import tsx`, its own process on the same cores), with a
 * pool built as the API builds its own (`createDb`, the API's pool size), and no hooks, schemas,
 * session, logger or metrics. The bench registers each input's recorded statements once
 * (`POST /statements`, answered with their number) and then times `GET /bare/<n>`: the same
 * statements over the pool, as the call sends them (named or not, on the generic-plan pool when
 * the call used it), answered `{ message, data: rows }` with Fastify's default serializer.
 *   DATABASE_URL=... PG_POOL_SIZE=5 node --import tsx bench/lib/bare-fastify-server.ts
 * Prints `listening <port>` (an ephemeral port) once it answers.
 */
import Fastify from 'fastify';
import { createDb } from '@vaultdesk/db';
import type { Query } from './capture';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const db = createDb(url, Number(process.env.PG_POOL_SIZE ?? 5));
const statements: Query[][] = [];

const app = Fastify({ logger: false });
app.post<{ Body: Query[] }>('/statements', async (req) => ({ n: statements.push(req.body) - 1 }));
app.get<{ Params: { n: string } }>('/bare/:n', async (req, reply) => {
  const queries = statements[Number(req.params.n)];
  if (!queries) return reply.code(404).send({ message: 'no such statement list' });
  let rows: unknown[] = [];
  for (const q of queries) {
    const pool = q.generic ? db.$generic : db.$client;
    const config = {
      text: q.text,
      values: q.values,
      ...(q.name ? { name: q.name } : {}),
      ...(q.rowMode ? { rowMode: q.rowMode } : {}),
    };
    rows = (await pool.query(config)).rows;
  }
  return { message: 'Successfully fetched records', data: rows };
});

const stop = () =>
  void app
    .close()
    .then(() => db.$client.end())
    .then(() => db.$generic.end())
    .finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
