import { textMessages, unreadableCharacter } from '@vaultdesk/contract';

/**
 * A required one-line text field's rules: not blank, between min and max characters, and no
 * invisible or control character or line break (the contract's text people read), named by its label.
 */
export const textRules = (label: string, min: number, max: number) => [
  { required: true, whitespace: true, message: textMessages.required(label) },
  { min, message: textMessages.tooShort(label, min) },
  { max, message: textMessages.tooLong(label, max) },
  {
    validator: (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (/[\n\r\u2028\u2029]/u.test(text)) return Promise.reject(new Error(textMessages.oneLine(label)));
      const code = unreadableCharacter(text);
      return code ? Promise.reject(new Error(textMessages.invisible(label, code))) : Promise.resolve();
    },
  },
];
