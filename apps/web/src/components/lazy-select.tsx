import { lazy, Suspense } from 'react';
import type { SelectProps } from 'antd';
import './lazy-date-picker.css';

// Ant Design's Select is about 23 KB gzipped (rc-select, its virtual list, the overflow of tags):
// the page and its table draw first, each select follows a moment later in its place.
const AntSelect = lazy(() => import('./select-impl').then((m) => ({ default: m.Select })));

/**
 * Ant Design's Select, loaded after the page: the same props (it is that component); until it
 * arrives an outline of its size stands in its place, which no locator or screen reader finds.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const Select = <V = any,>(props: SelectProps<V>) => {
  const { width, minWidth } = props.style ?? {};
  return (
    <Suspense
      fallback={
        <span
          className="vd-picker-placeholder"
          aria-hidden
          style={{
            width: width ?? minWidth ?? 120,
            height: props.size === 'small' ? 24 : props.size === 'large' ? 40 : 32,
          }}
        />
      }
    >
      <AntSelect {...(props as SelectProps)} />
    </Suspense>
  );
};
