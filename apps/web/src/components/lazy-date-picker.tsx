import { lazy, Suspense, type CSSProperties } from 'react';
import type { DatePicker as AntDatePicker, GetProps } from 'antd';
import './lazy-date-picker.css';

type DatePickerProps = GetProps<typeof AntDatePicker>;
type RangePickerProps = GetProps<typeof AntDatePicker.RangePicker>;

// Ant Design's DatePicker is about 32 KB gzipped: the page (its table, its other filters) draws
// first, the picker follows a moment later in the same place.
const AntPicker = lazy(() => import('./date-picker-impl').then((m) => ({ default: m.DatePicker })));
const AntRangePicker = lazy(() => import('./date-picker-impl').then((m) => ({ default: m.RangePicker })));

/** The picker's outline while it loads: the same size, nothing to operate yet. */
const Placeholder = ({ width, style }: { width: number; style?: CSSProperties }) => (
  <span className="vd-picker-placeholder" aria-hidden style={{ width, ...style }} />
);

export const LazyDatePicker = (props: DatePickerProps) => (
  <Suspense fallback={<Placeholder width={160} style={props.style} />}>
    <AntPicker {...props} />
  </Suspense>
);

export const LazyRangePicker = (props: RangePickerProps) => (
  <Suspense fallback={<Placeholder width={260} style={props.style} />}>
    <AntRangePicker {...props} />
  </Suspense>
);
