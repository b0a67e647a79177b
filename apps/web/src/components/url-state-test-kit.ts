import { afterEach, beforeEach, vi } from 'vitest';

/** Today, as the URL-state tests pin it: 2026-06-15 (UTC noon). */
export const TODAY = '2026-06-15';

/** The query string a test reads, as the browser hands it over. */
export const at = (search: string) => new URLSearchParams(search);

/** Pins the clock at TODAY, noon UTC, for each test of the file that calls it. */
export const pinToday = () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${TODAY}T12:00:00Z`));
  });
  afterEach(() => vi.useRealTimers());
};
