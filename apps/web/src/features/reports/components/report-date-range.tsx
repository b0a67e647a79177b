import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { REPORT_DEFAULT_START } from '@vaultdesk/contract';
import { DATE_FORMAT, todayUtc } from '../use-report-params';
import { LazyRangePicker } from '../../../components/lazy-date-picker';

type Props = { start: string; end: string; onChange: (range: { start: string; end: string }) => void; label?: string };

/** A report's date range: no day after today, start never after end (the picker keeps the order). */
export const ReportDateRange = ({ start, end, onChange, label = 'Date range' }: Props) => {
  const today = dayjs(todayUtc());
  return (
    <LazyRangePicker
      aria-label={label}
      data-testid="report-date-range"
      allowClear={false}
      format={DATE_FORMAT}
      value={[dayjs(start), dayjs(end)]}
      disabledDate={(d) => d.isAfter(today, 'day')}
      presets={[
        { label: 'Since launch', value: [dayjs(REPORT_DEFAULT_START), today] },
        { label: 'Last 30 days', value: [today.subtract(29, 'day'), today] },
        { label: 'This month', value: [today.startOf('month'), today] },
      ]}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
        const [s, e] = range ?? [];
        if (s && e) onChange({ start: s.format(DATE_FORMAT), end: e.format(DATE_FORMAT) });
      }}
    />
  );
};
