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
  const [whole, frac] = fmtMicro(floorTo(micro, 4)).split('.');
  return whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac ? '.' + frac : '');
}
