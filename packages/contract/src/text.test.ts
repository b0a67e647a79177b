import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { boundedText, emailAddress, optionalText } from './text';

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
