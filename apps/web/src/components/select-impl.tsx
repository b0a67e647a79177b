import { Select as AntSelect } from 'antd';

/** Ant Design's Select, in its own chunk (lazy-select.tsx loads it after the page). */
export const Select = AntSelect;
