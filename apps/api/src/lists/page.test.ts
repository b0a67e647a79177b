import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminUsersPage,
  doubleFundings,
  filterReferalUsers,
  kycLevelList,
  lockedSavings,
  pagedRecords,
} from '@vaultdesk/contract';
import { offsetPage, offsetPageWithMore, pageOffset, pagePayload, toPage } from './page';

/** The page helper's payloads against the contract's schemas, strictly: no field missing, none extra. */
const exactly = <T extends z.ZodObject>(schema: T, payload: unknown) => schema.strict().parse(payload);

describe('the page helper', () => {
  it('pages by offset: page 3 of 20 skips 40 rows and asks for 20', async () => {
    expect(pageOffset({ page: 1, pageSize: 20 })).toBe(0);
    expect(pageOffset({ page: 3, pageSize: 20 })).toBe(40);
    const asked: number[][] = [];
    const page = await offsetPage(
      { page: 3, pageSize: 20 },
      {
        rows: async (limit, offset) => (asked.push([limit, offset]), ['a', 'b']),
        count: async () => 42,
      },
    );
    expect(asked).toEqual([[20, 40]]);
    expect(page).toEqual({ records: ['a', 'b'], currentPage: 3, totalRecords: 42, totalPage: 3, pageSize: 20 });
    expect(exactly(pagedRecords(z.string()), page)).toEqual(page);
    // toPage, the anchored lists' builder, answers the same payload.
    expect(toPage(['a', 'b'], 42, 3, 20)).toEqual(page);
  });

  it('names the fields as each specification does and leaves out the ones it has not', () => {
    const q = { page: 2, pageSize: 10 };
    const level = pagePayload(q, [], 11, { records: 'levelList', totalPage: false });
    expect(level).toEqual({ levelList: [], currentPage: 2, totalRecords: 11, pageSize: 10 });
    exactly(kycLevelList, level);
    const funding = pagePayload(q, [], 11, { records: 'result' });
    expect(funding).toEqual({ result: [], currentPage: 2, totalRecords: 11, totalPage: 2, pageSize: 10 });
    exactly(doubleFundings, funding);
    const locked = pagePayload(q, [], 0, { totalPage: 'totalPages' });
    expect(locked).toEqual({ records: [], currentPage: 2, totalRecords: 0, totalPages: 0, pageSize: 10 });
    exactly(lockedSavings, locked);
    const admins = pagePayload(q, [], 3, { currentPage: 'current', totalPage: false });
    expect(admins).toEqual({ records: [], current: 2, totalRecords: 3, pageSize: 10 });
    exactly(adminUsersPage, admins);
    const referred = pagePayload(q, [], 3, { totalPage: false, pageSize: false });
    expect(referred).toEqual({ records: [], currentPage: 2, totalRecords: 3 });
    exactly(filterReferalUsers, referred);
  });

  it('answers page 1 of 1 for an empty list only where asked', () => {
    const q = { page: 1, pageSize: 10 };
    expect(pagePayload(q, [], 0).totalPage).toBe(0);
    expect(pagePayload(q, [], 0, { emptyHasOnePage: true }).totalPage).toBe(1);
  });

  it('tells whether another page follows from one row past the page, without a count', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    const read = async (limit: number, offset: number) => rows.slice(offset, offset + limit);
    expect(await offsetPageWithMore({ page: 2, pageSize: 20 }, read)).toEqual({
      records: rows.slice(20, 40),
      currentPage: 2,
      pageSize: 20,
      hasMore: true,
    });
    const last = await offsetPageWithMore({ page: 3, pageSize: 20 }, read);
    expect(last.records).toEqual([40, 41, 42, 43, 44]);
    expect(last.hasMore).toBe(false);
  });
});
