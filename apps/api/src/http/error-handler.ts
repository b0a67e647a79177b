import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: (string | number)[] } } };

const fieldName = (issue: Issue, context: string | undefined) => {
  const path = issue.params?.issue?.path;
  if (path && path.length) return path.join('.');
  const fromPointer = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  return fromPointer || context || 'request';
};

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '53300', 'ETIMEDOUT']);

const DB_TIMEOUT_MESSAGES: Record<string, string> = {
  '57014':
    'The database stopped this request: a statement ran longer than the time allowed (statement_timeout). Nothing was changed; try again, or ask for less at once.',
  '25P03':
    'The database ended this request: its transaction stayed idle longer than allowed (idle_in_transaction_session_timeout). Nothing was changed; try again.',
};

/**
 * The one place errors become HTTP answers: `{ message, code, fields? }`. An unexpected one (500,
 * the database unavailable) also carries `reference`, the request's id (X-Request-Id): the web app
 * shows it, and support finds the request's log lines and audit rows by it.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof AppError) {
      // A client answer that is also the operators' business (a recorded file missing from the store).
      if (err.operatorAlert) req.log.error({ err }, err.message);
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply
        .code(err.status)
        .send({ message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string[]> = {};
      for (const issue of err.validation as Issue[]) {
        const name = fieldName(issue, err.validationContext);
        (fields[name] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : 'Invalid request';
      return reply.code(400).send({ message, code: 'BAD_REQUEST', fields });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Something went wrong', code: 'INTERNAL', reference: req.id });
    }
    if (err.code && CONNECTION_CODES.has(err.code)) {
      req.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .send({ message: 'Service unavailable. Try again shortly.', code: 'MAINTENANCE', reference: req.id });
    }
    // PostgreSQL's per-pool limits (config pgTimeouts): the statement was cancelled, or the session
    // ended for sitting idle in its transaction; the transaction was rolled back either way.
    // (Drizzle wraps the driver's error: its code is on the cause.)
    const dbCode = err.code ?? (err.cause as { code?: unknown } | undefined)?.code;
    const timedOut = typeof dbCode === 'string' ? DB_TIMEOUT_MESSAGES[dbCode] : undefined;
    if (timedOut) {
      req.log.error({ err }, `database timeout (${String(dbCode)})`);
      return reply.code(500).send({ message: timedOut, code: 'INTERNAL', reference: req.id });
    }
    // Fastify's own client errors (malformed JSON, wrong content type, body too large) are 4xx.
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      const status = err.statusCode === 415 || err.statusCode === 413 ? err.statusCode : 400;
      return reply.code(status).send({ message: err.message, code: 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong', code: 'INTERNAL', reference: req.id });
  });
}
