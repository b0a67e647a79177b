import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../config/config';
import type { FileStore } from '../files/file-store';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Background jobs as the API sees them: it only enqueues; the worker runs them. */
export type JobQueue = { send: (name: string, data?: object) => Promise<unknown> };

export type Deps = { db: Db; config: Config; jobs: JobQueue | null; files: FileStore };
