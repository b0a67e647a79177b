import type { CSSProperties, ReactNode } from 'react';
import type { DataColumns } from './data-table-types';

export const cellClass = (c: { align?: string; fixed?: string; ellipsis?: boolean }) =>
  [
    c.align === 'right' ? 'vd-dt-right' : c.align === 'center' ? 'vd-dt-center' : '',
    c.fixed === 'right' ? 'vd-dt-fixed-right' : '',
    c.ellipsis ? 'vd-dt-ellipsis' : '',
  ]
    .filter(Boolean)
    .join(' ') || undefined;

/** One row of DataTable: its expand button and checkbox when the table has them, its cells, its open details. */
export const DataTableRow = <T,>({
  row,
  index,
  columns,
  span,
  selected,
  expandable,
  canExpand,
  isOpen,
  onToggleOpen,
  checkbox,
  onToggleSelected,
  details,
}: {
  row: T;
  index: number;
  columns: DataColumns<T>;
  span: number;
  selected: boolean;
  expandable: boolean;
  canExpand: boolean;
  isOpen: boolean;
  onToggleOpen: () => void;
  /** The row's checkbox (absent when the table selects no rows). */
  checkbox?: { disabled?: boolean; style?: CSSProperties; 'aria-label'?: string };
  onToggleSelected: () => void;
  details: (row: T) => ReactNode;
}) => (
  <>
    <tr className={selected ? 'vd-dt-selected' : undefined}>
      {expandable ? (
        <td className="vd-dt-narrow">
          {canExpand ? (
            <button
              type="button"
              className="vd-dt-expand"
              aria-label={isOpen ? 'Collapse row' : 'Expand row'}
              aria-expanded={isOpen}
              onClick={onToggleOpen}
            >
              {isOpen ? '−' : '+'}
            </button>
          ) : null}
        </td>
      ) : null}
      {checkbox ? (
        <td className="vd-dt-narrow">
          <input
            type="checkbox"
            aria-label={checkbox['aria-label'] ?? 'Select row'}
            disabled={checkbox.disabled}
            style={checkbox.style}
            checked={selected}
            onChange={onToggleSelected}
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
              c.ellipsis && (typeof content === 'string' || typeof content === 'number') ? String(content) : undefined
            }
          >
            {content}
          </td>
        );
      })}
    </tr>
    {isOpen ? (
      <tr className="vd-dt-details">
        <td colSpan={span}>{details(row)}</td>
      </tr>
    ) : null}
  </>
);

/** DataTable's head: the details column, the select-all box (checked when every selectable row on the page is), the titles. */
export const DataTableHead = <T,>({
  columns,
  expandable,
  selectAll,
}: {
  columns: DataColumns<T>;
  expandable: boolean;
  selectAll?: { selectable: number; selected: number; onToggle: () => void };
}) => (
  <thead>
    <tr>
      {expandable ? (
        <th scope="col" className="vd-dt-narrow">
          <span className="vd-dt-sr">Details</span>
        </th>
      ) : null}
      {selectAll ? (
        <th scope="col" className="vd-dt-narrow">
          <input
            type="checkbox"
            aria-label="Select all"
            disabled={selectAll.selectable === 0}
            checked={selectAll.selectable > 0 && selectAll.selected === selectAll.selectable}
            ref={(el) => {
              if (el) el.indeterminate = selectAll.selected > 0 && selectAll.selected < selectAll.selectable;
            }}
            onChange={selectAll.onToggle}
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
);
