import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_DEFAULT_START, REPORT_MAX_PAGE } from '@vaultdesk/contract';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Today as the server counts days (UTC). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export type ReportParams = { tab: string; transactionState?: number; start: string; end: string; page: number };

/**
 * Tab, filters and page of a report live in the URL, so a view can be reloaded and shared. A
 * hand-edited URL with a bad value falls back to the default rather than a 400.
 */
export const useReportParams = (tabs: readonly string[]) => {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ReportParams>(() => {
    const today = todayUtc();
    const end = params.get('end');
    const validEnd = end && DATE.test(end) && end <= today ? end : today;
    const start = params.get('start');
    const validStart = start && DATE.test(start) && start <= validEnd ? start : REPORT_DEFAULT_START;
    const state = params.get('transactionState');
    const code = state === null || state === '' ? NaN : Number(state);
    const page = Number(params.get('page'));
    const tab = params.get('tab');
    return {
      tab: tab && tabs.includes(tab) ? tab : tabs[0]!,
      transactionState: Number.isInteger(code) && code >= 0 && code <= 9 ? code : undefined,
      start: validStart,
      end: validEnd,
      // A page past the last one the server serves shows that last page, not the first.
      page: Number.isInteger(page) && page >= 1 ? Math.min(page, REPORT_MAX_PAGE) : 1,
    };
  }, [params, tabs]);

  const update = useCallback(
    (patch: Partial<ReportParams>) => {
      const next = { ...state, ...patch };
      const out = new URLSearchParams();
      if (next.tab !== tabs[0]) out.set('tab', next.tab);
      if (next.transactionState !== undefined) out.set('transactionState', String(next.transactionState));
      if (next.start !== REPORT_DEFAULT_START) out.set('start', next.start);
      if (next.end !== todayUtc()) out.set('end', next.end);
      if (next.page > 1) out.set('page', String(next.page));
      setParams(out);
    },
    [state, setParams, tabs],
  );
  return { state, update };
};
