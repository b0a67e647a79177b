import { z } from 'zod';

/**
 * Paging in one place: the query fields `page` and `pageSize` every paged list reads, and the page
 * payload `{ records, currentPage, totalRecords, totalPage, pageSize }` (the API's `toPage`).
 */

/** The words of each refusal of a page field; unset, zod's own. */
export type PageFieldWords = { number?: string; whole?: string; min?: string; max?: string };

/** The wording the compliance, KYC and reconciliation lists answer with ("page must be a number", …). */
export const wordedPageField = (field: 'page' | 'pageSize', max: string): PageFieldWords => ({
  number: `${field} must be a number`,
  whole: `${field} must be a whole number`,
  min: `${field} must be at least 1`,
  max,
});

/** A query count from 1 to `max`, read from text, `def` when absent. */
const count = (max: number, def: number, w: PageFieldWords) =>
  z.coerce
    .number(w.number === undefined ? undefined : { error: w.number })
    .int(w.whole)
    .min(1, w.min)
    .max(max, w.max)
    .default(def);

/** The `page` query field: 1 to `max`, 1 when absent. */
export const pageNumber = (max: number, words: PageFieldWords = {}) => count(max, 1, words);

/** The `pageSize` query field: 1 to `max` (100 unless said), `def` when absent. */
export const pageSizeOf = (def: number, max = 100, words: PageFieldWords = {}) => count(max, def, words);

/** Both query fields, worded, the way the compliance, KYC and reconciliation lists read them. */
export const wordedPageNumber = pageNumber(1_000_000, wordedPageField('page', 'page is too large'));
export const wordedPageSizeOf = (def: number) =>
  pageSizeOf(def, 100, wordedPageField('pageSize', 'pageSize must be at most 100'));

/** The page query `{ page, pageSize }`; `.extend` it with a list's filters. `words` words the refusals. */
export const pageQuery = (
  pageSize: number,
  o: { maxPage?: number; maxPageSize?: number; words?: { page?: PageFieldWords; pageSize?: PageFieldWords } } = {},
) =>
  z.object({
    page: pageNumber(o.maxPage ?? 100_000, o.words?.page),
    pageSize: pageSizeOf(pageSize, o.maxPageSize, o.words?.pageSize),
  });

/** The page query worded the way the compliance, KYC and reconciliation lists answer. */
export const wordedPageQuery = (pageSize: number) =>
  z.object({ page: wordedPageNumber, pageSize: wordedPageSizeOf(pageSize) });

/**
 * The names a specification gives a page payload's fields where they are not the usual ones:
 * the records (`levelList`, `record`, `result`, `getUserTypes`), the page number (`current`) and the
 * page count (`totalPages`).
 * A payload without a field drops it with `.omit`, one with more adds them with `.extend`.
 */
export type PageNames = { records?: string; currentPage?: string; totalPage?: string };
type NameOf<N extends PageNames, K extends keyof PageNames> = N[K] extends string ? N[K] : K;

/** The shape of a page payload of `T` named as `N` says. */
export type PagedShape<T, N extends PageNames> = { [K in NameOf<N, 'records'>]: T } & {
  [K in NameOf<N, 'currentPage'>]: z.ZodNumber;
} & {
  totalRecords: z.ZodNumber;
  pageSize: z.ZodNumber;
} & { [K in NameOf<N, 'totalPage'>]: z.ZodNumber };

/** The page payload of `record`s: `{ records, currentPage, totalRecords, totalPage, pageSize }`, renamed by `names`. */
export const pagedRecords = <T extends z.ZodType, const N extends PageNames = Record<never, never>>(
  record: T,
  names?: N,
) =>
  z.object({
    [names?.records ?? 'records']: z.array(record),
    [names?.currentPage ?? 'currentPage']: z.number().int(),
    totalRecords: z.number().int(),
    [names?.totalPage ?? 'totalPage']: z.number().int(),
    pageSize: z.number().int(),
  }) as unknown as z.ZodObject<PagedShape<z.ZodArray<T>, N>, z.core.$strip>;
