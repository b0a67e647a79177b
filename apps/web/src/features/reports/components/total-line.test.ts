import { describe, expect, it } from 'vitest';
import { REPORT_MAX_PAGE, REPORT_PAGE_SIZE } from '@vaultdesk/contract';
import { pagerTotal, reportPagination, totalLine } from './total-line';

describe('report totals and pager', () => {
  it('never offers a page beyond the last the server serves', () => {
    expect(REPORT_MAX_PAGE).toBe(500);
    expect(pagerTotal(0, 20)).toBe(0);
    expect(pagerTotal(1234, 20)).toBe(1234);
    expect(pagerTotal(10_000, 20)).toBe(10_000);
    expect(pagerTotal(10_001, 20)).toBe(10_000);
    expect(pagerTotal(2_000_000, 50)).toBe(25_000);
  });

  it('names the rows, marks a capped count and says where the rest are', () => {
    expect(totalLine(0, false, 'transactions')).toBe('0 transactions');
    expect(totalLine(1, false, 'batches')).toBe('1 batches');
    expect(totalLine(1234, false, 'fee records')).toBe('1,234 fee records');
    expect(totalLine(10_000, false, 'transactions')).toBe('10,000 transactions');
    expect(totalLine(10_000, true, 'transactions')).toBe(
      '10,000+ transactions (pages show the first 10,000; the CSV export holds every row)',
    );
    expect(totalLine(12_000, false, 'referrers', 10)).toBe(
      '12,000 referrers (pages show the first 5,000; the CSV export holds every row)',
    );
  });

  it('builds the pager from the server page, and before the first answer from the default size', () => {
    const pages: number[] = [];
    const before = reportPagination(3, undefined, (p) => pages.push(p), 'transactions');
    expect(before).toMatchObject({ current: 3, pageSize: 20, total: 0, showSizeChanger: false });
    expect(before.showTotal()).toBe('0 transactions');

    const after = reportPagination(
      2,
      { pageSize: REPORT_PAGE_SIZE, totalRecords: 10_000, totalIsCapped: true },
      (p) => pages.push(p),
      'customer totals',
    );
    expect(after).toMatchObject({ current: 2, pageSize: 20, total: 10_000 });
    expect(after.showTotal()).toBe(
      '10,000+ customer totals (pages show the first 10,000; the CSV export holds every row)',
    );
    after.onChange(7);
    expect(pages).toEqual([7]);
  });
});
