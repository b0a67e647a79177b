import { expect, test, type Page } from '@playwright/test';
import { COMPLIANCE, SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { bearer, openAs, readStoredSession } from './fixtures/session';
import { nextTotpCode, wrongTotpCode } from './fixtures/totp';

const CARDS = [
  { testId: 'card-total-users', title: 'Total Users', field: 'users' },
  { testId: 'card-signup-today', title: 'SignUp Today', field: 'dailySignup' },
  { testId: 'card-verified-users', title: 'Verified User', field: 'verifiedUsers' },
  { testId: 'card-unverified-users', title: 'Unverified Users', field: 'unVerifiedUsers' },
] as const;

/**
 * What the dashboard sends for everyone (its cards and charts, and the shell's count of approval
 * requests awaiting the viewer), and what only Super Admin and Compliance send.
 */
const DASHBOARD_CALLS = ['admin/dashboard', 'admin/dashboard-trends', 'admin/approval-requests/count'];
const TREASURY_CALLS = [
  'custodialWallet/get-addresses',
  'admin/overall-plans',
  'admin/overall-wallet-balances',
  'dashboard/share-prices?protocol=xAuto',
  'dashboard/share-prices?protocol=venus',
];

/** Every API call the page sends from now on, as `path?query` under /v1/, in the order sent. */
const recordApiCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/')) calls.push(`${url.pathname.slice('/v1/'.length)}${url.search}`);
  });
  return calls;
};

test.describe('sign-in', () => {
  test('the form checks email and password before calling the server', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Main Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staging Dashboard' })).toHaveAttribute(
      'href',
      'https://staging.vaultdesk.test',
    );

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Please input your E-mail!')).toBeVisible();
    await expect(page.getByText('Please input your password!')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('The input is not valid E-mail!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('password and authenticator code lead to the dashboard with the four cards', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Authentication code').fill(await nextTotpCode(SUPER_ADMIN.totpSecret!));
    const calls = recordApiCalls(page);
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('current-user-email')).toHaveText(SUPER_ADMIN.email);
    await expect(page.getByTestId('current-user-role')).toHaveText('Super Admin');
    await expect(page.getByTestId('wallet-totals').getByText('Total USD value')).toBeVisible();
    await expect(page.getByTestId('custodial-wallets').getByRole('row').filter({ hasText: 'Treasury' })).toBeVisible();

    // The sign-in answer says who signed in (no GET admin/me), and the dashboard's calls leave
    // with it, the cards' first, each once: the page finds them in flight instead of sending its own.
    expect(calls.slice(0, 2)).toEqual(['admin/login', 'admin/dashboard']);
    expect(calls).not.toContain('admin/me');
    expect([...calls].sort()).toEqual([...DASHBOARD_CALLS, ...TREASURY_CALLS, 'admin/login'].sort());

    // Only token, expiry and the 2FA flag are kept in the browser.
    const stored = JSON.parse((await readStoredSession(page)) ?? 'null') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['enable2FA', 'expiresIn', 'token']);
    expect(stored.enable2FA).toBe(true);
    expect(stored.expiresIn as number).toBeGreaterThan(Date.now());

    // The cards show the numbers the API reports.
    const response = await request.get('/v1/admin/dashboard', { headers: bearer(stored.token as string) });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, number> };
    for (const card of CARDS) {
      const el = page.getByTestId(card.testId);
      await expect(el).toContainText(card.title);
      await expect(el).toContainText(data[card.field]!.toLocaleString('en-US'));
    }
    expect(data.users).toBeGreaterThan(0);
  });

  test('Support signs in to the cards and charts; the treasury calls are never sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(SUPPORT.email);
    await page.getByLabel('Password', { exact: true }).fill(SUPPORT.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByLabel('Authentication code').fill(await nextTotpCode(SUPPORT.totpSecret!));
    const calls = recordApiCalls(page);
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('current-user-role')).toHaveText('Support');
    await expect(page.getByTestId('card-total-users')).toContainText(/\d/);
    await expect(page.getByRole('img', { name: 'Daily sign-ups, last 30 days' })).toBeVisible();
    await expect(page.getByTestId('custodial-wallets')).toHaveCount(0);
    expect([...calls].sort()).toEqual([...DASHBOARD_CALLS, 'admin/login'].sort());
  });

  test('a wrong password shows "Login failed." with the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(SUPPORT.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page.getByText('Login failed. Invalid email or password')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStoredSession(page)).toBeNull();
  });

  test('a wrong authenticator code shows "2FA Verification failed."', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(COMPLIANCE.email);
    await page.getByLabel('Password', { exact: true }).fill(COMPLIANCE.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByLabel('Authentication code').fill(wrongTotpCode(COMPLIANCE.totpSecret!));
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await expect(page.getByText('2FA Verification failed.')).toBeVisible();
    // The modal stays open with the server's reason, so the admin can try the next code.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Invalid or already used authentication code')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStoredSession(page)).toBeNull();
  });

  test('/login with a valid session goes to the dashboard', async ({ page, request }) => {
    await openAs(page, request, SUPPORT, '/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('card-total-users')).toBeVisible();
  });
});
