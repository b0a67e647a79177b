import { expect, test } from '@playwright/test';
import { COMPLIANCE, SUPER_ADMIN } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { openAs } from './fixtures/session';

// Each step waits on a server call: generous on a busy machine.
const slow = { timeout: 60_000 };

test('a Super Admin creates a service client, sees its secret once, rotates it and revokes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `E2E customer app ${Date.now()}`;
  await openAs(page, request, SUPER_ADMIN, '/advanced/integrations');
  // The first visit loads the lazy page: on a busy machine it takes longer than one expect.
  await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('navigation', { name: 'Advanced menu' }).getByRole('link', { name: 'Integrations' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'New client' }).click();
  const form = page.getByRole('dialog', { name: 'New client' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('checkbox', { name: /customers\.read/ }).check();
  await form.getByRole('checkbox', { name: 'kyc.approved' }).check();
  await form.getByRole('button', { name: 'Create' }).click();

  const secretDialog = page.getByRole('dialog', { name: `Secret of ${name}` });
  await expect(secretDialog).toContainText('it will not be shown again', slow);
  const secret = (await secretDialog.getByTestId('client-secret').innerText()).trim();
  expect(secret).toMatch(/^vds_/);
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretDialog).toBeHidden(slow);
  // Shown once: the list has the client, never its secret.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active', slow);
  await expect(row).toContainText('Never');
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: 'Rotate' }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${name}` });
  await rotate.getByLabel('Grace period in hours').fill('2');
  await rotate.getByRole('button', { name: 'Rotate' }).click();
  await expect(secretDialog).toContainText('it will not be shown again', slow);
  const rotated = (await secretDialog.getByTestId('client-secret').innerText()).trim();
  expect(rotated).toMatch(/^vds_/);
  expect(rotated).not.toBe(secret);
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(row).toContainText('Previous secret until', slow);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked', slow);
  await expect(row.getByRole('button', { name: 'Rotate' })).toHaveCount(0);
  const [stored] = await queryE2eDb<{ status: string; previous_secret_enc: string | null }>(
    `SELECT status, previous_secret_enc FROM service_clients WHERE name = $1`,
    [name],
  );
  expect(stored).toEqual({ status: 'revoked', previous_secret_enc: null });
});

test('Compliance does not see the Integrations entry', async ({ page, request }) => {
  test.setTimeout(120_000);
  await openAs(page, request, COMPLIANCE, '/advanced/deposit-queue');
  const menu = page.getByRole('navigation', { name: 'Advanced menu' });
  await expect(menu.getByRole('link', { name: 'Deposit Queue' })).toBeVisible({ timeout: 60_000 });
  await expect(menu.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
});
