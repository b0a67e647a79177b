import dayjs from 'dayjs';

/**
 * Sign-up times on the user lists are shown one hour earlier than stored, as the specification
 * says: staff compare these lists with the previous console's screens and reports, which showed
 * them that way, so the same user shows the same time in both.
 */
export const signupTimeShown = (createdAt: string) => dayjs(createdAt).subtract(1, 'hour').format('YYYY-MM-DD HH:mm');

/** Amounts with four decimals, from the decimal string (no float rounding of large values). */
export const fourDecimals = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4)}`;
};

/** Addresses longer than 15 characters: first 4 + ... + last 4. */
export const shortAddress = (address: string) => (address.length > 15 ? `${address.slice(0, 4)}...${address.slice(-4)}` : address);

/** Today as the server counts it (UTC), YYYY-MM-DD. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
