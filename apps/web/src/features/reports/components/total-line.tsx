import { REPORT_COUNT_CAP, REPORT_MAX_PAGE } from '@vaultdesk/contract';

/**
 * The total the pager is given: never more rows than the pages the server serves (it refuses a
 * page above REPORT_MAX_PAGE with 400), so the pager offers no page that would fail.
 */
export const pagerTotal = (n: number, pageSize: number) => Math.min(n, REPORT_MAX_PAGE * pageSize);

/**
 * "1,234 transactions"; "10,000+ transactions" when the count stopped at the cap; and, whenever
 * there are more rows than the pages show, where the rest are: the CSV export holds every row.
 */
export const totalLine = (n: number, capped: boolean, noun: string, pageSize = REPORT_COUNT_CAP / REPORT_MAX_PAGE) => {
  const shown = REPORT_MAX_PAGE * pageSize;
  const beyond = capped || n > shown;
  return `${n.toLocaleString('en-US')}${capped ? '+' : ''} ${noun}${beyond ? ` (pages show the first ${shown.toLocaleString('en-US')}; the CSV export holds every row)` : ''}`;
};

type ReportPage = { pageSize: number; totalRecords: number; totalIsCapped: boolean };

/**
 * A report list's pager: the server's page size, a total the pages can serve, and the total line
 * naming the rows (`noun`). Before the first answer it shows page `current` of nothing.
 */
export const reportPagination = (
  current: number,
  data: ReportPage | undefined,
  onChange: (page: number) => void,
  noun: string,
) => ({
  current,
  pageSize: data?.pageSize ?? 20,
  total: pagerTotal(data?.totalRecords ?? 0, data?.pageSize ?? 20),
  showSizeChanger: false,
  onChange,
  showTotal: () => totalLine(data?.totalRecords ?? 0, data?.totalIsCapped ?? false, noun, data?.pageSize),
});
