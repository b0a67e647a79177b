import { DatePicker as AntDatePicker } from 'antd';

/** Ant Design's date pickers, in their own chunk (lazy-date-picker.tsx loads it after the page). */
export const DatePicker = AntDatePicker;
export const RangePicker = AntDatePicker.RangePicker;
