import { expect, test, type Locator, type Page } from '@playwright/test';
import { userId as demoUserId } from '../packages/db/src/demo/people';
import { SUPER_ADMIN } from './fixtures/accounts';
import { nextTotpCode } from './fixtures/totp';

/** Presses Tab until `target` has the focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    // The e2e tsconfig has no DOM types: the page's own document is reached through the element.
    if (
      await target.evaluate(
        (el) => el === (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
      )
    )
      return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused();
}

test('sign-in with e-mail, password and code, then a profile action, by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');

  // The e-mail field has the focus on arrival; Tab leads to the password, Enter signs in.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(SUPER_ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(SUPER_ADMIN.password);
  await page.keyboard.press('Enter');

  // The code dialog takes the focus; Escape would close it, Enter verifies.
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await expect(dialog.getByLabel('Authentication code')).toBeFocused();
  await page.keyboard.type(await nextTotpCode(SUPER_ADMIN.totpSecret!));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('current-user-email')).toHaveText(SUPER_ADMIN.email);

  // A profile action: the trust score, from the button to the saved value, without the mouse.
  await page.goto(`/user-profile/${demoUserId(20211001, 1)}`);
  // The heaviest screen: on a busy machine its first load can take longer than the default wait.
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible({ timeout: 30_000 });
  const open = page.getByRole('button', { name: 'Update trust score' });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await tabTo(page, open);
  await page.keyboard.press('Enter');

  const scoreDialog = page.getByRole('dialog', { name: 'Update trust score' });
  const input = scoreDialog.getByLabel('Trust score (%)');
  await tabTo(page, input, 10);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('42');
  await page.keyboard.press('Enter');

  await expect(page.getByText('trust score updated successfully')).toBeVisible();
  await expect(scoreDialog).toHaveCount(0);
  await expect(page.getByTestId('trust-score')).toHaveText('42%');
  // The focus went back to where it was, so the person can carry on from there.
  await expect(open).toBeFocused();
});
