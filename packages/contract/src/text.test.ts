import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  boundedText,
  emailAddress,
  optionalReadableText,
  optionalText,
  READABLE_TEXT,
  readableText,
  unreadableCharacter,
} from './text';
import { approvalReason } from './approvals';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('bounded strings', () => {
  it('say required, too short, too long or not text, one message each, and keep the limits in the JSON schema', () => {
    const title = boundedText('Title', { min: 2, max: 5 });
    expect(messages(title, undefined)).toEqual(['Title is required']);
    expect(messages(title, null)).toEqual(['Title is required']);
    expect(messages(title, '')).toEqual(['Title is required']);
    expect(messages(title, '   ')).toEqual(['Title is required']);
    expect(messages(title, ' a ')).toEqual(['Title is too short: at least 2 characters']);
    expect(messages(title, 'abcdef')).toEqual(['Title is too long: at most 5 characters']);
    expect(messages(title, 7)).toEqual(['Title must be text']);
    expect(title.parse('  ab ')).toBe('ab');
    expect(z.toJSONSchema(title, { io: 'input' })).toMatchObject({ type: 'string', minLength: 2, maxLength: 5 });
  });

  it("give a specification's own message for the missing case only; secrets are not trimmed", () => {
    const name = boundedText('Name', { min: 2, max: 100, required: 'Please input your name!' });
    expect(messages(name, ' ')).toEqual(['Please input your name!']);
    expect(messages(name, 'A')).toEqual(['Name is too short: at least 2 characters']);
    expect(boundedText('Password', { max: 200, trim: false }).parse(' pass word ')).toBe(' pass word ');
  });

  it('optional text reads blank as absent; e-mail says too long before checking the shape', () => {
    const note = optionalText('Note', 3);
    expect(note.parse(undefined)).toBeUndefined();
    expect(note.parse('  ')).toBeUndefined();
    expect(messages(note, 'abcd')).toEqual(['Note is too long: at most 3 characters']);
    const email = emailAddress('E-mail', {
      required: 'Please input your E-mail!',
      invalid: 'The input is not valid E-mail!',
    });
    expect(email.parse(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(messages(email, '')).toEqual(['Please input your E-mail!']);
    expect(messages(email, 'nope')).toEqual(['The input is not valid E-mail!']);
    expect(messages(email, `${'a'.repeat(250)}@x.io`)).toEqual(['E-mail is too long: at most 254 characters']);
    expect(z.toJSONSchema(email, { io: 'input' })).toMatchObject({ type: 'string', maxLength: 254 });
  });
});

describe('text people read', () => {
  const title = readableText('Title', { max: 200 });
  const body = readableText('Body', { max: 2000, lines: 'several' });
  const invisible = (code: string, label = 'Title') => `${label} contains an invisible or control character (${code})`;

  // [what, value, one line, several lines]: null is accepted, else the U+ number refused (or 'line').
  const table: [string, string, string | null, string | null][] = [
    ['plain text', 'Compliance review', null, null],
    ['accents, composed and decomposed', 'Café Crème e\u0301', null, null],
    ['right-to-left scripts', 'مرحبا שלום', null, null],
    ['Indic with virama', 'हिन्दी', null, null],
    ['CJK and full-width letters', '日本 ＣＯＭＰＬＩＡＮＣＥ', null, null],
    ['combining marks (zalgo stays visible)', 'Z\u0351a\u0353l', null, null],
    ['an emoji with a variation selector', 'Love \u2764\uFE0F', null, null],
    ['emoji joined by ZWJ', 'Team \u{1F469}\u200D\u{1F4BB} \u{1F3F3}\uFE0F\u200D\u{1F308}', null, null],
    ['a skin tone in a ZWJ sequence', '\u{1F9D1}\u{1F3FD}\u200D\u{1F4BB}', null, null],
    ['a subdivision flag', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', null, null],
    ['right-to-left override', '\u202Etxt.exe', 'U+202E', 'U+202E'],
    ['left-to-right embedding', 'a\u202Ab', 'U+202A', 'U+202A'],
    ['pop directional formatting', 'a\u202Cb', 'U+202C', 'U+202C'],
    ['right-to-left isolate', 'a\u2067b', 'U+2067', 'U+2067'],
    ['pop directional isolate', 'a\u2069b', 'U+2069', 'U+2069'],
    ['left-to-right mark', 'a\u200Eb', 'U+200E', 'U+200E'],
    ['right-to-left mark', 'a\u200Fb', 'U+200F', 'U+200F'],
    ['Arabic letter mark', 'a\u061Cb', 'U+061C', 'U+061C'],
    ['zero-width space at the end (not trimmed)', 'Compliance\u200B', 'U+200B', 'U+200B'],
    ['zero-width non-joiner', 'a\u200Cb', 'U+200C', 'U+200C'],
    ['zero-width joiner between letters', 'a\u200Db', 'U+200D', 'U+200D'],
    ['zero-width joiner after an emoji only', '\u{1F600}\u200D', 'U+200D', 'U+200D'],
    ['word joiner', 'a\u2060b', 'U+2060', 'U+2060'],
    ['byte order mark inside', 'a\uFEFFb', 'U+FEFF', 'U+FEFF'],
    ['Mongolian vowel separator', 'a\u180Eb', 'U+180E', 'U+180E'],
    ['soft hyphen', 'pay\u00ADment', 'U+00AD', 'U+00AD'],
    ['a tag character alone', 'a\u{E0041}', 'U+E0041', 'U+E0041'],
    ['Hangul filler (an invisible letter)', '\u3164', 'U+3164', 'U+3164'],
    ['combining grapheme joiner', 'a\u034Fb', 'U+034F', 'U+034F'],
    ['a lone surrogate', 'a\uD800b', 'U+D800', 'U+D800'],
    ['bell', '\u0007', 'U+0007', 'U+0007'],
    ['escape (terminal colours)', '\u001B[31mred', 'U+001B', 'U+001B'],
    ['delete', 'a\u007Fb', 'U+007F', 'U+007F'],
    ['C1 control', 'a\u009Bb', 'U+009B', 'U+009B'],
    ['next line (C1)', 'a\u0085b', 'U+0085', 'U+0085'],
    ['tab inside', 'a\tb', 'U+0009', null],
    ['line feed', 'first\nsecond', 'line', null],
    ['carriage return and line feed', 'first\r\nsecond', 'line', null],
    ['line separator', 'a\u2028b', 'line', 'U+2028'],
    ['paragraph separator', 'a\u2029b', 'line', 'U+2029'],
  ];

  it.each(table)('%s', (_what, value, oneLine, several) => {
    const expected = (found: string | null, label: string) =>
      found === null ? [] : found === 'line' ? [`${label} must be on one line`] : [invisible(found, label)];
    expect(messages(title, value).filter((m) => !m.endsWith('must be on one line') || oneLine === 'line')).toEqual(
      expected(oneLine, 'Title'),
    );
    expect(messages(body, value)).toEqual(expected(several, 'Body'));
    // The helper, the schema and the published pattern agree.
    expect(unreadableCharacter(value, 'several')).toBe(several);
    expect(unreadableCharacter(value, 'one') === null).toBe(oneLine === null);
    expect(READABLE_TEXT.lines.test(value)).toBe(several === null);
  });

  it('is checked after trimming, says NUL as the NUL guard does, and shows in the JSON schema', () => {
    expect(title.parse('\uFEFF Board \u2028')).toBe('Board');
    expect(messages(title, 'a\u0000b')).toEqual(['Must not contain a NUL character']);
    expect(messages(title, 'a\nb\u202E')).toEqual([invisible('U+202E'), 'Title must be on one line']);
    expect(z.toJSONSchema(title, { io: 'input' })).toMatchObject({
      maxLength: 200,
      allOf: [{ pattern: READABLE_TEXT.oneLine.source }, { pattern: READABLE_TEXT.lineBreak.source }],
    });
    const note = optionalReadableText('Comment', 100, 'several');
    expect(note.parse('  ')).toBeUndefined();
    expect(note.parse(' Looks\nright ')).toBe('Looks\nright');
    expect(messages(note, 'ok\u200B')).toEqual([invisible('U+200B', 'Comment')]);
  });

  // Its speed (both answers within a second) is measured by bench/text-check.ts, not here.
  it('accepts a large body near the limit and refuses it with one bidi override', () => {
    const big = readableText('Content', { max: 200_000, lines: 'several' });
    const html = '<p>Hello \u{1F469}\u200D\u{1F4BB}\tworld</p>\n'.repeat(7000);
    expect(html.length).toBe(175_000);
    expect(big.safeParse(html).success).toBe(true);
    expect(messages(big, `${html}\u202E`)).toEqual([invisible('U+202E', 'Content')]);
  });

  it('holds for the approval reason header too (several lines, decoded)', () => {
    expect(approvalReason.parse('Customer asked twice.\nSee the ticket.')).toBe(
      'Customer asked twice.\nSee the ticket.',
    );
    expect(messages(approvalReason, 'Looks \u202Eright')).toEqual([invisible('U+202E', 'Reason')]);
  });
});
