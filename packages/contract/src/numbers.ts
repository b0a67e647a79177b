import { z } from 'zod';
import { TEXT_LIMITS, textMessages } from './text';

/**
 * A number sent as a JSON number or as a non-blank numeric string (a query value, a form field).
 * `z.coerce.number()` alone turns null, false and "" into 0 and true into 1, so a body with
 * `"status": null` or a query with `status=` was taken as status 0 (and "0x1F" as 31): a string
 * must be a plain decimal here, anything else is refused, and
 * the rules that follow (`.int()`, `.min()`...) go on the number.
 */
export const numberInput = (error?: string) =>
  z
    .union(
      [
        z.number({ error }),
        z
          .string({ error })
          .trim()
          .max(TEXT_LIMITS.number, textMessages.tooLong('Value', TEXT_LIMITS.number))
          .regex(/^-?\d+(\.\d+)?$/, error ?? 'Not a number'),
      ],
      { error },
    )
    .pipe(z.coerce.number({ error }));
