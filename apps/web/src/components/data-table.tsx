import { useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { Pager } from './pager';
import type { DataColumns, DataPagination } from './data-table-types';
import { DataTableHead, DataTableRow } from './data-table-row';
import './data-table.css';

export type { DataColumn, DataColumns, DataPagination } from './data-table-types';

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

/** The page on screen: the server's (`pagination.current`) or the table's own, of a list given whole. */
const usePaging = <T,>(pagination: false | DataPagination | undefined, dataSource: readonly T[]) => {
  const [localPage, setLocalPage] = useState(1);
  const [localSize, setLocalSize] = useState<number | undefined>(undefined);
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

  return { rows, cfg, current, pageSize, total, onPage, showPager };
};

/** Row selection over the rows on screen: the select-all box toggles the page's selectable rows. */
const useRowSelection = <T,>(
  rows: readonly T[],
  dataSource: readonly T[],
  keyOf: (row: T) => Key,
  rowSelection: DataRowSelection<T> | undefined,
) => {
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
  return { selectable, selectedKeys, selectedOnPage, toggleAll, toggleOne };
};

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
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set());
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));

  const { rows, cfg, current, pageSize, total, onPage, showPager } = usePaging(pagination, dataSource);

  const { selectable, selectedKeys, selectedOnPage, toggleAll, toggleOne } = useRowSelection(
    rows,
    dataSource,
    keyOf,
    rowSelection,
  );

  const span = columns.length + (rowSelection ? 1 : 0) + (expandable ? 1 : 0);
  const empty = rows.length === 0;

  const table = (
    <table
      className={`vd-dt vd-dt-${size}`}
      aria-label={ariaLabel}
      style={{ minWidth: scroll?.x === true ? 'max-content' : scroll?.x, ...style }}
    >
      <DataTableHead
        columns={columns}
        expandable={!!expandable}
        selectAll={
          rowSelection
            ? { selectable: selectable.length, selected: selectedOnPage.length, onToggle: toggleAll }
            : undefined
        }
      />
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
            const canExpand = !!expandable && (expandable.rowExpandable?.(row) ?? true);
            return (
              <DataTableRow
                key={key}
                row={row}
                index={index}
                columns={columns}
                span={span}
                selected={selectedKeys.has(key)}
                expandable={!!expandable}
                canExpand={canExpand}
                isOpen={canExpand && expanded.has(key)}
                onToggleOpen={() =>
                  setExpanded((prev) => {
                    const next = new Set(prev);
                    if (next.has(key)) next.delete(key);
                    else next.add(key);
                    return next;
                  })
                }
                checkbox={rowSelection ? (rowSelection.getCheckboxProps?.(row) ?? {}) : undefined}
                onToggleSelected={() => toggleOne(row)}
                details={(r) => expandable?.expandedRowRender(r)}
              />
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
