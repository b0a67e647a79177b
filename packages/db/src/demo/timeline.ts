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

const D2: string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const D3: string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** 9999-12-31T23:59:59.999Z: the last time toISOString writes with a four-digit year. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

/**
 * new Date(ms).toISOString() (YYYY-MM-DDTHH:mm:ss.sssZ) by arithmetic: about a third of its CPU,
 * and the same text. Whole milliseconds from 1970 to year 9999; anything else goes to
 * toISOString itself.
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_FOUR_DIGIT_YEAR_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY);
  // The civil date of a day number (H. Hinnant's civil_from_days, eras of 400 years from 0000-03-01).
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  let t = ms - day * DAY;
  const milli = t % 1000;
  t = (t - milli) / 1000;
  const s = t % 60;
  t = (t - s) / 60;
  const min = t % 60;
  const h = (t - min) / 60;
  return `${D2[Math.floor(y / 100)]!}${D2[y % 100]!}-${D2[m]!}-${D2[d]!}T${D2[h]!}:${D2[min]!}:${D2[s]!}.${D3[milli]!}Z`;
}
