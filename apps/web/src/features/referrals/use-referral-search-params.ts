import { useCallback, useMemo } from 'react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { ALL_USER_TYPES, REFERRAL_REPORT_DEFAULT_START } from '@vaultdesk/contract';
import type { ReferralReportParams } from './api/get-referral-report';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const today = () => dayjs().format(DATE_FORMAT);

/** Filters and page of the referral report live in the URL, so a view can be reloaded and shared. */
export const useReferralSearchParams = () => {
  const [params, setParams] = useSearchParams();

  const query = useMemo<ReferralReportParams>(() => {
    const page = Number(params.get('page'));
    const start = params.get('start');
    const end = params.get('end');
    // A hand-edited URL with a bad date falls back to the defaults rather than a 400.
    const validEnd = end && DATE.test(end) && end <= today() ? end : today();
    const validStart = start && DATE.test(start) && start <= validEnd ? start : REFERRAL_REPORT_DEFAULT_START;
    return {
      userType: params.get('userType')?.trim() || ALL_USER_TYPES,
      start: validStart,
      end: validEnd,
      page: Number.isInteger(page) && page >= 1 ? page : 1,
    };
  }, [params]);

  const write = useCallback(
    (next: ReferralReportParams) => {
      const out = new URLSearchParams();
      if (next.userType !== ALL_USER_TYPES) out.set('userType', next.userType);
      if (next.start !== REFERRAL_REPORT_DEFAULT_START) out.set('start', next.start);
      if (next.end !== today()) out.set('end', next.end);
      if (next.page > 1) out.set('page', String(next.page));
      setParams(out);
    },
    [setParams],
  );

  const setFilters = useCallback((f: Omit<ReferralReportParams, 'page'>) => write({ ...f, page: 1 }), [write]);
  const setPage = useCallback((page: number) => write({ ...query, page }), [write, query]);
  return { query, setFilters, setPage };
};
