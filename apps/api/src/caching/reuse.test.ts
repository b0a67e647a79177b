import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reuseFor } from './reuse';

describe('reuseFor', () => {
  // The clock is the test's: ages are exact, and no test waits in real time.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses an answer for the time given, then answers the previous one while loading afresh, then waits for a fresh one', async () => {
    let loads = 0;
    const get = reuseFor(500, async () => ++loads);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    vi.advanceTimersByTime(500);
    expect(await get()).toBe(1); // exactly as old as allowed: still reused, no load
    expect(loads).toBe(1);
    vi.advanceTimersByTime(100);
    expect(await get()).toBe(1); // stale but recent: at once, with a reload under way
    expect(loads).toBe(2);
    await vi.advanceTimersByTimeAsync(0); // the reload settles
    expect(await get()).toBe(2);
    expect(loads).toBe(2);
    vi.advanceTimersByTime(1001);
    expect(await get()).toBe(3); // too old to show: waits for the load
    const always = reuseFor(0, async () => ++loads);
    expect(await always()).toBe(4);
    expect(await always()).toBe(5);
  });

  it('does not keep a failed load', async () => {
    let calls = 0;
    const get = reuseFor(10_000, async () => {
      calls++;
      if (calls === 1) throw new Error('database away');
      return calls;
    });
    await expect(get()).rejects.toThrow('database away');
    expect(await get()).toBe(2);
  });
});
