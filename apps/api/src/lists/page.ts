import { sql, type SQL } from 'drizzle-orm';
import type { PageNames } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';

/**
 * The page payload every paged list answers: `{ records, currentPage, totalRecords, totalPage, pageSize }`
 * (the contract's `pagedRecords`), built in one place, `pageFields`. Offset lists read their page with
 * `offsetPage` (rows and count as two statements) or `pagePayload` with `pageOffset` (one statement);
 * both take the names a specification gives that call's fields. The anchored lists (users, queues,
 * withdrawal-out) and the stored reconciliation rows answer with `toPage`.
 *
 * OFFSET stays only on lists that are not the hot ones (users, queues, KYC by level, the transaction
 * report), which page from anchors (`list-anchors.ts`); a site whose OFFSET is bounded (a short
 * table, one customer's rows, a capped depth) says so beside its statement.
 */
export type Page<T> = { records: T[]; currentPage: number; totalRecords: number; totalPage: number; pageSize: number };

/** The page a list was asked for (the contract's `pageQuery`). */
export type PageQuery = { page: number; pageSize: number };

/** How many pages `total` records fill; 0 for none unless `emptyHasOnePage` (a list that always shows page 1 of 1). */
export const totalPages = (total: number, pageSize: number, emptyHasOnePage = false): number =>
  emptyHasOnePage ? Math.max(1, Math.ceil(total / pageSize)) : Math.ceil(total / pageSize);

/** The page payload of `records`, page `page` of `pageSize` out of `total`. */
export const toPage = <T>(
  records: T[],
  total: number,
  page: number,
  pageSize: number,
  opts: { emptyHasOnePage?: boolean } = {},
): Page<T> => pagePayload({ page, pageSize }, records, total, opts);

/** The rows an offset list skips to reach `page`. */
export const pageOffset = ({ page, pageSize }: PageQuery): number => (page - 1) * pageSize;

/** How one offset list reads a page: its rows (given LIMIT and OFFSET) and its count, run side by side. */
export type PageRead<T> = { rows: (limit: number, offset: number) => Promise<T[]>; count: () => Promise<number> };

/**
 * The names of a page payload's fields where the specification gives others (see the contract's
 * `PageNames`); `totalPage: false` or `pageSize: false` for a payload without that field;
 * `emptyHasOnePage` for a list that shows page 1 of 1 when empty.
 */
export type OffsetPageNames = Omit<PageNames, 'totalPage'> & {
  totalPage?: string | false;
  pageSize?: false;
  emptyHasOnePage?: boolean;
};
type Named<N, K extends 'records' | 'currentPage' | 'totalPage'> = N extends Record<K, infer V extends string> ? V : K;

/** The page payload of `T` named as `N` says. */
export type OffsetPage<T, N extends OffsetPageNames> = { [K in Named<N, 'records'>]: T[] } & {
  [K in Named<N, 'currentPage'>]: number;
} & { totalRecords: number } & (N extends { pageSize: false } ? unknown : { pageSize: number }) &
  (N extends { totalPage: false } ? unknown : { [K in Named<N, 'totalPage'>]: number });

/** The page payload's fields besides its records, for page `q` out of `total`, named as `names` says. */
export function pageFields<const N extends OffsetPageNames = Record<never, never>>(
  q: PageQuery,
  total: number,
  names?: N,
): Omit<OffsetPage<never, N>, Named<N, 'records'>> {
  const out: Record<string, number> = { [names?.currentPage ?? 'currentPage']: q.page, totalRecords: total };
  if (names?.totalPage !== false)
    out[names?.totalPage ?? 'totalPage'] = totalPages(total, q.pageSize, names?.emptyHasOnePage);
  if (names?.pageSize !== false) out.pageSize = q.pageSize;
  return out as Omit<OffsetPage<never, N>, Named<N, 'records'>>;
}

/**
 * The page payload of page `q` of an offset list: its `records` and `total`, with its fields
 * named as `names` says. For a list that reads its page and count in one statement (with
 * `pageOffset(q)`); `offsetPage` for one that reads them as two.
 */
export function pagePayload<T, const N extends OffsetPageNames = Record<never, never>>(
  q: PageQuery,
  records: T[],
  total: number,
  names?: N,
): OffsetPage<T, N> {
  return { [names?.records ?? 'records']: records, ...pageFields(q, total, names) } as OffsetPage<T, N>;
}

/** One page of an offset list read as two statements (its rows and its count) as the contract's page payload. */
export async function offsetPage<T, const N extends OffsetPageNames = Record<never, never>>(
  q: PageQuery,
  read: PageRead<T>,
  names?: N,
): Promise<OffsetPage<T, N>> {
  const [records, total] = await Promise.all([read.rows(q.pageSize, pageOffset(q)), read.count()]);
  return pagePayload(q, records, total, names);
}

/**
 * One page of an offset-paged list without a count (the exports): one row past the page tells
 * whether another follows.
 */
export async function offsetPageWithMore<T>(
  q: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ records: T[]; currentPage: number; pageSize: number; hasMore: boolean }> {
  const found = await rows(q.pageSize + 1, pageOffset(q));
  return {
    records: found.slice(0, q.pageSize),
    currentPage: q.page,
    pageSize: q.pageSize,
    hasMore: found.length > q.pageSize,
  };
}

/**
 * The read of a list over one table: `select` (ending in its ORDER BY) paged with LIMIT and
 * OFFSET, and `SELECT count(*) FROM from` (the table and the same WHERE), each row through `map`.
 * For the short staff-made tables (greetings, settings versions, newsletters, KYC levels,
 * providers, approval requests), where OFFSET and an exact count stay cheap.
 */
export const sqlPageRead = <R extends Record<string, unknown>, T>(
  db: Db,
  select: SQL,
  from: SQL,
  map: (r: R) => T,
): PageRead<T> => ({
  rows: async (limit, offset) =>
    (await db.execute<R>(sql`${select} LIMIT ${limit} OFFSET ${offset}`)).rows.map((r) => map(r as R)),
  count: async () => (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from}`)).rows[0]!.n,
});
