import { ERROR_CODES, type ErrorCode } from '@vaultdesk/contract';

/** The one error services throw; the error handler maps `code` to the HTTP status. */
export class AppError extends Error {
  readonly status: number;
  /** Logged as an error too: the answer is the client's, the cause the operators' to fix. */
  readonly operatorAlert: boolean = false;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new AppError('BAD_REQUEST', message, fields);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Session expired. Sign in again.') =>
  new AppError('UNAUTHENTICATED', message);

/** A unique index named `constraint` refused the write (pg's error, or drizzle's wrapper around it): a race the caller answers with a 409. */
export const isUniqueViolation = (e: unknown, constraint: string) => {
  const err = (e ?? {}) as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = err.code === '23505' ? err : err.cause?.code === '23505' ? err.cause : null;
  return !!pg && pg.constraint === constraint;
};
