/**
 * Reuses an answer for `ttlMs`; one load at a time. For up to another `ttlMs` the previous
 * answer is still given at once while a fresh one loads, so no reader waits on a whole-table
 * aggregate once the first one has run.
 */
export function reuseFor<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  if (ttlMs <= 0) return load;
  let last: { at: number; value: T } | null = null;
  let pending: Promise<T> | null = null;
  return () => {
    const age = last ? Date.now() - last.at : Infinity;
    if (last && age <= ttlMs) return Promise.resolve(last.value);
    pending ??= load()
      .then((value) => {
        last = { at: Date.now(), value };
        return value;
      })
      .finally(() => {
        pending = null;
      });
    if (last && age <= 2 * ttlMs) {
      // The caller has the previous answer; a failed refresh is retried by the next caller.
      pending.catch(() => undefined);
      return Promise.resolve(last.value);
    }
    return pending;
  };
}
