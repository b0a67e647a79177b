import { z } from 'zod';

/** Every answer of the API: `{ message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/**
 * Every error answer: `{ message, code, fields? }`. Registered under the id `ErrorBody`, so the
 * OpenAPI document holds it once (components/schemas/ErrorBody) and every 4xx refers to it.
 */
export const errorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    /** On unexpected errors (500, the database unavailable): the request's id, as in X-Request-Id, for support. */
    reference: z.string().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBody>;

export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  APPROVAL_REASON_REQUIRED: 428,
  TOO_MANY_ATTEMPTS: 429,
  MAINTENANCE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const emptyData = z.object({}).strict();
