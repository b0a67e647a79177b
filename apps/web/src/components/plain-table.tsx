import type { Key, ReactNode } from 'react';
import { FullPageSpin } from './full-page-spin';
import './plain-table.css';

export type PlainColumn<T> = {
  key: string;
  title: ReactNode;
  align?: 'left' | 'right';
  render: (row: T) => ReactNode;
};

/**
 * A small, read-only table of a few rows (no paging, sorting or filters), for screens that must
 * stay light: Ant Design's Table brings about 80 KB gzipped. Lists use Ant Design's Table.
 */
export const PlainTable = <T,>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty = 'No data',
}: {
  columns: PlainColumn<T>[];
  rows?: T[];
  rowKey: (row: T) => Key;
  loading?: boolean;
  empty?: ReactNode;
}) => {
  const placeholder = loading ? <FullPageSpin /> : rows && rows.length > 0 ? null : empty;
  return (
    <div className="vd-table-wrap">
      <table className="vd-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'right' ? 'vd-table-right' : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={loading || undefined}>
          {placeholder ? (
            <tr>
              <td className="vd-table-empty" colSpan={columns.length}>
                {placeholder}
              </td>
            </tr>
          ) : (
            rows?.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.align === 'right' ? 'vd-table-right' : undefined}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
};
