import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { approvalListQuery, queueListQuery } from '@vaultdesk/contract';
import { parseUrlState, urlDay, urlDefaults, urlInt, urlText, writeUrlState } from './url-state';

const queue = queueListQuery.pick({ page: true, status: true });
const at = (search: string) => new URLSearchParams(search);

describe('parseUrlState', () => {
  it.each([
    ['', { page: 1, status: 'pending' }],
    ['?page=3&status=done', { page: 3, status: 'done' }],
    ['?page=0', { page: 1, status: 'pending' }],
    ['?page=-2', { page: 1, status: 'pending' }],
    ['?page=abc', { page: 1, status: 'pending' }],
    ['?page=', { page: 1, status: 'pending' }],
    ['?page=2.5', { page: 1, status: 'pending' }],
    ['?page=99999999', { page: 1, status: 'pending' }],
    ['?status=nonsense&page=4', { page: 4, status: 'pending' }],
    ['?page=2&other=kept-out', { page: 2, status: 'pending' }],
  ])('reads %j with the contract schema, an invalid key falling back to its default', (search, expected) => {
    expect(parseUrlState(queue, at(search))).toEqual(expected);
  });

  it('gives undefined for a missing or invalid key without a default', () => {
    const schema = z.object({ email: z.string().email().optional(), userId: z.string().min(3) });
    expect(parseUrlState(schema, at(''))).toEqual({ email: undefined, userId: undefined });
    expect(parseUrlState(schema, at('?email=no&userId=ab'))).toEqual({ email: undefined, userId: undefined });
    expect(parseUrlState(schema, at('?email=a@b.co&userId=abc'))).toEqual({ email: 'a@b.co', userId: 'abc' });
  });

  it('reads only the schema keys and answers its defaults for an empty URL', () => {
    expect(Object.keys(parseUrlState(approvalListQuery, at('?x=1')))).toEqual(Object.keys(approvalListQuery.shape));
    expect(urlDefaults(queue)).toEqual({ page: 1, status: 'pending' });
  });
});

describe('writeUrlState', () => {
  it('writes only the changes without a base', () => {
    expect(writeUrlState({ status: 'done', page: 2 }).toString()).toBe('status=done&page=2');
  });
  it('keeps the other keys of a base and removes empty values', () => {
    expect(writeUrlState({ page: 3, email: '' }, { base: at('?tab=roles&email=a&page=2') }).toString()).toBe(
      'tab=roles&page=3',
    );
    expect(writeUrlState({ page: null, tab: undefined }, { base: at('?tab=roles&page=2') }).toString()).toBe('');
  });
  it('removes a key holding an omitted default', () => {
    expect(writeUrlState({ page: 1 }, { base: at('?scope=all&page=4'), omit: { page: 1 } }).toString()).toBe(
      'scope=all',
    );
    expect(writeUrlState({ page: 2 }, { omit: { page: 1 } }).toString()).toBe('page=2');
  });
  it('does not change the base it was given', () => {
    const base = at('?page=2');
    writeUrlState({ page: 5 }, { base });
    expect(base.toString()).toBe('page=2');
  });
  it('round-trips through parseUrlState', () => {
    expect(parseUrlState(queue, writeUrlState({ status: 'failed', page: 7 }))).toEqual({ page: 7, status: 'failed' });
  });
});

describe('urlInt', () => {
  const schema = z.object({ n: urlInt({ max: 50 }).default(1), code: urlInt({ min: 0 }).optional() });
  it.each([
    ['3', 3],
    [' 3 ', 3],
    ['1e1', 10],
    ['51', 50],
    ['1e300', 50],
    ['0', 1],
    ['-1', 1],
    ['2.5', 1],
    ['', 1],
    ['abc', 1],
  ])(
    'reads %j as %d: clamped to the maximum, the default when not a whole number from the minimum',
    (raw, expected) => {
      expect(parseUrlState(schema, at(`?n=${encodeURIComponent(raw)}`)).n).toBe(expected);
    },
  );
  it('reads no text as no number (not 0), and 0 where the minimum allows it', () => {
    expect(parseUrlState(schema, at('?code=')).code).toBeUndefined();
    expect(parseUrlState(schema, at('?code=0')).code).toBe(0);
  });
});

describe('parseUrlState with a normalize step', () => {
  const range = z.object({ start: urlDay.default('2021-01-01'), end: urlDay.default('2021-12-31') });
  const startNotAfterEnd = (v: z.output<typeof range>) => (v.start <= v.end ? v : { ...v, start: '2021-01-01' });
  it('runs the cross-field rule after each key is read on its own', () => {
    expect(parseUrlState(range, at('?start=2021-06-01&end=2021-05-01'), startNotAfterEnd)).toEqual({
      start: '2021-01-01',
      end: '2021-05-01',
    });
    expect(parseUrlState(range, at('?start=2021-04-01&end=2021-05-01'), startNotAfterEnd)).toEqual({
      start: '2021-04-01',
      end: '2021-05-01',
    });
  });
  it('reads text trimmed, blank as undefined', () => {
    expect(parseUrlState(z.object({ q: urlText }), at('?q=%20a%20')).q).toBe('a');
    expect(parseUrlState(z.object({ q: urlText }), at('?q=%20')).q).toBeUndefined();
  });
});
