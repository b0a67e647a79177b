import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { demoImage } from '../apps/api/src/demo/demo-image';
import { SUPPORT } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { bearer, reusableSession, seedSession } from './fixtures/session';

let token = '';

/** The account's kept session (a sign-in only when there is none): the page and the API calls share it. */
const signIn = async (page: Page, request: APIRequestContext) => {
  const session = await reusableSession(request, SUPPORT);
  token = session.token;
  await seedSession(page, session);
};

/** Confirms the "Are you sure?" pop-up (closed ones stay in the page hidden; roles skip them). */
const confirmOk = async (page: Page) => {
  const ok = page.getByRole('button', { name: 'OK', exact: true });
  await expect(ok).toBeVisible();
  await expect(page.getByText('Are you sure?').filter({ visible: true })).toBeVisible();
  await ok.click();
};

/** A customer who holds no user type yet. */
const plainCustomer = async (offset: number) => {
  const [u] = await queryE2eDb<{ id: string; email: string; username: string }>(
    `SELECT id, email::text AS email, username::text AS username FROM users u
      WHERE NOT EXISTS (SELECT 1 FROM user_usertypes m WHERE m.user_id = u.id) AND NOT EXISTS (SELECT 1 FROM agent_kyc k WHERE k.user_id = u.id)
      ORDER BY created_at, id LIMIT 1 OFFSET $1`,
    [offset],
  );
  expect(u).toBeTruthy();
  return u!;
};

const png = (width: number, height: number) => {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([40, 120 + (i % 100), 200, 255], i);
  return PNG.sync.write(image);
};

/** Every picture in the drawer has been fetched, decrypted and drawn. */
const expectDrawn = async (page: Page, alt: string) => {
  const img = page.getByRole('img', { name: alt, exact: true });
  await expect(img).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
};

