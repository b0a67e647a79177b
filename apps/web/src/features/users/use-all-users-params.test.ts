import { describe, expect, it } from 'vitest';
import { USERS_DEFAULT_START } from '@vaultdesk/contract';
import { parseUrlState } from '../../components/url-state';
import { at, pinToday, TODAY } from '../../components/url-state-test-kit';
import { allUsersUrl } from './use-all-users-params';

/** The Users screen's URL rules, read through the one URL-state parser. Today is pinned: 2026-06-15 (UTC noon). */
pinToday();

describe('Users screen URL', () => {
  const read = (s: string) => parseUrlState(allUsersUrl, at(s));
  it('answers each key its default on its own', () => {
    expect(read('')).toEqual({
      tab: 'all',
      start: USERS_DEFAULT_START,
      end: TODAY,
      page: 1,
      countryType: 'zone',
      countryCode: 'NG',
      countryPage: 1,
    });
    expect(read('?tab=country&countryType=ip&countryCode=none&countryPage=3')).toMatchObject({
      tab: 'country',
      countryType: 'ip',
      countryCode: 'none',
      countryPage: 3,
    });
    expect(read('?tab=x&countryType=planet&countryCode=ng&page=-1')).toMatchObject({
      tab: 'all',
      countryType: 'zone',
      countryCode: 'NG',
      page: 1,
    });
  });
  it('has no cross-field rule: a start after the end or a future end stays as written', () => {
    expect(read('?start=2027-01-02&end=2027-01-01')).toMatchObject({ start: '2027-01-02', end: '2027-01-01' });
  });
});
