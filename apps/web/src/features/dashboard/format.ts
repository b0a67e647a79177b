/**
 * Decimal strings from the API shown with a fixed number of decimals, rounded half up, with
 * thousands separators. Done on the digits (BigInt), never through a float, so large balances
 * keep every digit.
 */
export const formatAmount = (value: string | null | undefined, decimals = 4): string => {
  if (value === null || value === undefined) return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const padded = (fraction + '0'.repeat(decimals + 1)).slice(0, decimals + 1);
  let scaled = BigInt(whole! + padded.slice(0, decimals));
  if (Number(padded[decimals]) >= 5) scaled += 1n;
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const intPart = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fracPart = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${sign && scaled !== 0n ? '-' : ''}${intPart}${fracPart}`;
};

export const formatUsd = (value: string | null | undefined) => (value == null ? '—' : `$${formatAmount(value)}`);

/** Addresses longer than 15 characters show as first 4 + ... + last 4. */
export const shortAddress = (address: string) => (address.length > 15 ? `${address.slice(0, 4)}...${address.slice(-4)}` : address);

export const explorerAddressUrl = (address: string) => `https://bscscan.com/address/${address}`;
