/** Addresses longer than 15 characters show as first 4 + `...` + last 4. */
export const shortenAddress = (address: string) =>
  address.length > 15 ? `${address.slice(0, 4)}...${address.slice(-4)}` : address;

/** Numbers show with four decimals, or none in compact mode. Accepts decimal strings (money). */
export const formatAmount = (value: string | number, compact = false) => {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return String(value);
  const digits = compact ? 0 : 4;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};
