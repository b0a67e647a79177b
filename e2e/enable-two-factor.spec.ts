import { expect, test } from '@playwright/test';
import { NEW_STAFF } from './fixtures/accounts';
import { bearer, readStoredSession } from './fixtures/session';
import { nextTotpCode } from './fixtures/totp';

// This spec turns on newstaff's two-factor: it runs once per fresh e2e database.
test('an admin without 2FA is held at /enable-2fa until it is set up, then signs in with a code', async ({
  page,
  request,
}) => {
  // A session without two-factor never reaches the dashboard: its calls are not even sent.
  const dashboardCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/admin/dashboard')) dashboardCalls.push(r.url());
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(NEW_STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_STAFF.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/enable-2fa$/);
  await expect(page.getByRole('heading', { name: 'Enable 2FA' })).toBeVisible();
  expect(dashboardCalls).toEqual([]);
  const stored = JSON.parse((await readStoredSession(page)) ?? 'null') as { token: string; enable2FA: boolean };
  expect(stored.enable2FA).toBe(false);

  // Every other route leads back here.
  for (const path of ['/', '/update-password', '/audit-trail']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/enable-2fa$/);
  }

  const qr = page.getByRole('img', { name: 'Two-factor QR code' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secretText = await page.getByTestId('two-factor-secret').innerText();
  const secret = /[A-Z2-7]{16,}/.exec(secretText)?.[0];
  expect(secret, `a base32 secret in "${secretText}"`).toBeTruthy();

  await page.getByLabel('Authentication code').fill(await nextTotpCode(secret!));
  await page.getByLabel('Password', { exact: true }).fill(NEW_STAFF.password);
  await page.getByRole('button', { name: 'Enable 2FA' }).click();

  await expect(page.getByText('Your 2FA has been activated. Login to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  expect(await readStoredSession(page)).toBeNull();
  // The set-up session no longer works.
  expect((await request.get('/v1/admin/me', { headers: bearer(stored.token) })).status()).toBe(401);

  // Signing in now asks for a code from the new secret.
  await page.getByLabel('Email').fill(NEW_STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_STAFF.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await dialog.getByLabel('Authentication code').fill(await nextTotpCode(secret!));
  await dialog.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('current-user-email')).toHaveText(NEW_STAFF.email);
  await expect(page.getByTestId('card-total-users')).toBeVisible();
});
