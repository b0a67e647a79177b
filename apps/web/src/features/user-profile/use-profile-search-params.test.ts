import { describe, expect, it } from 'vitest';
import { REFERRAL_DEFAULT_START } from '@vaultdesk/contract';
import { parseUrlState, writeUrlState } from '../../components/url-state';
import { at, pinToday } from '../../components/url-state-test-kit';
import { profileUrl } from './use-profile-search-params';

/** The user profile's URL rules, read through the one URL-state parser. Today is pinned: 2026-06-15 (UTC noon). */
pinToday();

describe('user profile URL', () => {
  const read = (s: string) => parseUrlState(profileUrl, at(s));
  it('reads each card page and the slash-dated referral range', () => {
    expect(read('')).toEqual({
      wtPage: 1,
      stPage: 1,
      refPage: 1,
      ntPage: 1,
      refStart: REFERRAL_DEFAULT_START,
      refEnd: '2026/06/15',
    });
    expect(read('?wtPage=4&ntPage=0&refStart=2026/01/01&refEnd=2026-02-01')).toMatchObject({
      wtPage: 4,
      ntPage: 1,
      refStart: '2026/01/01',
      refEnd: '2026/06/15',
    });
  });
  it('keeps the other keys and drops page 1 when written', () => {
    const omit = { wtPage: 1, stPage: 1, refPage: 1, ntPage: 1 };
    expect(
      writeUrlState({ wtPage: 1, refStart: '2026/01/01' }, { base: at('?wtPage=3&stPage=2'), omit }).toString(),
    ).toBe('stPage=2&refStart=2026%2F01%2F01');
  });
});
