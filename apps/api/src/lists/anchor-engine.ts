/**
 * The part every anchored list shares (the user, balance, KYC and transaction lists of
 * list-anchors.ts, spacing 256; the queue lists of queue-lists.ts, spacing 64): after a page was
 * read, a list whose anchors have fallen behind (the page walked more than 4 × spacing rows, or
 * the list has more than `deltaLimit` deltas) is refreshed in the background, once at a time; and
 * a sweep folds the deltas of every list that has many into its anchors even when nobody opens it.
 * Each family's page statement and SQL refresh function stay its own (see migrations 0004, 0012,
 * 0013, 0016).
 */
import type { Db } from '@vaultdesk/db';

/** A family of anchored lists: its delta table and its refresh function (`fn(list_key)`). */
export type AnchorFamily = { deltas: string; refresh: string };

export type AnchorEngineOptions = {
  /** Rows between two anchors (the family's SQL functions default to the same). */
  spacing: number;
  /** A list with more deltas than this is refreshed. */
  deltaLimit: number;
};

export function createAnchorEngine(db: Db, log: (msg: string, err?: unknown) => void, o: AnchorEngineOptions) {
  const scanLimit = o.spacing * 4;
  const refreshing = new Set<string>();

  /** Refreshes one list's anchors in the background, unless a refresh of it is already running. */
  const refresh = (fn: string, listKey: string) => {
    const id = `${fn}:${listKey}`;
    if (refreshing.has(id)) return;
    refreshing.add(id);
    void db.$client
      .query(`SELECT ${fn}($1)`, [listKey])
      .catch((e: unknown) => log(`anchor refresh of ${listKey} failed`, e))
      .finally(() => refreshing.delete(id));
  };

  return {
    spacing: o.spacing,
    deltaLimit: o.deltaLimit,
    refresh,
    /** After a page was read: refreshes the list in the background when its anchors have fallen behind. */
    checked(fn: string, listKey: string, scanned: number | string, deltas: number | string) {
      if (Number(scanned) > scanLimit || Number(deltas) > o.deltaLimit) refresh(fn, listKey);
    },
    /** Folds the deltas of every list of `families` that has more than `deltaLimit` into its anchors; answers how many. */
    async sweep(families: readonly AnchorFamily[]) {
      const { rows } = await db.$client.query<{ fn: string; list_key: string }>(
        families
          .map((f) => `SELECT '${f.refresh}' AS fn, list_key FROM ${f.deltas} GROUP BY list_key HAVING count(*) > $1`)
          .join('\n UNION ALL\n'),
        [o.deltaLimit],
      );
      for (const r of rows) await db.$client.query(`SELECT ${r.fn}($1)`, [r.list_key]);
      return rows.length;
    },
  };
}
