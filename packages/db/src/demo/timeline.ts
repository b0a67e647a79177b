export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const YEAR = 365 * DAY;

export type Timeline = {
  startMs: number;
  /** The latest midnight before now in both UTC and Lagos time, so "today" is today in either. */
  todayStartMs: number;
  nowMs: number;
  total: number;
  todayCount: number;
};

/** Share of sign-up density at the start of the range relative to the average (grows to 2 - A). */
const A = 0.3;

export function createTimeline(total: number, nowMs: number): Timeline {
  const utcMidnight = Math.floor(nowMs / DAY) * DAY;
  const lagosMidnight = Math.floor((nowMs + HOUR) / DAY) * DAY - HOUR;
  // A handful of sign-ups today even for small runs, so the dashboard's "SignUp Today" is not 0.
  const todayCount = Math.min(total, Math.max(3, Math.round(total * 0.0015)));
  return {
    startMs: utcMidnight - 3 * YEAR,
    todayStartMs: Math.max(utcMidnight, lagosMidnight),
    nowMs,
    total,
    todayCount,
  };
}

/**
 * Sign-up time of user `index` (0 = first); `jitter` in [0, 1). Monotone in the index, so a
 * referrer (always an earlier index) signed up before the users it referred. Density grows
 * linearly over the three years (the product grew), and today's users come last.
 */
export function signUpAt(tl: Timeline, index: number, jitter: number): number {
  const before = tl.total - tl.todayCount;
  if (index >= before) {
    const u = (index - before + jitter) / tl.todayCount;
    return Math.floor(tl.todayStartMs + u * (tl.nowMs - tl.todayStartMs));
  }
  const u = (index + jitter) / before;
  // Inverse of F(x) = A x + (1 - A) x^2, the cumulative share of sign-ups by time fraction x.
  const x = (-A + Math.sqrt(A * A + 4 * (1 - A) * u)) / (2 * (1 - A));
  return Math.floor(tl.startMs + x * (tl.todayStartMs - 1 - tl.startMs));
}
