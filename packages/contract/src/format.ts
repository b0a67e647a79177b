/**
 * How amounts, addresses and links show on every screen (DESIGN: four decimals; addresses
 * longer than 15 characters as first 4 + "..." + last 4). Amounts arrive as decimal strings
 * (numeric(38,18) in the database) and are handled on their digits, never through a float.
 */

/** What a screen shows for a value it does not have. */
export const NO_VALUE = '—';

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;
const SCALE = 18;

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Four decimals (or `decimals`), cut rather than rounded, with thousands separators: an amount
 * on screen is never more than what is there (a balance, or what can still be locked).
 */
export const formatAmount = (value: string | null | undefined, decimals = 4): string => {
  if (value == null || value.trim() === '') return NO_VALUE;
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole = '', fraction = ''] = match;
  const int = whole.replace(/^0+(?=\d)/, '') || '0';
  const cut = fraction.padEnd(decimals, '0').slice(0, decimals);
  const isZero = !/[1-9]/.test(int + cut);
  return `${sign && !isZero ? '-' : ''}${group(int)}${decimals > 0 ? `.${cut}` : ''}`;
};

export const formatUsd = (value: string | null | undefined) => (value == null ? NO_VALUE : `$${formatAmount(value)}`);

/** Addresses and hashes longer than 15 characters: first 4 + "..." + last 4. */
export const shortAddress = (value: string | null | undefined) =>
  !value ? NO_VALUE : value.length > 15 ? `${value.slice(0, 4)}...${value.slice(-4)}` : value;

/** Whether a decimal string is zero (or empty). */
export const isZeroAmount = (amount: string | null | undefined) => !amount || !/[1-9]/.test(amount);

const toUnits = (value: string) => {
  const [, sign, whole = '', fraction = ''] = DECIMAL.exec(value.trim()) ?? [];
  const units =
    BigInt(whole || '0') * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0');
  return sign ? -units : units;
};

const fromUnits = (units: bigint) => {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(SCALE);
  const fraction = (abs % base).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / base}${fraction ? `.${fraction}` : ''}`;
};

/** Exact sum of decimal strings, to the 18 decimals the database keeps. */
export const sumAmounts = (values: readonly string[]) => fromUnits(values.reduce((acc, v) => acc + toUnits(v), 0n));

/** Compares two decimal strings exactly: -1, 0 or 1. */
export const compareDecimal = (a: string, b: string) => {
  const d = toUnits(a) - toUnits(b);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
};

/** The BNB chain explorer (chain 56), where addresses and transactions link to. */
export const EXPLORER_URL = 'https://bscscan.com';
export const explorerAddressUrl = (address: string) => `${EXPLORER_URL}/address/${address}`;
export const explorerTxUrl = (hash: string) => `${EXPLORER_URL}/tx/${hash}`;

/** A location ("lat,long") on a maps service; the text comes from the customer's device, so it is encoded. */
export const mapsUrl = (coordinates: string) =>
  `https://www.google.com/maps?q=${encodeURIComponent(coordinates.replace(/\s+/g, '')).replace(/%2C/gi, ',')}`;
