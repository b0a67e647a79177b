import type { ReactNode } from 'react';

export type PagerProps = {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  /** A "Page Size" select with these sizes (shown as "N / page"). */
  pageSizeOptions?: (number | string)[];
};

/** The page numbers to show: the first, the last, two either side of the current one, gaps as null. */
export const pageWindow = (current: number, pages: number): (number | null)[] => {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 2, pages - 5));
  const to = Math.min(pages - 1, Math.max(current + 2, 6));
  const out: (number | null)[] = [1];
  if (from > 2) out.push(null);
  for (let p = from; p <= to; p += 1) out.push(p);
  if (to < pages - 1) out.push(null);
  out.push(pages);
  return out;
};

/**
 * A light pager (instead of Ant Design's Pagination with its Select): previous, the page numbers,
 * next, and an optional page size. Items are titled as Ant Design titles them ("Previous Page",
 * "Next Page", the page number), so a list item is found by that name.
 */
export const Pager = ({ current, pageSize, total, onChange, showTotal, pageSizeOptions }: PagerProps) => {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => {
    if (page >= 1 && page <= pages && page !== current) onChange(page, pageSize);
  };
  const range: [number, number] = [Math.min(total, (current - 1) * pageSize + 1), Math.min(total, current * pageSize)];
  return (
    <ul className="vd-pager" aria-label="Pagination">
      {showTotal ? <li className="vd-pager-total">{showTotal(total, range)}</li> : null}
      <li title="Previous Page">
        <button type="button" aria-label="Previous Page" disabled={current <= 1} onClick={() => go(current - 1)}>
          ‹
        </button>
      </li>
      {pageWindow(current, pages).map((page, i) =>
        page === null ? (
          <li key={`gap-${i}`} className="vd-pager-gap" aria-hidden>
            …
          </li>
        ) : (
          <li key={page} title={String(page)}>
            <button
              type="button"
              className={page === current ? 'vd-pager-current' : undefined}
              aria-current={page === current ? 'page' : undefined}
              aria-label={`Page ${page}`}
              onClick={() => go(page)}
            >
              {page}
            </button>
          </li>
        ),
      )}
      <li title="Next Page">
        <button type="button" aria-label="Next Page" disabled={current >= pages} onClick={() => go(current + 1)}>
          ›
        </button>
      </li>
      {pageSizeOptions ? (
        <li>
          <select aria-label="Page Size" value={String(pageSize)} onChange={(e) => onChange(1, Number(e.target.value))}>
            {pageSizeOptions.map((size) => (
              <option key={size} value={String(size)}>{`${size} / page`}</option>
            ))}
          </select>
        </li>
      ) : null}
    </ul>
  );
};
