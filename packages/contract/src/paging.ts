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

/** The page query `{ page, pageSize }`; `.extend` it with a list's filters. */
export const pageQuery = (pageSize: number, o: { maxPage?: number; maxPageSize?: number } = {}) =>
  z.object({ page: pageNumber(o.maxPage ?? 100_000), pageSize: pageSizeOf(pageSize, o.maxPageSize) });

/** The page payload of `record`s. */
export const pagedRecords = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    currentPage: z.number().int(),
    totalRecords: z.number().int(),
    totalPage: z.number().int(),
    pageSize: z.number().int(),
  });
