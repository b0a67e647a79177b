import { z } from 'zod';

/**
 * A number sent as a JSON number or as a non-blank numeric string (a query value, a form field).
 * `z.coerce.number()` alone turns null, false and "" into 0 and true into 1, so a body with
 * `"status": null` or a query with `status=` was taken as status 0 (and "0x1F" as 31): a string
 * must be a plain decimal here, anything else is refused, and
 * the rules that follow (`.int()`, `.min()`...) go on the number.
 */
export const numberInput = (error?: string) =>
  z
    .union([z.number({ error }), z.string({ error }).trim().regex(/^-?\d+(\.\d+)?$/, error ?? 'Not a number')], { error })
    .pipe(z.coerce.number({ error }));
