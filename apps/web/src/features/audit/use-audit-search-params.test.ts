import { describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '@vaultdesk/contract';
import { parseUrlState, writeUrlState } from '../../components/url-state';
import { at, pinToday } from '../../components/url-state-test-kit';
import { auditUrl } from './use-audit-search-params';

/** The audit trail's URL rules, read through the one URL-state parser. Today is pinned: 2026-06-15 (UTC noon). */
pinToday();

describe('audit trail URL', () => {
  const read = (s: string) => parseUrlState(auditUrl, at(s));
  it('answers the first page at the default size for an empty URL', () => {
    expect(read('')).toEqual({
      page: 1,
      pageSize: PAGE_SIZES.audit,
      action: undefined,
      actor: undefined,
      targetType: undefined,
      targetId: undefined,
      start: undefined,
      end: undefined,
    });
  });
  it('clamps page and page size to the API maxima instead of resetting them', () => {
    expect(read('?page=250000&pageSize=500')).toMatchObject({ page: 100000, pageSize: 200 });
    expect(read('?page=0&pageSize=-5')).toMatchObject({ page: 1, pageSize: PAGE_SIZES.audit });
  });
  it('trims text filters, drops blank ones and malformed dates', () => {
    expect(read('?actor=%20ops%40x.io%20&action=%20%20&start=2026-1-1&end=2026-02-03')).toMatchObject({
      actor: 'ops@x.io',
      action: undefined,
      start: undefined,
      end: '2026-02-03',
    });
  });
  it('writes only what differs from the defaults', () => {
    const omit = { page: 1, pageSize: PAGE_SIZES.audit };
    expect(
      writeUrlState({ page: 1, pageSize: PAGE_SIZES.audit, actor: 'a', end: undefined }, { omit }).toString(),
    ).toBe('actor=a');
    expect(writeUrlState({ page: 2, pageSize: 100 }, { omit }).toString()).toBe('page=2&pageSize=100');
  });
});
