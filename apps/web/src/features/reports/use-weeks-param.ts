import { useSearchParams } from 'react-router';
import { WEEKLY_DEFAULT_WEEKS, WEEKLY_MAX_WEEKS } from '@vaultdesk/contract';

export const WEEK_OPTIONS = [4, 8, 12, 26, 52].map((n) => ({ value: n, label: `Last ${n} weeks` }));

/** How many weeks a weekly report shows, kept in the URL (`?weeks=`). */
export const useWeeksParam = () => {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get('weeks'));
  const weeks = Number.isInteger(n) && n >= 1 && n <= WEEKLY_MAX_WEEKS ? n : WEEKLY_DEFAULT_WEEKS;
  const setWeeks = (next: number) => setParams(next === WEEKLY_DEFAULT_WEEKS ? new URLSearchParams() : new URLSearchParams({ weeks: String(next) }));
  return { weeks, setWeeks };
};
