import { describe, expect, it } from 'vitest';
import { REPORT_DEFAULT_START, REPORT_MAX_PAGE } from '@vaultdesk/contract';
import { parseUrlState } from '../../components/url-state';
import { at, pinToday, TODAY } from '../../components/url-state-test-kit';
import { reportRules, reportUrl } from './use-report-params';

/** The reports' URL rules, read through the one URL-state parser. Today is pinned: 2026-06-15 (UTC noon). */
pinToday();

describe('report URL', () => {
  const tabs = ['savings', 'wallet', 'per-user'] as const;
  const schema = reportUrl(tabs);
  const read = (s: string) => parseUrlState(schema, at(s), reportRules);
  it('defaults to the first tab, no state, the report start to today (UTC), page 1', () => {
    expect(read('')).toEqual({
      tab: 'savings',
      transactionState: undefined,
      start: REPORT_DEFAULT_START,
      end: TODAY,
      page: 1,
    });
    expect(read('?tab=wallet')).toMatchObject({ tab: 'wallet' });
    expect(read('?tab=accounts')).toMatchObject({ tab: 'savings' });
  });
  it('accepts state codes 0 to 9 only', () => {
    expect(read('?transactionState=0')).toMatchObject({ transactionState: 0 });
    expect(read('?transactionState=9')).toMatchObject({ transactionState: 9 });
    expect(read('?transactionState=10')).toMatchObject({ transactionState: undefined });
    expect(read('?transactionState=')).toMatchObject({ transactionState: undefined });
    expect(read('?transactionState=-1')).toMatchObject({ transactionState: undefined });
  });
  it('clamps a page past the last one served to that last page', () => {
    expect(read(`?page=${REPORT_MAX_PAGE + 1}`)).toMatchObject({ page: REPORT_MAX_PAGE });
    expect(read('?page=7')).toMatchObject({ page: 7 });
    expect(read('?page=x')).toMatchObject({ page: 1 });
  });
  it('reads an end after today as today, and a start after the end as the default start', () => {
    expect(read('?end=2026-06-16')).toMatchObject({ end: TODAY });
    expect(read('?start=2026-05-02&end=2026-05-01')).toMatchObject({ start: REPORT_DEFAULT_START, end: '2026-05-01' });
    expect(read('?start=2026-05-01&end=2026-05-31')).toMatchObject({ start: '2026-05-01', end: '2026-05-31' });
  });
});
