import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { REPORT_DEFAULT_START, REPORT_MAX_PAGE } from '@vaultdesk/contract';
import { urlDay, urlInt, type Normalize } from '../../components/url-state';
import { useUrlState } from '../../components/use-url-state';

export const DATE_FORMAT = 'YYYY-MM-DD';
/** Today as the server counts days (UTC). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export type ReportParams = { tab: string; transactionState?: number; start: string; end: string; page: number };

/**
 * A report's URL for its `tabs` (the first is the default). A hand-edited URL with a bad value
 * falls back to the default rather than a 400; a page past the last one the server serves shows
 * that last page, not the first.
 */
export const reportUrl = (tabs: readonly string[]) =>
  z.object({
    tab: z
      .string()
      .refine((tab) => tabs.includes(tab))
      .default(tabs[0]!),
    transactionState: urlInt({ min: 0 })
      .refine((code) => code <= 9)
      .optional(),
    start: urlDay.default(REPORT_DEFAULT_START),
    end: urlDay.refine((end) => end <= todayUtc()).default(todayUtc),
    page: urlInt({ max: REPORT_MAX_PAGE }).default(1),
  });
/** A start after the end reads as the default start. */
export const reportRules: Normalize<ReturnType<typeof reportUrl>> = (q) =>
  q.start <= q.end ? q : { ...q, start: REPORT_DEFAULT_START };

/** Tab, filters and page of a report live in the URL, so a view can be reloaded and shared. */
export const useReportParams = (tabs: readonly string[]) => {
  const schema = useMemo(() => reportUrl(tabs), [tabs]);
  const omit = useCallback(() => ({ tab: tabs[0], start: REPORT_DEFAULT_START, end: todayUtc(), page: 1 }), [tabs]);
  const [state, setUrl] = useUrlState(schema, { keep: false, omit, normalize: reportRules });

  const update = useCallback((patch: Partial<ReportParams>) => setUrl({ ...state, ...patch }), [state, setUrl]);
  return { state: state as ReportParams, update };
};
