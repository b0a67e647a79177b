import { formatAmount } from '@vaultdesk/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SUPER_ADMIN, type Account } from './fixtures/accounts';
import { bearer, reusableSession, seedSession } from './fixtures/session';
import { chooseOption } from './fixtures/select';

const today = () => new Date().toISOString().slice(0, 10);

let token = '';
/** The account's kept session (a sign-in only when there is none): the page and the API calls share it. */
const signIn = async (page: Page, request: APIRequestContext, account: Account = SUPER_ADMIN) => {
  const session = await reusableSession(request, account);
  token = session.token;
  await seedSession(page, session);
};

/** The same call the page makes, to know what the page must show. */
const api = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

type UserRow = { _id: string; username: string; email: string; createdAt: string };
type Paged<T> = { records: T[]; totalRecords: number };

/** createdAt as the list shows it (YYYY-MM-DD HH:mm in the browser's zone, UTC here). */
const shown = (iso: string) => {
  const d = new Date(Date.parse(iso));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

test.use({ timezoneId: 'UTC' });

test.describe('users', () => {
  test('All Users lists sign-ups newest first, pages in the URL, and links to the profile', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const expected = await api<Paged<UserRow>>(
      request,
      `/v1/admin/search-user-date?start=2021-10-01&end=${today()}&page=2&pageSize=10`,
    );
    await page.goto('/all-users');
    // The first screen of a run also waits for the app's chunks on a busy machine.
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'All Users' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByTestId('all-users-table');
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(`${expected.totalRecords} users`)).toBeVisible();

    await page.getByRole('listitem', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/all-users\?page=2$/);
    const first = expected.records[0]!;
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(first.username);
    await expect(row).toContainText(first.email);
    await expect(row).toContainText(shown(first.createdAt));

    // The page survives a reload, and the username opens the profile.
    await page.reload();
    await expect(table.getByRole('row').nth(1)).toContainText(first.username);
    await table.getByRole('link', { name: first.username, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/user-profile/${first._id}$`));
  });

  test('Users By Country defaults to zone and NG, and follows the chosen type and country', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const ng = await api<Paged<UserRow>>(request, '/v1/admin/users?countryType=zone&countryCode=NG&page=1&pageSize=10');
    const gh = await api<Paged<UserRow>>(request, '/v1/admin/users?countryType=ip&countryCode=GH&page=1&pageSize=10');
    expect(ng.totalRecords).toBeGreaterThan(10);
    await page.goto('/all-users');
    await page.getByRole('tab', { name: 'Users By Country' }).click();
    await expect(page).toHaveURL(/tab=country/);
    const table = page.getByTestId('country-users-table');
    await expect(page.getByTestId('country-type')).toContainText('zone');
    await expect(page.getByTestId('country-code')).toContainText('NG');
    await expect(table.getByRole('row').nth(1)).toContainText(ng.records[0]!.username);
    await expect(page.getByText(`${ng.totalRecords} users`)).toBeVisible();

    await chooseOption(page, page.getByLabel('Country type'), 'ip');
    await chooseOption(page, page.getByLabel('Country', { exact: true }), 'GH - Ghana');
    await expect(page).toHaveURL(/countryType=ip/);
    await expect(page).toHaveURL(/countryCode=GH/);
    await expect(table.getByRole('row').nth(1)).toContainText(gh.records[0]!.username);
    await expect(page.getByText(`${gh.totalRecords} users`)).toBeVisible();
    // "none": the users whose country of that type is unknown.
    // The option list is virtual and scrolls to the chosen country: narrow it by typing first.
    await page.getByLabel('Country', { exact: true }).click();
    await page.keyboard.type('none');
    await page.getByTitle('none (unknown)', { exact: true }).click();
    await expect(page).toHaveURL(/countryCode=none/);
  });

  test('a search from the Users screen finds a user and leads to the profile', async ({ page, request }) => {
    await signIn(page, request);
    const {
      records: [user],
    } = await api<Paged<UserRow>>(
      request,
      `/v1/admin/search-user-date?start=2021-10-01&end=${today()}&page=3&pageSize=10`,
    );
    const fragment = user!.username.slice(0, 8);
    await page.goto('/all-users');
    await page.getByLabel('Search users').fill(fragment);
    await page.getByLabel('Search users').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/user-search/${encodeURIComponent(fragment).replace(/\./g, '\\.')}$`));
    const results = page.getByTestId('user-search-results');
    const row = results.getByRole('row').filter({ hasText: user!.username });
    await expect(row).toContainText(user!.email);
    await expect(page.getByTestId('user-search-capped')).toHaveCount(0);
    await row.getByRole('link', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/user-profile/${user!._id}$`));

    // A fragment most users share fills the page, and the page says it shows only the first ones.
    await page.goto('/user-search/gmail');
    await expect(page.getByTestId('user-search-results').getByRole('row')).toHaveCount(21);
    await expect(page.getByTestId('user-search-capped')).toContainText('Showing the first 20 matches');

    // Too short a text is explained, not sent.
    await page.goto('/user-search/ab');
    await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
  });

  test('wallet balance search lists wallets holding at least the amount, with four decimals', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    type Wallet = { walletId: { userId: { username: string } }; balance: string };
    const busd = await api<Paged<Wallet>>(
      request,
      '/v1/admin/users-by-wallet-balance?page=1&pageSize=10&currency=busd&balance=100',
    );
    const vlt = await api<Paged<Wallet>>(
      request,
      '/v1/admin/users-by-wallet-balance?page=1&pageSize=10&currency=vlt&balance=50',
    );
    expect(busd.totalRecords).toBeGreaterThan(0);
    expect(vlt.totalRecords, 'the demo data has VLT wallets of 50 or more').toBeGreaterThan(0);
    await page.goto('/balance-search');
    await expect(page.getByRole('heading', { name: 'Wallet Balance Search' })).toBeVisible();
    await expect(page.getByTestId('balance-currency')).toContainText('BUSD');
    await expect(page.getByLabel('Minimum balance')).toHaveValue('100');
    const table = page.getByTestId('balance-search-results');
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText(busd.records[0]!.walletId.userId.username);
    await expect(first).toContainText(formatAmount(busd.records[0]!.balance));
    await expect(page.getByText(`${busd.totalRecords} wallets`)).toBeVisible();

    await chooseOption(page, page.getByLabel('Currency'), 'VLT');
    await page.getByLabel('Minimum balance').fill('50');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/currency=vlt/);
    await expect(page).toHaveURL(/balance=50/);
    await expect(first).toContainText(vlt.records[0]!.walletId.userId.username);
    await expect(page.getByText(`${vlt.totalRecords} wallets`)).toBeVisible();

    // The same page from its other route.
    await page.goto('/advanced/wallet-balance-search?currency=busd&balance=100');
    await expect(page.getByTestId('balance-search-results').getByRole('row').nth(1)).toContainText(
      busd.records[0]!.walletId.userId.username,
    );
  });
});
