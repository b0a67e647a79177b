import { Fragment, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { Pager, type PagerProps } from './pager';
import './data-table.css';

export type DataColumn<T> = {
  title?: ReactNode;
  key?: Key;
  /** The record's field shown (and given to `render` as its first argument). */
  dataIndex?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** 'right' keeps the column in view while the table scrolls sideways. */
  fixed?: 'left' | 'right';
  /** One line, cut with an ellipsis (the full text in the cell's title). */
  ellipsis?: boolean;
  // The value's type is the column's business, as with Ant Design's columns.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  render?: (value: any, record: T, index: number) => ReactNode;
};
export type DataColumns<T> = DataColumn<T>[];

export type DataPagination = {
  current?: number;
  pageSize?: number;
  /** The server's total; without it the table pages through the rows it was given. */
  total?: number;
  onChange?: (page: number, pageSize: number) => void;
  showTotal?: PagerProps['showTotal'];
  hideOnSinglePage?: boolean;
  showSizeChanger?: boolean;
  pageSizeOptions?: (number | string)[];
};

/** A server's fixed-size pages: the current page, the server's total (0 until it answers), no page size select. */
export const serverPages = (
  current: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
  showTotal?: DataPagination['showTotal'],
): DataPagination => ({ current, pageSize, total: total ?? 0, showSizeChanger: false, onChange, showTotal });

export type DataRowSelection<T> = {
  selectedRowKeys: Key[];
  onChange: (keys: Key[], rows: T[]) => void;
  getCheckboxProps?: (row: T) => { disabled?: boolean; style?: CSSProperties; 'aria-label'?: string };
};

export type DataTableProps<T> = {
  columns: DataColumns<T>;
  dataSource?: readonly T[];
  rowKey: (keyof T & string) | ((row: T) => Key);
  loading?: boolean;
  /** false: every row, no pager. Default: 10 rows a page. */
  pagination?: false | DataPagination;
  locale?: { emptyText?: ReactNode };
  /** A wide table scrolls sideways in a focusable region. */
  scroll?: { x?: number | string | true };
  size?: 'small' | 'middle' | 'large';
  style?: CSSProperties;
  'data-testid'?: string;
  'aria-label'?: string;
  rowSelection?: DataRowSelection<T>;
  expandable?: { rowExpandable?: (row: T) => boolean; expandedRowRender: (row: T) => ReactNode };
};

const cellClass = (c: { align?: string; fixed?: string; ellipsis?: boolean }) =>
  [
    c.align === 'right' ? 'vd-dt-right' : c.align === 'center' ? 'vd-dt-center' : '',
    c.fixed === 'right' ? 'vd-dt-fixed-right' : '',
    c.ellipsis ? 'vd-dt-ellipsis' : '',
  ]
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * The lists' table: a plain semantic `<table>` drawn like Ant Design's, with the few features the
 * screens use (columns with render, row key, loading, empty text, paging, row selection, rows
 * that open their details, sideways scroll). Ant Design's Table costs about 90 KB gzipped (it
 * always brings Tree, Select, Checkbox, Radio, Dropdown and Pagination); this costs about 2.
 * Its props are a subset of Ant Design's, so a column list written for one works with the other.
 */
