import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatAmount, formatUsd } from '@vaultdesk/contract';
import { COMPLIANCE, SUPPORT } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { bearer, openAs } from './fixtures/session';
import { parseCsv } from '../test/csv';

/**
 * The export controls of Wallet Balance Search, Search Funding Request and Plans About to Mature:
 * pressed as a compliance officer would, the file downloaded holds exactly the rows the search
 * finds, each cell as the screen reads it, and the export appears on the Exports page.
 */

test.use({ timezoneId: 'UTC' });
test.describe.configure({ mode: 'serial' });

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The rows of a file as objects by its header. */
const records = (rows: string[][]) => {
  const [header, ...lines] = rows;
  return lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i]!])));
};

const api = async <T>(request: APIRequestContext, token: string, path: string): Promise<T> => {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/** Presses the page's export control and reads the file it downloads. */
async function exportFromPage(page: Page, report: string) {
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('status', { name: 'Export progress' })).toBeVisible();
  const download = await downloading;
  await expect(page.getByText('CSV file downloaded')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${report}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = readFileSync((await download.path())!, 'utf8');
  return { text, rows: parseCsv(text) };
}

/** The newest export on the Exports page is this one, done, with its rows; its Download gives the same file. */
async function seenOnExportsPage(page: Page, reportName: string, rows: number, text: string) {
  await page.goto('/exports');
  const first = page.getByTestId('exports-table').getByRole('row').nth(1);
  await expect(first).toContainText(reportName, { timeout: 30_000 });
  await expect(first).toContainText(COMPLIANCE.email);
  await expect(first).toContainText('done');
  await expect(first.getByRole('cell', { name: rows.toLocaleString('en-US'), exact: true })).toBeVisible();
  const again = page.waitForEvent('download', { timeout: 30_000 });
  await first.getByRole('button', { name: 'Download' }).click();
  expect(readFileSync((await (await again).path())!, 'utf8')).toBe(text);
}

test.describe('exports of the Advanced searches', () => {
  test('Wallet Balance Search: Export CSV holds every wallet the search finds, balances as the screen reads them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const session = await openAs(page, request, COMPLIANCE, '/advanced/wallet-balance-search?balance=50');
    type Row = { walletId: { _id: string; userId: { username: string } }; balance: string };
    const list = await api<{ records: Row[]; totalRecords: number }>(
      request,
      session.token,
      '/v1/admin/users-by-wallet-balance?currency=busd&balance=50&page=1&pageSize=10',
    );
    expect(list.totalRecords).toBeGreaterThan(10);
    const table = page.getByTestId('balance-search-results');
    await expect(table.getByRole('row').nth(1)).toContainText(list.records[0]!.walletId.userId.username, {
      timeout: 30_000,
    });

    const { text, rows } = await exportFromPage(page, 'wallet-balance-search');
    const file = records(rows);
    expect(file).toHaveLength(list.totalRecords);
    expect(file.slice(0, 10).map((r) => r.walletId)).toEqual(list.records.map((r) => r.walletId._id));
    // The first row's balance, cut to the screen's four decimals, is what the table shows.
    await expect(table.getByRole('row').nth(1)).toContainText(formatAmount(file[0]!.balance));
    expect(file.every((r) => r.currency === 'BUSD' && !/\.\d*0$/.test(r.balance!))).toBe(true);

    await seenOnExportsPage(page, 'Wallet balance search', file.length, text);
  });

  test('Search Funding Request: Export CSV holds the requests found, amounts and times readable', async ({
    page,
    request,
  }) => {
    const [found] = await queryE2eDb<{ email: string; n: number }>(
      `SELECT u.email::text AS email, count(*)::int AS n FROM funding_requests f JOIN users u ON u.id = f.user_id GROUP BY u.email ORDER BY count(*) DESC, u.email LIMIT 1`,
    );
    const session = await openAs(page, request, COMPLIANCE, '/advanced/funding-requests');
    // Nothing to export before a search.
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled({ timeout: 30_000 });
    const input = page.getByLabel('Wallet address, e-mail or transaction hash');
    await input.fill(found!.email);
    await input.press('Enter');
    const table = page.getByTestId('funding-requests-table');
    await expect(table).toContainText(found!.email);
    const list = await api<{ records: { _id: string; amountReceived: string }[] }>(
      request,
      session.token,
      `/v1/admin/funding-request?email=${encodeURIComponent(found!.email)}`,
    );
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(list.records.length);

    const { text, rows } = await exportFromPage(page, 'funding-requests');
    const file = records(rows);
    expect(file.map((r) => r.id)).toEqual(list.records.map((r) => r._id));
    expect(
      file.every((r) => r.userEmail === found!.email && ISO_UTC.test(r.createdAt!) && ISO_UTC.test(r.updatedAt!)),
    ).toBe(true);
    expect(file.map((r) => r.amountReceived)).toEqual(list.records.map((r) => r.amountReceived));
    await expect(table.locator('tbody').getByRole('row').first()).toContainText(formatAmount(file[0]!.amountReceived));

    await seenOnExportsPage(page, 'Funding requests', file.length, text);
  });

  test('Plans About to Mature: Export CSV holds every plan of the list, for Compliance and not for Support', async ({
    page,
    request,
  }) => {
    const session = await openAs(page, request, COMPLIANCE, '/advanced/plans-about-mature');
    type Plan = { _id: string; planId: { depositAmount: string; lockedPeriod: number | null }; rewardInUSD: string };
    const list = await api<{ records: Plan[]; totalRecords: number }>(
      request,
      session.token,
      '/v1/advanced/plans-about-to-mature?page=1&pageSize=10',
    );
    expect(list.totalRecords).toBeGreaterThan(0);
    const table = page.getByTestId('maturing-plans-table');
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(Math.min(10, list.totalRecords), {
      timeout: 30_000,
    });

    const { text, rows } = await exportFromPage(page, 'plans-about-to-mature');
    const file = records(rows);
    expect(file).toHaveLength(list.totalRecords);
    expect(file.slice(0, 10).map((r) => r.planId)).toEqual(list.records.map((r) => r._id));
    const first = file[0]!;
    expect(Math.floor(Date.parse(first.lockPeriod!) / 1000)).toBe(list.records[0]!.planId.lockedPeriod);
    expect(first.lockPeriod).toMatch(ISO_UTC);
    const firstRow = table.locator('tbody').getByRole('row').first();
    await expect(firstRow).toContainText(formatAmount(first.depositAmount));
    await expect(firstRow).toContainText(formatUsd(first.rewardInUSD));

    await seenOnExportsPage(page, 'Plans about to mature', file.length, text);

    // Support holds no funding.read: the server refuses the export as it refuses the list.
    const support = await openAs(page, request, SUPPORT, '/');
    const refused = await request.get('/v1/advanced/plans-about-to-mature?download=true', {
      headers: bearer(support.token),
    });
    expect(refused.status()).toBe(403);
  });
});
