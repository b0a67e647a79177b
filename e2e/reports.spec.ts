import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatAmount, formatUsd } from '@vaultdesk/contract';
import { COMPLIANCE, SUPPORT, type Account } from './fixtures/accounts';
import { apiLogin, bearer, reusableSession, seedSession } from './fixtures/session';
import { chooseOption } from './fixtures/select';

// The account's kept session (a sign-in costs a TOTP step); pages get the session seeded.
let token = '';
const sessionOf = (request: APIRequestContext, account: Account) => reusableSession(request, account);
const signIn = async (page: Page, request: APIRequestContext, account: Account = SUPPORT) => {
  const session = await sessionOf(request, account);
  token = session.token;
  await seedSession(page, session);
};
const api = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};
const today = () => new Date().toISOString().slice(0, 10);

type Tx = { _id: string; amount: string; userId: { username: string; email: string }; transactionState: number };
type Paged<T> = { records: T[]; totalRecords: number; totalIsCapped: boolean };

test.use({ timezoneId: 'UTC' });

test.describe('reports', () => {
  test('Transactions: savings, wallet and per-user tabs with a state filter and a date range', async ({
    page,
    request,
  }) => {
    // Several screens in one test: on a busy shared machine the default 60 s is tight.
    test.setTimeout(120_000);
    await signIn(page, request);
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Savings Txs' })).toHaveAttribute('aria-selected', 'true');

    const savings = await api<Paged<Tx>>(
      request,
      `/v1/admin/transactions?type=savings&start=2021-10-01&end=${today()}`,
    );
    const table = page.getByTestId('savings-transactions-table');
    await expect(table.getByRole('row').nth(1)).toContainText(savings.records[0]!.userId.username);
    await expect(
      page.getByText(`${savings.totalRecords.toLocaleString('en-US')}${savings.totalIsCapped ? '+' : ''} transactions`),
    ).toBeVisible();

    // Filter by state 6 (Fixed Savings Save): every row shows it, the URL keeps it.
    await chooseOption(page, page.getByTestId('transaction-state'), '6 Fixed Savings Save');
    await expect(page).toHaveURL(/transactionState=6/);
    const fixed = await api<Paged<Tx>>(
      request,
      `/v1/admin/transactions?type=savings&transactionState=6&start=2021-10-01&end=${today()}`,
    );
    await expect(table.getByRole('row').nth(1)).toContainText(fixed.records[0]!.userId.username);
    await expect(table.getByRole('row').filter({ hasText: 'Flexible Save' })).toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: 'Fixed Savings Save' })).toHaveCount(
      Math.min(20, fixed.totalRecords),
    );

    // Wallet Txs: the same filters apply.
    await page.getByRole('tab', { name: 'Wallet Txs' }).click();
    await expect(page).toHaveURL(/tab=wallet/);
    await page.goto('/transactions?tab=wallet&transactionState=0');
    const funding = await api<Paged<Tx>>(
      request,
      `/v1/admin/transactions?type=wallet&transactionState=0&start=2021-10-01&end=${today()}`,
    );
    const walletTable = page.getByTestId('wallet-transactions-table');
    await expect(walletTable.getByRole('row').nth(1)).toContainText(funding.records[0]!.userId.username);
    await expect(walletTable.getByRole('row').filter({ hasText: 'Fund' })).toHaveCount(
      Math.min(20, funding.totalRecords),
    );

    // Total Savings per user with a date range from the URL.
    await page.goto('/transactions?tab=per-user&start=2024-01-01');
    type Group = { username: string; totalTransactionAmount: string };
    const groups = await api<{ records: Group[]; DocumentCount: number }>(
      request,
      `/v1/admin/transactions/group?start=2024-01-01&end=${today()}`,
    );
    await expect(page.getByTestId('document-count')).toHaveText(
      `${groups.DocumentCount.toLocaleString('en-US')} customer totals (one per customer and currency)`,
    );
    await expect(page.getByTestId('savings-per-user-table').getByRole('row').nth(1)).toContainText(
      groups.records[0]!.username,
    );
  });

  test('Accounts: fees collected with their USD total, gas spent with its totals', async ({ page, request }) => {
    await signIn(page, request);
    const fees = await api<{ totalFeesCollected: string; records: { user: { username: string } }[] }>(
      request,
      `/v1/admin/fees-collectedby-vlt?start=2021-10-01&end=${today()}`,
    );
    await page.goto('/accounts');
    await expect(page.getByRole('tab', { name: 'Gas Fees Collected' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('fees-collected-table').getByRole('row').nth(1)).toContainText(
      fees.records[0]!.user.username,
    );
    await expect(page.getByTestId('total-fees-collected')).toContainText('$');
    await page.getByRole('tab', { name: 'Gas Fees Spent' }).click();
    await expect(page).toHaveURL(/tab=spent/);
    const gas = await api<{ totalGasUsed: string; records: unknown[] }>(
      request,
      `/v1/admin/gas-fees-spent?start=2021-10-01&end=${today()}`,
    );
    expect(gas.records.length).toBeGreaterThan(0);
    await expect(page.getByTestId('total-gas-used')).toContainText(Number(gas.totalGasUsed).toLocaleString('en-US'));
    await expect(page.getByTestId('gas-fees-spent-table').getByRole('row')).toHaveCount(
      Math.min(20, gas.records.length) + 1,
    );
  });

  test('Export from click to downloaded file: exactly the filtered rows, not for anyone else', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/transactions?tab=wallet&transactionState=1');
    await expect(page.getByTestId('wallet-transactions-table').getByRole('row').nth(1)).toBeVisible({
      timeout: 30_000,
    });
    const expected = await api<Paged<Tx>>(
      request,
      `/v1/admin/transactions?type=wallet&transactionState=1&start=2021-10-01&end=${today()}`,
    );

    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByRole('status', { name: 'Export progress' })).toBeVisible();
    const download = await downloading;
    await expect(page.getByText('CSV file downloaded')).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^wallet-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toContain('id,username,email,amount,fee,finalAmount');
    expect(lines).toHaveLength(expected.totalRecords + 1);
    expect(lines[1]).toContain(expected.records[0]!._id);
    expect(lines.slice(1).every((l) => l.includes(',1,Withdraw,'))).toBe(true);
    // Cells as a person reads them: true/false and an ISO 8601 UTC time end each row; amount, fee
    // and final amount are exact decimals without trailing zeros (not 18.000000000000000000).
    expect(lines.slice(1).filter((l) => !/,(true|false),\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(l))).toEqual(
      [],
    );
    expect(
      lines
        .slice(1)
        .flatMap((l) => l.split(',').slice(3, 6))
        .filter((v) => !/^-?\d+(\.\d*[1-9])?$/.test(v)),
    ).toEqual([]);

    // The export is listed with who asked; another staff member cannot fetch its link.
    const mine = await api<{ records: { link: string; requestedBy: { email: string }; status: string }[] }>(
      request,
      '/v1/admin/exports',
    );
    expect(mine.records[0]).toMatchObject({ status: 'done', requestedBy: { email: SUPPORT.email } });
    await page.goto('/exports');
    await expect(page.getByTestId('exports-table').getByRole('row').nth(1)).toContainText('Wallet transactions');
    await expect(page.getByTestId('exports-table').getByRole('row').nth(1)).toContainText(SUPPORT.email);
    const other = await sessionOf(request, COMPLIANCE);
    const refused = await request.get(mine.records[0]!.link, { headers: bearer(other.token) });
    expect(refused.status()).toBe(403);
  });

  test('Admin Profile: own details, open sessions, sign out the others, and a name change', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const other = await apiLogin(request, SUPPORT);
    await page.goto('/admin-profile');
    const info = page.getByTestId('admin-profile-info');
    await expect(info).toContainText(SUPPORT.email, { timeout: 30_000 });
    await expect(info).toContainText('Support');
    const sessionsTable = page.getByTestId('sessions-table');
    await expect(sessionsTable.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);
    expect(await sessionsTable.getByRole('row').count()).toBeGreaterThan(2);
    await expect(page.getByTestId('sign-ins-table').getByRole('row').nth(1)).toContainText('Succeeded');

    await page.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(page.getByText('Are you sure?')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText(/^Other sessions signed out: \d+$/)).toBeVisible();
    await expect(sessionsTable.getByRole('row')).toHaveCount(2);
    expect((await request.get('/v1/admin/me', { headers: bearer(other.token) })).status()).toBe(401);
    expect((await request.get('/v1/admin/me', { headers: bearer(token) })).status()).toBe(200);

    // Update: the name changes (then goes back, other files expect the demo name).
    const original = (await api<{ fullName: string }>(request, '/v1/admin/profile')).fullName;
    await page.getByRole('tab', { name: 'Update' }).click();
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill(`${original} Renamed`);
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByText('updated successfully')).toBeVisible();
    await page.getByRole('tab', { name: 'Info' }).click();
    await expect(info).toContainText(`${original} Renamed`);
    const restore = await request.put('/v1/admin/profile', { headers: bearer(token), data: { fullName: original } });
    expect(restore.status()).toBe(200);
  });

  test('Activity search: a customer by e-mail with their transactions', async ({ page, request }) => {
    await signIn(page, request);
    const [latest] = (
      await api<Paged<Tx>>(request, `/v1/admin/transactions?type=wallet&start=2021-10-01&end=${today()}`)
    ).records;
    const found = await api<{ user: { username: string }; transactions: unknown[] }>(
      request,
      `/v1/admin/finder?email=${encodeURIComponent(latest!.userId.email)}`,
    );
    await page.goto('/finder');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(latest!.userId.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/email=/);
    await expect(page.getByTestId('finder-user')).toContainText(found.user.username);
    await expect(page.getByTestId('finder-transactions').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByTestId('finder-transactions').getByRole('row')).toHaveCount(
      Math.min(10, found.transactions.length) + 1,
    );
    await expect(page.getByText(`Transactions (newest ${found.transactions.length})`)).toBeVisible();
  });

  test('Financials, Weekly Growth, Feature Usage and Referral Payouts show the real figures', async ({
    page,
    request,
  }) => {
    // Several screens in one test: on a busy shared machine the default 60 s is tight.
    test.setTimeout(120_000);
    await signIn(page, request, COMPLIANCE);
    const start = '2024-01-01';
    const fin = await api<{ totalFeesUSD: string; netUSD: string; byCurrency: { currency: string }[] }>(
      request,
      `/v1/admin/financials?start=${start}&end=${today()}`,
    );
    await page.goto(`/financials?start=${start}`);
    await expect(page.getByTestId('total-fees-usd')).toContainText(formatUsd(fin.totalFeesUSD), { timeout: 30_000 });
    await expect(page.getByTestId('net-usd')).toContainText(formatUsd(fin.netUSD));
    await expect(page.getByTestId('financials-by-currency').getByRole('row')).toHaveCount(fin.byCurrency.length + 1);
    await expect(page.getByRole('img', { name: /^Fees per month \(USD\)/ })).toBeVisible();

    const growth = await api<{ totalUsers: number; weeks: { weekStart: string; signUps: number }[] }>(
      request,
      '/v1/admin/growth-report?weeks=4',
    );
    await page.goto('/growth-report?weeks=4');
    await expect(page.getByTestId('total-users')).toContainText(growth.totalUsers.toLocaleString('en-US'));
    await expect(page.getByTestId('growth-table').getByRole('row')).toHaveCount(5);
    const newest = growth.weeks[3]!;
    await expect(page.getByTestId('growth-table').getByRole('row').nth(1)).toContainText(newest.weekStart);
    await expect(page.getByRole('img', { name: /^Sign-ups per week/ })).toHaveAccessibleName(
      new RegExp(`${newest.weekStart.slice(5)} ${newest.signUps.toLocaleString('en-US')}$`),
    );

    const features = await api<{
      weeks: { weekStart: string; uses: Record<string, number>; users: Record<string, number> }[];
    }>(request, '/v1/admin/feature-report');
    await page.goto('/feature-report');
    await expect(page.getByTestId('feature-table').getByRole('row')).toHaveCount(features.weeks.length + 1);
    const week = features.weeks.at(-1)!;
    await expect(page.getByTestId('feature-table').getByRole('row').nth(1)).toContainText(
      `${week.uses.funding ?? 0} / ${week.users.funding ?? 0}`,
    );

    const payouts = await api<{ totalPaid: string; totalRecords: number; records: { username: string }[] }>(
      request,
      `/v1/admin/referral-payouts?start=2021-10-01&end=${today()}`,
    );
    expect(payouts.records.length).toBeGreaterThan(0);
    await page.goto('/payouts');
    await expect(page.getByTestId('total-paid')).toContainText(formatAmount(payouts.totalPaid));
    await expect(page.getByTestId('payouts-table').getByRole('row').nth(1)).toContainText(payouts.records[0]!.username);
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = readFileSync((await (await downloading).path())!, 'utf8')
      .trimEnd()
      .split('\n');
    await expect(page.getByText('CSV file downloaded')).toBeVisible();
    expect(lines[0]).toBe('userId,username,email,paidReferrals,totalPaid,currency,lastPaidAt');
    expect(lines).toHaveLength(payouts.totalRecords + 1);
    expect(lines[1]).toContain(`,${payouts.records[0]!.username},`);
  });

  test('Accounts with a date range chosen: totals and rows of that range, gas spent with its share balance', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    await page.goto('/accounts');
    await expect(page.getByRole('tab', { name: 'Gas Fees Collected' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 30_000,
    });
    // The range picker's preset, as a staff member chooses it.
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    await page.getByPlaceholder('Start date').click();
    await page.getByText('Last 30 days', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`start=${from}`));
    type Fees = { totalFeesCollected: string; totalRecords: number; records: { user: { username: string } }[] };
    const fees = await api<Fees>(request, `/v1/admin/fees-collectedby-vlt?start=${from}&end=${today()}`);
    await expect(page.getByTestId('total-fees-collected')).toContainText(formatUsd(fees.totalFeesCollected));
    const feeRows = page.getByTestId('fees-collected-table').getByRole('row');
    // The demo holds fee and gas records in every recent month (about 160 and 6 in 30 days): the rows are checked.
    expect(fees.records.length).toBeGreaterThan(0);
    await expect(feeRows.nth(1)).toContainText(fees.records[0]!.user.username);
    await expect(feeRows).toHaveCount(Math.min(20, fees.records.length) + 1);
    await expect(page.getByText(`${fees.totalRecords.toLocaleString('en-US')} fee records`)).toBeVisible();

    // The same range on Gas Fees Spent (the range is in the URL, the tab keeps it).
    await page.getByRole('tab', { name: 'Gas Fees Spent' }).click();
    await expect(page).toHaveURL(new RegExp(`tab=spent.*start=${from}|start=${from}.*tab=spent`));
    const gas = await api<{ totalGasUsed: string; totalGasCostUSD: string; records: { shareBalance: string }[] }>(
      request,
      `/v1/admin/gas-fees-spent?start=${from}&end=${today()}`,
    );
    await expect(page.getByTestId('total-gas-used')).toContainText(Number(gas.totalGasUsed).toLocaleString('en-US'));
    await expect(page.getByTestId('total-gas-cost')).toContainText(formatUsd(gas.totalGasCostUSD));
    const gasTable = page.getByTestId('gas-fees-spent-table');
    await expect(gasTable.getByRole('columnheader', { name: 'Share Balance' })).toBeVisible();
    expect(gas.records.length).toBeGreaterThan(0);
    await expect(gasTable.getByRole('row').nth(1)).toContainText(formatAmount(gas.records[0]!.shareBalance));
  });

  test('Feature usage with the weeks chosen in its filter', async ({ page, request }) => {
    await signIn(page, request, COMPLIANCE);
    await page.goto('/feature-report');
    await expect(page.getByTestId('feature-table').getByRole('row')).toHaveCount(13, { timeout: 30_000 });
    await chooseOption(page, page.getByTestId('weeks-select'), 'Last 4 weeks');
    await expect(page).toHaveURL(/weeks=4/);
    const features = await api<{
      weeks: { weekStart: string; uses: Record<string, number>; users: Record<string, number> }[];
    }>(request, '/v1/admin/feature-report?weeks=4');
    const rows = page.getByTestId('feature-table').getByRole('row');
    await expect(rows).toHaveCount(5);
    // Newest week first, each cell "uses / customers".
    for (const [i, week] of [...features.weeks].reverse().entries()) {
      await expect(rows.nth(i + 1)).toContainText(week.weekStart);
      await expect(rows.nth(i + 1)).toContainText(
        `${(week.uses.funding ?? 0).toLocaleString('en-US')} / ${(week.users.funding ?? 0).toLocaleString('en-US')}`,
      );
    }
  });

  test("Activity search: the customer's sign-in and a staff action on them", async ({ page, request }) => {
    await signIn(page, request);
    const [latest] = (
      await api<Paged<Tx>>(request, `/v1/admin/transactions?type=wallet&start=2021-10-01&end=${today()}`)
    ).records;
    const email = latest!.userId.email;
    const before = await api<{ user: { _id: string } }>(request, `/v1/admin/finder?email=${encodeURIComponent(email)}`);
    // A staff action on the customer: the trust score, changed through the API as Support.
    const change = await request.post('/v1/admin/update-user-trustscore', {
      headers: bearer(token),
      data: { userId: before.user._id, trustScore: 64 },
    });
    expect(change.status(), await change.text()).toBe(200);
    type Found = { signIns: { at: string }[]; staffActions: { action: string; actorEmail: string }[] };
    const found = await api<Found>(request, `/v1/admin/finder?email=${encodeURIComponent(email)}`);
    expect(found.signIns).toHaveLength(1);

    await page.goto('/finder');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const signIns = page.getByTestId('finder-sign-ins').getByRole('row');
    await expect(signIns).toHaveCount(2, { timeout: 30_000 });
    await expect(signIns.nth(1)).toContainText(found.signIns[0]!.at.replace('T', ' ').slice(0, 19));
    const actions = page.getByTestId('finder-staff-actions').getByRole('row');
    await expect(actions.nth(1)).toContainText('user.trust-score.update');
    await expect(actions.nth(1)).toContainText(SUPPORT.email);
    await expect(actions).toHaveCount(Math.min(10, found.staffActions.length) + 1);
  });

  test('Financials export from click to downloaded file: one row per month, as the page shows them', async ({
    page,
    request,
  }) => {
    await signIn(page, request, COMPLIANCE);
    const start = '2024-01-01';
    type Fin = { totalFeesUSD: string; byMonth: { month: string; feeUSD: string; gasCostUSD: string }[] };
    const fin = await api<Fin>(request, `/v1/admin/financials?start=${start}&end=${today()}`);
    expect(fin.byMonth.length).toBeGreaterThan(0);
    await page.goto(`/financials?start=${start}`);
    await expect(page.getByTestId('total-fees-usd')).toContainText(formatUsd(fin.totalFeesUSD), { timeout: 30_000 });
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByRole('status', { name: 'Export progress' })).toBeVisible();
    const download = await downloading;
    await expect(page.getByText('CSV file downloaded')).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^financials-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\n');
    expect(header).toBe('month,feeCount,feeUSD,gasCount,gasCostUSD,netUSD');
    expect(
      lines.map((l) => {
        const c = l.split(',');
        return { month: c[0], feeUSD: c[2], gasCostUSD: c[4] };
      }),
    ).toEqual(fin.byMonth);
  });
});
