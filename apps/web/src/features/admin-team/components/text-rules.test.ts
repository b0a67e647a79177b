import { describe, expect, it } from 'vitest';
import { textRules } from './text-rules';

/** The form's last rule mirrors the contract's text people read, with the server's wording. */
const check = (value: string) =>
  (textRules('Title', 2, 60)[3] as { validator: (r: unknown, v: unknown) => Promise<void> })
    .validator(null, value)
    .then(
      () => null,
      (e: Error) => e.message,
    );

describe('admin-team text rules', () => {
  it('refuse invisible and control characters and line breaks as the server does; emoji pass', async () => {
    expect(await check('Compliance\u200b')).toBe('Title contains an invisible or control character (U+200B)');
    expect(await check('\u202etxt.exe')).toBe('Title contains an invisible or control character (U+202E)');
    expect(await check('Two\nlines')).toBe('Title must be on one line');
    expect(await check(' Treasury desk \u{1F469}\u200D\u{1F4BB} ')).toBeNull();
  });
});
