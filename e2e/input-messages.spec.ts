import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SUPER_ADMIN } from './fixtures/accounts';
import { bearer, reusableSession, seedSession } from './fixtures/session';

/** Messages say what is wrong (too short, too long, required), on the form and from the server. */

let token = '';
const signIn = async (page: Page, request: APIRequestContext) => {
  const session = await reusableSession(request, SUPER_ADMIN);
  token = session.token;
  await seedSession(page, session);
};
const roleCount = async (request: APIRequestContext) => {
  const res = await request.get('/v1/admin/roles?page=1&pageSize=1', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { totalRecords: number } }).data.totalRecords;
};

test.describe('input messages', () => {
  test('Create Role: a one-character title is too short, 61 characters too long, an empty one required; nothing is created', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const before = await roleCount(request);
    await page.goto('/admin-team?tab=roles');
    await expect(page.getByRole('heading', { name: 'Admin Team' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Role' });
    await dialog.getByRole('checkbox', { name: /^self\.account:/ }).check();
    const title = dialog.getByLabel('Title');
    const create = dialog.getByRole('button', { name: 'Create', exact: true });

    await title.fill('A');
    await create.click();
    await expect(dialog.getByText('Title is too short: at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Title is required')).toHaveCount(0);

    await title.fill('T'.repeat(61));
    await create.click();
    await expect(dialog.getByText('Title is too long: at most 60 characters')).toBeVisible();

    await title.fill('');
    await create.click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText(/too short|too long/)).toHaveCount(0);

    expect(await roleCount(request)).toBe(before);
  });

  test('Search Funding Request: an over-long e-mail is refused by the server naming email, not answered "Failed to get result"', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/advanced/funding-requests');
    const search = page.getByRole('searchbox', { name: 'Wallet address, e-mail or transaction hash' });
    await expect(search).toBeVisible({ timeout: 30_000 });
    await search.fill(`${'a'.repeat(300)}@example.com`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('email: email is too long: at most 254 characters')).toBeVisible();
    await expect(page.getByText('Failed to get result')).toHaveCount(0);
  });
});
