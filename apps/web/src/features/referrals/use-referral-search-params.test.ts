import { describe, expect, it } from 'vitest';
import { ALL_USER_TYPES, REFERRAL_REPORT_DEFAULT_START } from '@vaultdesk/contract';
import { parseUrlState } from '../../components/url-state';
import { at, pinToday, TODAY } from '../../components/url-state-test-kit';
import { referralRules, referralUrl } from './use-referral-search-params';

/** The referral report's URL rules, read through the one URL-state parser. Today is pinned: 2026-06-15 (UTC noon). */
pinToday();

describe('referral report URL', () => {
  const read = (s: string) => parseUrlState(referralUrl, at(s), referralRules);
  it('defaults to all user types from the report start to today', () => {
    expect(read('')).toEqual({ userType: ALL_USER_TYPES, start: REFERRAL_REPORT_DEFAULT_START, end: TODAY, page: 1 });
    expect(read('?userType=%20%20')).toMatchObject({ userType: ALL_USER_TYPES });
    expect(read('?userType=%20agent%20')).toMatchObject({ userType: 'agent' });
  });
  it('reads an end after today as today, and a start after the end as the default start', () => {
    expect(read('?end=2026-06-16')).toMatchObject({ end: TODAY });
    expect(read('?start=2026-03-02&end=2026-03-01')).toMatchObject({
      start: REFERRAL_REPORT_DEFAULT_START,
      end: '2026-03-01',
    });
    expect(read('?start=2026-03-01&end=2026-03-01')).toMatchObject({ start: '2026-03-01', end: '2026-03-01' });
    // The start is compared with the end that stands (today), not the bad one in the URL.
    expect(read('?start=2026-06-10&end=2027-01-01')).toMatchObject({ start: '2026-06-10', end: TODAY });
    expect(read('?start=2026-06-20')).toMatchObject({ start: REFERRAL_REPORT_DEFAULT_START });
  });
  it('does not cap the page', () => {
    expect(read('?page=123456')).toMatchObject({ page: 123456 });
    expect(read('?page=0')).toMatchObject({ page: 1 });
  });
});
