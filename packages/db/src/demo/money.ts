/**
 * Demo amounts are whole numbers of micro-units (1e-6) while they are computed: integer sums
 * stay exact (Number is exact to 2^53, about 9e9 whole units), and each is written to the
 * numeric(38,18) columns as a plain decimal string, never through a float's toString.
 */
export const MICRO = 1_000_000;

export function fmtMicro(micro: number): string {
  const neg = micro < 0;
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / MICRO);
  const frac = abs - whole * MICRO;
  let s = String(whole);
  if (frac > 0) s += '.' + String(frac).padStart(6, '0').replace(/0+$/, '');
  return neg ? '-' + s : s;
}

/** Rounds down to `decimals` (0-6) decimal places. */
export function floorTo(micro: number, decimals: number): number {
  const step = 10 ** (6 - decimals);
  return Math.floor(micro / step) * step;
}

export function toMicro(units: number, decimals: number): number {
  return floorTo(Math.round(units * MICRO), decimals);
}

/** For descriptions: thousands separators, up to 4 decimals. */
export function display(micro: number): string {
  const v = floorTo(micro, 4);
  const abs = Math.abs(v);
  const whole = Math.floor(abs / MICRO);
  const frac = abs - whole * MICRO;
  const digits = String(whole);
  // Thousands separators: a comma before every group of three digits but the first group.
  let s = digits.length <= 3 ? digits : digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = s.length; i < digits.length; i += 3) s += ',' + digits.slice(i, i + 3);
  if (frac > 0) {
    let f = String(frac).padStart(6, '0');
    let end = f.length;
    while (f.charCodeAt(end - 1) === 48) end--;
    f = f.slice(0, end);
    s += '.' + f;
  }
  return v < 0 ? '-' + s : s;
}
