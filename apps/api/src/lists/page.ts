/**
 * The page payload every paged list answers: `{ records, currentPage, totalRecords, totalPage, pageSize }`
 * (the contract's `pagedRecords`). Lists whose payload names its records otherwise (`record`, `result`,
 * `getUserTypes`) or carries more fields take the count from `totalPages`.
 */
export type Page<T> = { records: T[]; currentPage: number; totalRecords: number; totalPage: number; pageSize: number };

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
): Page<T> => ({
  records,
  currentPage: page,
  totalRecords: total,
  totalPage: totalPages(total, pageSize, opts.emptyHasOnePage),
  pageSize,
});
