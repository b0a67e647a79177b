import dayjs from 'dayjs';

/**
 * Four decimals, cut rather than rounded, from the decimal string the API sends: no float ever
 * touches an amount, and the screen never shows more than the customer holds.
 */
export const formatAmount = (value: string | null | undefined) => {
  if (value == null || value === '') return '-';
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(4, '0').slice(0, 4)}`;
};

/** Addresses and hashes longer than 15 characters: first 4 + "..." + last 4. */
export const shortAddress = (value: string | null | undefined) =>
  !value ? '-' : value.length > 15 ? `${value.slice(0, 4)}...${value.slice(-4)}` : value;

export const formatDate = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

const SCALE = 18;
const toUnits = (value: string) => {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(whole || '0') * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0');
  return negative ? -units : units;
};

/** Exact sum of decimal strings (18 decimals, as the database keeps them). */
export const sumAmounts = (values: readonly string[]) => {
  const total = values.reduce((acc, v) => acc + toUnits(v), 0n);
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const base = 10n ** BigInt(SCALE);
  const fraction = (abs % base).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / base}${fraction ? `.${fraction}` : ''}`;
};

export const mapsLink = (coordinates: string) => `https://www.google.com/maps?q=${coordinates.replace(/\s+/g, '')}`;
