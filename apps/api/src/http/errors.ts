import { ERROR_CODES, type ErrorCode } from '@vaultdesk/contract';

/** The one error services throw; the error handler maps `code` to the HTTP status. */
export class AppError extends Error {
  readonly status: number;
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

export const badRequest = (message: string, fields?: Record<string, string[]>) => new AppError('BAD_REQUEST', message, fields);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Session expired. Sign in again.') => new AppError('UNAUTHENTICATED', message);
