import { textMessages } from '@vaultdesk/contract';

/** A required text field's rules: not blank, and between min and max characters, named by its label. */
export const textRules = (label: string, min: number, max: number) => [
  { required: true, whitespace: true, message: textMessages.required(label) },
  { min, message: textMessages.tooShort(label, min) },
  { max, message: textMessages.tooLong(label, max) },
];
