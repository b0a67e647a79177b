import { weeklyQuery, WEEKLY_DEFAULT_WEEKS } from '@vaultdesk/contract';
import { useUrlState } from '../../components/use-url-state';

export const WEEK_OPTIONS = [4, 8, 12, 26, 52].map((n) => ({ value: n, label: `Last ${n} weeks` }));

const weeksUrl = weeklyQuery.pick({ weeks: true });
const WEEKS_DEFAULT = { weeks: WEEKLY_DEFAULT_WEEKS };

/** How many weeks a weekly report shows, kept in the URL (`?weeks=`; the default is left out). */
export const useWeeksParam = () => {
  const [{ weeks }, setUrl] = useUrlState(weeksUrl, { keep: false, omit: WEEKS_DEFAULT });
  const setWeeks = (next: number) => setUrl({ weeks: next });
  return { weeks, setWeeks };
};
