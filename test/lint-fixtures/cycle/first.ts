// A deliberate import cycle for test/lint-rules.test.ts (eslint.config.js ignores this folder).
import { second } from './second';

export const first = (n: number): number => (n <= 0 ? 0 : second(n - 1));
