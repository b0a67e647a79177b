import { z } from 'zod';
import { textMessages } from './text';

/**
 * The request headers the API reads besides the bearer token, with their limits. `longitude` and
 * `latitude` come from the browser's geolocation (a malformed but short value is dropped, not
 * fatal: staff may refuse the location); the user agent is stored (first 300 characters) with
 * the sessions. An over-long value is bad input like any other: 400 naming the header.
 * The Authorization header is bounded by BEARER_HEADER (anything else is no session: 401).
 */
export const HEADER_LIMITS = { coordinate: 32, userAgent: 1024 } as const;
export const BEARER_HEADER = /^Bearer\s{1,8}([A-Za-z0-9_-]{20,200})$/;

const header = (name: string, max: number) =>
  z
    .string({ error: textMessages.notText(name) })
    .max(max, textMessages.tooLong(name, max))
    .optional();

/** Validated on every /v1 call; other headers pass through untouched. */
export const requestHeaders = z.looseObject({
  longitude: header('longitude', HEADER_LIMITS.coordinate),
  latitude: header('latitude', HEADER_LIMITS.coordinate),
  'user-agent': header('user-agent', HEADER_LIMITS.userAgent),
});
