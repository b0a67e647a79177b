import { useCallback } from 'react';
import dayjs from 'dayjs';
import { z } from 'zod';
import { ALL_USER_TYPES, REFERRAL_REPORT_DEFAULT_START } from '@vaultdesk/contract';
import { urlDay, urlInt, type Normalize } from '../../components/url-state';
import { useUrlState } from '../../components/use-url-state';
import type { ReferralReportParams } from './api/get-referral-report';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const today = () => dayjs().format(DATE_FORMAT);

/**
 * The referral report's URL. A hand-edited URL with a bad date falls back to the defaults rather
 * than a 400: an end after today reads as today, a start after the end as the default start.
 */
export const referralUrl = z.object({
  userType: z
    .string()
    .trim()
    .transform((s) => s || ALL_USER_TYPES)
    .default(ALL_USER_TYPES),
  start: urlDay.default(REFERRAL_REPORT_DEFAULT_START),
  end: urlDay.refine((end) => end <= today()).default(today),
  page: urlInt().default(1),
});
export const referralRules: Normalize<typeof referralUrl> = (q) =>
  q.start <= q.end ? q : { ...q, start: REFERRAL_REPORT_DEFAULT_START };
const referralOmit = () => ({ userType: ALL_USER_TYPES, start: REFERRAL_REPORT_DEFAULT_START, end: today(), page: 1 });

/** Filters and page of the referral report live in the URL, so a view can be reloaded and shared. */
export const useReferralSearchParams = () => {
  const [query, write] = useUrlState(referralUrl, { keep: false, omit: referralOmit, normalize: referralRules });

  const setFilters = useCallback((f: Omit<ReferralReportParams, 'page'>) => write({ ...f, page: 1 }), [write]);
  const setPage = useCallback((page: number) => write({ ...query, page }), [write, query]);
  return { query, setFilters, setPage };
};
