import { expect, test } from '@playwright/test';
import { COMPLIANCE } from './fixtures/accounts';
import { bearer, openAs, readStoredSession } from './fixtures/session';

test('logout asks "Are you sure?", revokes the session and returns to /login', async ({ page, request }) => {
  const session = await openAs(page, request, COMPLIANCE, '/');
  await expect(page.getByTestId('current-user-email')).toHaveText(COMPLIANCE.email);

  // Cancelling keeps the admin signed in.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(await readStoredSession(page)).toBeNull();

  const me = await request.get('/v1/admin/me', { headers: bearer(session.token) });
  expect(me.status()).toBe(401);
});
