// The other half of the deliberate cycle (see first.ts).
import { first } from './first';

export const second = (n: number): number => (n <= 0 ? 1 : first(n - 1));
