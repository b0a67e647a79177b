import type { ReactNode, Key } from 'react';
import type { PagerProps } from './pager';

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
