import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { SUPER_ADMIN } from './fixtures/accounts';
import { confirmTokenFor } from './fixtures/mail';
import { apiLogin, bearer } from './fixtures/session';
import { nextTotpCode } from './fixtures/totp';

const NEW_PASSWORD = 'Fresh-Vault-2026!';

type Payload<T> = { data: T };

/** A Super Admin sets up a Support admin; returns its email and the temporary password. */
async function setUpAdmin(request: APIRequestContext) {
  const admin = await apiLogin(request, SUPER_ADMIN);
  const roles = await request.get('/v1/admin/roles?page=1&pageSize=10', { headers: bearer(admin.token) });
  expect(roles.status()).toBe(200);
  const { data } = (await roles.json()) as Payload<{ records: { _id: string; slug: string }[] }>;
  const support = data.records.find((r) => r.slug === 'support');
  expect(support, 'the Support role exists').toBeTruthy();

  const email = `fresh-${Date.now()}@vaultdesk.test`;
  const created = await request.post('/v1/admin/setup', {
    headers: bearer(admin.token),
    data: { fullName: 'Pat Fresh', email, roleId: support!._id },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { temporaryPassword } = ((await created.json()) as Payload<{ temporaryPassword: string }>).data;
  return { email, temporaryPassword };
}

/** Turns on two-factor for a confirmed account through the API; returns its secret. */
async function enableTwoFactor(request: APIRequestContext, email: string, password: string) {
  const pending = await apiLogin(request, { email, password, totpSecret: null });
  expect(pending.enable2FA).toBe(false);
  const started = await request.post('/v1/auth/2fa/start/enable', { headers: bearer(pending.token) });
  expect(started.status()).toBe(200);
  const { secret } = ((await started.json()) as Payload<{ secret: string }>).data;
  const enabled = await request.post('/v1/auth/2fa/create/enable', {
    headers: bearer(pending.token),
    data: { secret, code: await nextTotpCode(secret), password },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return secret;
}

test('a new admin confirms the setup link, then must replace the temporary password', async ({ page, request }) => {
  const { email, temporaryPassword } = await setUpAdmin(request);

  // The link from the setup mail confirms the account once.
  const token = await confirmTokenFor(email);
  await page.goto(`/confirm-admin/${token}`);
  await expect(page.getByText('Setup confirmed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await page.goto(`/confirm-admin/${token}`);
  await expect(page.getByText('Setup failed')).toBeVisible();

  const secret = await enableTwoFactor(request, email, temporaryPassword);
  // Signing in leads to the password change first; the dashboard's calls are not even sent.
  const dashboardCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/admin/dashboard')) dashboardCalls.push(r.url());
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporaryPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await dialog.getByLabel('Authentication code').fill(await nextTotpCode(secret));
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/v1/admin/login') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const answer = (await (await signedIn).json()) as Payload<{ mustChangePassword: boolean }>;
  expect(answer.data.mustChangePassword).toBe(true);
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByText('Choose a new password before you continue.')).toBeVisible();

  // Every screen leads there, a reload included.
  await page.goto('/');
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByText('Choose a new password before you continue.')).toBeVisible();
  expect(dashboardCalls).toEqual([]);

  const fill = async (current: string, next: string, confirm: string) => {
    await page.getByLabel('Current Password').fill(current);
    await page.getByLabel('New Password').fill(next);
    await page.getByLabel('Confirm Password').fill(confirm);
    await page.getByRole('button', { name: 'Update Password' }).click();
  };

  // The client only checks presence; the server's reasons come back in the toast.
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Please input your current password!')).toBeVisible();

  await fill(temporaryPassword, NEW_PASSWORD, `${NEW_PASSWORD}x`);
  await expect(page.getByText(/^Update Password\. .*The two passwords that you entered do not match!/)).toBeVisible();

  await fill(temporaryPassword, 'short', 'short');
  await expect(page.getByText(/^Update Password\. .*Password is too short: at least 12 characters/)).toBeVisible();

  await fill(temporaryPassword, NEW_PASSWORD, NEW_PASSWORD);
  await expect(page.getByText('Password updated')).toBeVisible();

  // Still signed in, and no longer held on this page.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('card-total-users')).toBeVisible();
  await expect(page.getByTestId('current-user-email')).toHaveText(email);

  // The new password is the one that works now.
  const again = await apiLogin(request, { email, password: NEW_PASSWORD, totpSecret: secret });
  expect(again.mustChangePassword).toBe(false);
});
