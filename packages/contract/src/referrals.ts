import { z } from 'zod';
import { textMessages } from './text';
import { pagedRecords } from './paging';
import { downloadFlag } from './exports';
import { dateOnly, dateRange, latestToday } from './report-dates';

export { latestToday };

/** The referral report by user type. */

export const REFERRAL_REPORT_PAGE_SIZE = 10;
export const REFERRAL_REPORT_DEFAULT_START = '2021-10-01';
/** The user type value meaning "members of any user type". */
export const ALL_USER_TYPES = 'all';

export const referralReportQuery = dateRange(
  z.object({
    userType: z.string().trim().max(100, textMessages.tooLong('userType', 100)).optional().default(ALL_USER_TYPES),
    start: dateOnly.optional().default(REFERRAL_REPORT_DEFAULT_START),
    end: dateOnly.optional(),
    page: z.coerce.number().int().min(1).max(10000).default(1),
    download: downloadFlag,
  }),
);
export type ReferralReportQuery = z.input<typeof referralReportQuery>;

export const referralReportRow = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  totalReferred: z.number().int(),
  uniqueDevice: z.number().int(),
  unverified: z.number().int(),
});
export type ReferralReportRow = z.infer<typeof referralReportRow>;

export const referralReportPage = pagedRecords(referralReportRow).omit({ totalPage: true }).extend({
  userType: z.string(),
  start: z.string(),
  end: z.string(),
});
export type ReferralReportPage = z.infer<typeof referralReportPage>;

/**
 * Fake referrals: referrals beyond the number of distinct devices they came from (the report's
 * and the profile's rule alike); a positive number is a potential-fraud warning.
 */
export const fakeReferrals = (total: number, uniqueDevices: number) => Math.max(0, total - uniqueDevices);

export const referralUserTypes = z.object({
  userTypes: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type ReferralUserTypes = z.infer<typeof referralUserTypes>;