test.describe('User Type', () => {
  test('create a type, then an agent with ID card, shop image and a webcam selfie; Agent Info shows the pictures; Remove As Agent', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    const typeName = `Kiosk ${Date.now() % 100000}`;
    const customer = await plainCustomer(3);

    await page.goto('/userType');
    await expect(page.getByRole('heading', { name: 'User Type' })).toBeVisible({ timeout: 30_000 });
    // A tab per user type, the demo's among them.
    await expect(page.getByRole('tab', { name: 'Agent', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create new UserType' }).click();
    const typeDialog = page.getByRole('dialog', { name: 'Create new UserType' });
    await expect(typeDialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await typeDialog.getByLabel('UserType Name').fill(typeName);
    await typeDialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('UserType created successfully')).toBeVisible();
    await page.getByRole('tab', { name: typeName }).click();
    await expect(page).toHaveURL(/userType=Kiosk/);
    await expect(page.getByTestId('agents-count')).toHaveText('0 agents');

    await page.getByRole('button', { name: 'Create new Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new Agent' });
    const submit = dialog.getByRole('button', { name: 'Create Agent' });
    await expect(submit).toBeDisabled();
    // Typed in capitals with spaces: sent trimmed and lowercased.
    await dialog.getByLabel('Agent Email').fill(`  ${customer.email.toUpperCase()} `);
    // The e-mail suggestions close when the field loses focus.
    await dialog.getByText('Create new Agent', { exact: true }).click();
    // The user type starts as the open tab's.
    await expect(dialog.getByText(typeName, { exact: true }).first()).toBeVisible();
    // On a busy machine a click can land while the dropdown is still opening and be lost: choose
    // again until the select shows the choice.
    await expect(async () => {
      if (!(await page.getByRole('listbox').first().isVisible())) await dialog.getByLabel('ID Type').click();
      await page.getByTitle('International_ID', { exact: true }).last().click({ timeout: 2_000 });
      await expect(dialog.getByTitle('International_ID', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    const idInput = dialog.getByTestId('idcard-upload').locator('input[type=file]');
    await idInput.setInputFiles({ name: 'card.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('You can only upload JPG/PNG file!')).toBeVisible();
    await idInput.setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: demoImage(42, 'idcard') });
    await expect(dialog.getByRole('img', { name: 'Chosen ID Card Image' })).toBeVisible();

    const shopInput = dialog.getByTestId('shop-upload').locator('input[type=file]');
    await shopInput.setInputFiles({
      name: 'big.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 10),
    });
    await expect(page.getByText('Image must smaller than 2MB!')).toBeVisible();
    await shopInput.setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: png(160, 120) });
    await expect(dialog.getByRole('img', { name: 'Chosen Shop Image' })).toBeVisible();
    await expect(submit).toBeDisabled();

    // The selfie from Chromium's fake camera, captured at 200x200.
    await dialog.getByRole('button', { name: 'Open Camera' }).click();
    const preview = dialog.getByLabel('Camera preview');
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((v) => (v as unknown as { videoWidth: number }).videoWidth))
      .toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Capture Selfie' }).click();
    const captured = dialog.getByRole('img', { name: 'Captured selfie' });
    await expect(captured).toBeVisible();
    await expect
      .poll(() => captured.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(200);
    await expect(submit).toBeDisabled();

    await dialog.getByLabel('Store State').fill('Lagos');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Agent created Successfully')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(customer.email) });
    await expect(row).toBeVisible();
    await expect(page.getByTestId('agents-count')).toHaveText('1 agent');
    const [kyc] = await queryE2eDb<{ idcard_type: string; store_state: string; pictures: number }>(
      `SELECT idcard_type, store_state, num_nonnulls(idcard_cid, shop_cid, selfie_cid)::int AS pictures FROM agent_kyc WHERE user_id = $1`,
      [customer.id],
    );
    expect(kyc).toEqual({ idcard_type: 'International_ID', store_state: 'Lagos', pictures: 3 });
    await expect(row.getByRole('link', { name: /View Profile/ })).toHaveAttribute(
      'href',
      `/user-profile/${customer.id}`,
    );

    await row.getByRole('button', { name: /Agent Info/ }).click();
    const drawer = page.getByRole('dialog', { name: `Agent Info: ${customer.username}` });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('International_ID')).toBeVisible();
    await expect(drawer.getByText('Lagos')).toBeVisible();
    for (const alt of ['ID Card', 'Shop Image', 'Shop Owner Selfie']) await expectDrawn(page, alt);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    await row.getByRole('button', { name: /Remove As Agent/ }).click();
    await confirmOk(page);
    await expect(page.getByText('Agent Status Updated Successfully')).toBeVisible();
    await expect(row).toBeHidden();
    await expect(page.getByTestId('agents-count')).toHaveText('0 agents');
    const held = await queryE2eDb<{ n: number }>(`SELECT count(*)::int AS n FROM user_usertypes WHERE user_id = $1`, [
      customer.id,
    ]);
    expect(held).toEqual([{ n: 0 }]);
  });

  test('All UserTypes: delete is refused while an agent holds the type; rename; delete once free', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, request);
    const name = `Route ${Date.now() % 100000}`;
    const renamed = `${name} Renamed`;
    const customer = await plainCustomer(4);
    const created = await request.post('/v1/admin/user-types/add-user-type', {
      headers: bearer(token),
      data: { name },
    });
    expect(created.status()).toBe(200);
    expect(
      (
        await request.post('/v1/admin/assign-usertype', {
          headers: bearer(token),
          data: { email: customer.email, usertype: name },
        })
      ).status(),
    ).toBe(200);

    await page.goto('/userType');
    await expect(page.getByRole('heading', { name: 'User Type' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'All UserTypes' }).click();
    const all = page.getByRole('dialog', { name: 'All UserTypes' });
    await all.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmOk(page);
    await expect(page.getByText(`UserType ${name} is still held by users: remove them as agents first`)).toBeVisible();
    await expect(all.getByRole('cell', { name, exact: true })).toBeVisible();

    await all.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename UserType ${name}` });
    await rename.getByLabel('UserType Name').fill(renamed);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('UserType updated successfully')).toBeVisible();
    await expect(all.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
    await all.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('tab', { name: renamed }).click();
    await expect(page.getByRole('row', { name: new RegExp(customer.email) })).toBeVisible();

    // Once its agent is removed, the type can go.
    await page
      .getByRole('row', { name: new RegExp(customer.email) })
      .getByRole('button', { name: /Remove As Agent/ })
      .click();
    await confirmOk(page);
    await expect(page.getByText('Agent Status Updated Successfully')).toBeVisible();
    await page.getByRole('button', { name: 'All UserTypes' }).click();
    await all.getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirmOk(page);
    await expect(page.getByText('UserType deleted successfully')).toBeVisible();
    await expect(all.getByRole('cell', { name: renamed, exact: true })).toBeHidden();
    await expect(page.getByRole('tab', { name: renamed })).toBeHidden();
  });

  test("a demo agent's Agent Info shows its decrypted pictures", async ({ page, request }) => {
    await signIn(page, request);
    // A holder of the Agent type with pictures, among the 10 newest (the tab's first page).
    const [pictured] = await queryE2eDb<{ username: string }>(
      `SELECT u.username::text AS username FROM (SELECT m.user_id, m.created_at FROM user_usertypes m JOIN user_types t ON t.id = m.user_type_id
          WHERE t.name = 'Agent' ORDER BY m.created_at DESC, m.user_id DESC LIMIT 10) m
        JOIN users u ON u.id = m.user_id JOIN agent_kyc k ON k.user_id = m.user_id AND k.idcard_cid IS NOT NULL
       ORDER BY m.created_at DESC LIMIT 1`,
    );
    expect(pictured).toBeTruthy();
    await page.goto('/userType?userType=Agent');
    await page.getByRole('button', { name: `Agent Info ${pictured!.username}`, exact: true }).click();
    await expect(page.getByRole('dialog', { name: `Agent Info: ${pictured!.username}` })).toBeVisible();
    for (const alt of ['ID Card', 'Shop Image', 'Shop Owner Selfie']) await expectDrawn(page, alt);
  });
});
