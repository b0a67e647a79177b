/**
 * A decimal string rounded half-up to `places` decimals, without going through a float: money
 * is numeric(38,18) on the server and must not pick up binary rounding on the way to the screen.
 */
export const formatAmount = (value: string | null | undefined, places = 4): string => {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, int = '0', frac = ''] = match;
  const scaled = BigInt((int || '0') + frac.padEnd(places + 1, '0').slice(0, places + 1));
  const rounded = (scaled + 5n) / 10n;
  const digits = rounded.toString().padStart(places + 1, '0');
  const whole = BigInt(digits.slice(0, digits.length - places)).toLocaleString('en-US');
  const isZero = rounded === 0n;
  return `${sign && !isZero ? '-' : ''}${whole}.${digits.slice(digits.length - places)}`;
};

/** Hashes and addresses longer than 15 characters: first 4 + ... + last 4. */
export const shorten = (text: string) => (text.length > 15 ? `${text.slice(0, 4)}...${text.slice(-4)}` : text);
