import { expect, test } from '@playwright/test';
import { SUPPORT } from './fixtures/accounts';
import { apiLogin, bearer, openAs, readStoredSession, seedSession } from './fixtures/session';

test.describe('session rules', () => {
  for (const path of ['/', '/audit-trail', '/update-password', '/enable-2fa', '/no-such-page']) {
    test(`${path} without a session goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    });
  }

  test('an expired session is refused in the browser without calling the API', async ({ page }) => {
    const authenticatedCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/v1/') && req.headers().authorization) authenticatedCalls.push(req.url());
    });
    await seedSession(page, { token: 'a'.repeat(43), expiresIn: Date.now() - 60_000, enable2FA: true });
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(authenticatedCalls).toEqual([]);
  });

  test('an altered token gets a 401 and signs out to /login', async ({ page, request }) => {
    const session = await apiLogin(request, SUPPORT);
    await seedSession(page, { ...session, token: `${session.token.slice(0, -4)}AAAA` });
    // The shell asks admin/me and the approvals count at once: whichever 401 comes first signs out
    // (and the other call may then be dropped), so any refused call of the app is the one waited for.
    const unauthorized = page.waitForResponse((r) => r.url().includes('/v1/') && r.status() === 401);
    await page.goto('/');
    await unauthorized;
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStoredSession(page)).toBeNull();
  });

  test('a session revoked on the server signs out on the next call', async ({ page, request }) => {
    const session = await openAs(page, request, SUPPORT, '/');
    await expect(page.getByTestId('current-user-email')).toHaveText(SUPPORT.email);

    const revoked = await request.post('/v1/admin/logout', { headers: bearer(session.token) });
    expect(revoked.status()).toBe(200);

    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(await readStoredSession(page)).toBeNull();
  });

  test('a 503 from the API shows the maintenance page', async ({ page, request }) => {
    await page.route('**/v1/admin/dashboard', (route) =>
      route.fulfill({ status: 503, json: { message: 'Server Maintenance Ongoing', code: 'MAINTENANCE' } }),
    );
    await openAs(page, request, SUPPORT, '/');

    await expect(page).toHaveURL(/\/503$/);
    await expect(page.getByRole('heading', { name: '503' })).toBeVisible();
    await expect(page.getByText('Server Maintenance Ongoing')).toBeVisible();

    // Maintenance is over: Back Home returns to the dashboard, still signed in.
    await page.unroute('**/v1/admin/dashboard');
    await page.getByRole('link', { name: 'Back Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('card-total-users')).toBeVisible();
  });
});