export const DataTable = <T,>({
  columns,
  dataSource = [],
  rowKey,
  loading = false,
  pagination,
  locale,
  scroll,
  size = 'large',
  style,
  'data-testid': testId,
  'aria-label': ariaLabel,
  rowSelection,
  expandable,
}: DataTableProps<T>) => {
  const [localPage, setLocalPage] = useState(1);
  const [localSize, setLocalSize] = useState<number | undefined>(undefined);
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set());
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));

  const paged = pagination !== false;
  const cfg = pagination || {};
  const pageSize = cfg.pageSize ?? localSize ?? 10;
  const current = cfg.current ?? localPage;
  const total = cfg.total ?? dataSource.length;
  // Rows beyond one page are paged here (a list given whole); a server page is shown as it is.
  const rows =
    paged && dataSource.length > pageSize ? dataSource.slice((current - 1) * pageSize, current * pageSize) : dataSource;
  const onPage = (page: number, newSize: number) => {
    if (cfg.current === undefined) setLocalPage(page);
    if (cfg.pageSize === undefined) setLocalSize(newSize);
    cfg.onChange?.(page, newSize);
  };
  const showPager = paged && !(cfg.hideOnSinglePage && total <= pageSize) && total > 0;

  const selectable = rowSelection ? rows.filter((r) => !rowSelection.getCheckboxProps?.(r).disabled) : [];
  const selectedKeys = new Set(rowSelection?.selectedRowKeys ?? []);
  const selectedOnPage = selectable.filter((r) => selectedKeys.has(keyOf(r)));
  const setSelection = (keys: Set<Key>) => {
    if (!rowSelection) return;
    // The rows of the keys still on screen, in the table's order (as Ant Design reports them).
    const all = dataSource.filter((r) => keys.has(keyOf(r)));
    rowSelection.onChange(all.map(keyOf), all);
  };
  const toggleAll = () => {
    const next = new Set(selectedKeys);
    const every = selectable.length > 0 && selectedOnPage.length === selectable.length;
    for (const r of selectable) {
      if (every) next.delete(keyOf(r));
      else next.add(keyOf(r));
    }
    setSelection(next);
  };
  const toggleOne = (row: T) => {
    const next = new Set(selectedKeys);
    if (next.has(keyOf(row))) next.delete(keyOf(row));
    else next.add(keyOf(row));
    setSelection(next);
  };

  const span = columns.length + (rowSelection ? 1 : 0) + (expandable ? 1 : 0);
  const empty = rows.length === 0;

  const table = (
    <table
      className={`vd-dt vd-dt-${size}`}
      aria-label={ariaLabel}
      style={{ minWidth: scroll?.x === true ? 'max-content' : scroll?.x, ...style }}
    >
      <thead>
        <tr>
          {expandable ? (
            <th scope="col" className="vd-dt-narrow">
              <span className="vd-dt-sr">Details</span>
            </th>
          ) : null}
          {rowSelection ? (
            <th scope="col" className="vd-dt-narrow">
              <input
                type="checkbox"
                aria-label="Select all"
                disabled={selectable.length === 0}
                checked={selectable.length > 0 && selectedOnPage.length === selectable.length}
                ref={(el) => {
                  if (el) el.indeterminate = selectedOnPage.length > 0 && selectedOnPage.length < selectable.length;
                }}
                onChange={toggleAll}
              />
            </th>
          ) : null}
          {columns.map((c, i) => (
            <th
              key={c.key ?? c.dataIndex ?? i}
              scope="col"
              className={cellClass(c)}
              style={c.width ? { width: c.width } : undefined}
            >
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody aria-busy={loading || undefined}>
        {empty ? (
          <tr>
            <td className="vd-dt-empty" colSpan={span}>
              {loading ? (
                <span className="vd-dt-spinner" role="status" aria-label="Loading" />
              ) : (
                (locale?.emptyText ?? 'No data')
              )}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => {
            const key = keyOf(row);
            const canExpand = expandable && (expandable.rowExpandable?.(row) ?? true);
            const isOpen = canExpand && expanded.has(key);
            const box = rowSelection?.getCheckboxProps?.(row) ?? {};
            return (
              <Fragment key={key}>
                <tr className={selectedKeys.has(key) ? 'vd-dt-selected' : undefined}>
                  {expandable ? (
                    <td className="vd-dt-narrow">
                      {canExpand ? (
                        <button
                          type="button"
                          className="vd-dt-expand"
                          aria-label={isOpen ? 'Collapse row' : 'Expand row'}
                          aria-expanded={isOpen}
                          onClick={() =>
                            setExpanded((prev) => {
                              const next = new Set(prev);
                              if (next.has(key)) next.delete(key);
                              else next.add(key);
                              return next;
                            })
                          }
                        >
                          {isOpen ? '−' : '+'}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                  {rowSelection ? (
                    <td className="vd-dt-narrow">
                      <input
                        type="checkbox"
                        aria-label={box['aria-label'] ?? 'Select row'}
                        disabled={box.disabled}
                        style={box.style}
                        checked={selectedKeys.has(key)}
                        onChange={() => toggleOne(row)}
                      />
                    </td>
                  ) : null}
                  {columns.map((c, i) => {
                    const value = c.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[c.dataIndex];
                    const content = c.render ? c.render(value, row, index) : (value as ReactNode);
                    return (
                      <td
                        key={c.key ?? c.dataIndex ?? i}
                        className={cellClass(c)}
                        title={
                          c.ellipsis && (typeof content === 'string' || typeof content === 'number')
                            ? String(content)
                            : undefined
                        }
                      >
                        {content}
                      </td>
                    );
                  })}
                </tr>
                {isOpen ? (
                  <tr className="vd-dt-details">
                    <td colSpan={span}>{expandable.expandedRowRender(row)}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })
        )}
      </tbody>
    </table>
  );

  return (
    <div className={`vd-dt-wrap${loading && !empty ? ' vd-dt-loading' : ''}`} data-testid={testId}>
      {scroll ? (
        // A scrollable region must be focusable (WCAG 2.1.1), also when no cell holds a control.
        <div className="vd-dt-scroll" role="region" aria-label={`${ariaLabel ?? 'Table'}, scrollable`} tabIndex={0}>
          {table}
        </div>
      ) : (
        table
      )}
      {loading && !empty ? (
        <span className="vd-dt-spinner vd-dt-spinner-over" role="status" aria-label="Loading" />
      ) : null}
      {showPager ? (
        <Pager
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={onPage}
          showTotal={cfg.showTotal}
          pageSizeOptions={cfg.showSizeChanger ? (cfg.pageSizeOptions ?? [10, 20, 50, 100]) : undefined}
        />
      ) : null}
    </div>
  );
};
