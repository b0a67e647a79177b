import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { bearer, openAs, reusableSession } from './fixtures/session';

/**
 * Staff input is shown as text: script-like values in a customer's name (written straight into
 * the database, as the customer app would), a greeting and a newsletter (through the API, as any
 * staff member can) appear literally on the pages that show them, and nothing in them runs: no
 * `window.__xss`, no dialog, and not even a blocked attempt (no CSP violation), so it is the
 * rendering that keeps them inert, not only the policy.
 */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const ALERT = '"><svg onload=alert(1)>';
const stamp = Date.now().toString(36);

const RECORD = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));`;

/** Opens the page as the account, recording dialogs and CSP violations. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(RECORD);
  /**
   * `parsedUntrusted`: the page read untrusted HTML in an inert document (nothing in it runs), and
   * Chromium still reports each inline handler it parses there as a script-src-attr violation; the
   * caller then shows with the DOM that no handler reached the live page.
   */
  return async (where: string, { parsedUntrusted = false } = {}) => {
    expect(await page.evaluate('typeof window.__xss'), `${where}: a script ran`).toBe('undefined');
    expect(dialogs, `${where}: a dialog opened`).toEqual([]);
    const violations = (await page.evaluate('window.__violations')) as string[];
    expect(
      violations.filter((v) => !(parsedUntrusted && v.startsWith('script-src-attr '))),
      `${where}: something tried to run`,
    ).toEqual([]);
  };
}

const post = async (request: APIRequestContext, token: string, path: string, data: object) => {
  const res = await request.post(path, { headers: bearer(token), data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id?: string; _id?: string } }).data;
};

test.describe('staff input shown as text', () => {
  test("a customer's name and username", async ({ page, request }) => {
    const fullName = `${IMG} ${SCRIPT} Probe ${stamp}`;
    const username = `${SCRIPT}${stamp}`;
    const [user] = await queryE2eDb<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code, profile_url, created_at) VALUES ($1, $2, $3, $4, 'javascript:window.__xss=1', now()) RETURNING id`,
      [fullName, username, `xss.${stamp}@example.test`, `XSS${stamp}`.toUpperCase()],
    );
    const check = await watch(page);
    // All Users: newest sign-up first, its username a link to the profile.
    await openAs(page, request, SUPPORT, '/all-users');
    const link = page.getByTestId('all-users-table').getByRole('link', { name: username, exact: true });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await check('all users');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/user-profile/${user!.id}$`));
    await expect(page.getByText(fullName, { exact: true }).first()).toBeVisible();
    // The picture address is not an http(s) one: no image is drawn from it (the initial shows).
    await expect(page.locator('img[src^="javascript:"]')).toHaveCount(0);
    await check('user profile');
  });

  test('a greeting', async ({ page, request }) => {
    const { token } = await reusableSession(request, SUPPORT);
    const title = `${SCRIPT} ${stamp}`;
    const description = `${IMG}${ALERT} greeting ${stamp}`;
    const expiry = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await post(request, token, '/v1/admin/create-alert', { title, description, timeFrame: '', expiry_time: expiry });
    const check = await watch(page);
    await openAs(page, request, SUPPORT, '/greetings');
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('cell', { name: description, exact: true })).toBeVisible();
    await check('greetings');
  });

  test("a newsletter's subject in the list and dialogs, and its HTML body in the editor", async ({ page, request }) => {
    const { token } = await reusableSession(request, SUPPORT);
    const subject = `${IMG}${SCRIPT} news ${stamp}`;
    const content = `<p>Hello <b>savers</b> ${IMG}<a href="javascript:window.__xss=1">click me</a> <a href="https://vaultdesk.test/rates">rates</a></p>${SCRIPT}<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><div onmouseover="window.__xss=1">hover</div>`;
    const { id } = await post(request, token, '/v1/newsletters/draft', {
      subject,
      bannerUrl: 'https://cdn.example.test/banner.png',
      previewMessage: SCRIPT,
      maillist: 'test',
      content,
      deliveryType: 'instant',
    });
    // The API stores the body cleaned; a draft stored before that was cleaned reaches the editor raw.
    await queryE2eDb(`UPDATE newsletters SET content = $1 WHERE id = $2`, [content, id]);
    const check = await watch(page);
    await openAs(page, request, SUPER_ADMIN, '/newsletter');
    const row = page.getByTestId('newsletters-table').getByRole('row').filter({ hasText: subject });
    await expect(row.getByRole('cell', { name: subject, exact: true })).toBeVisible({ timeout: 30_000 });
    await check('newsletter list');

    // A dialog titled with the subject shows it as text.
    await row.getByRole('button', { name: 'Send Test' }).click();
    const secret = page.getByRole('dialog');
    await expect(secret.getByText(`Send Test: ${subject}`, { exact: true })).toBeVisible();
    await secret.getByRole('button', { name: 'Cancel' }).click();
    await expect(secret).toBeHidden();

    // The editor shows the stored body's formatting and text, without its scripts, handlers or javascript: link.
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog').getByRole('textbox', { name: 'Content' });
    await expect(editor).toContainText('Hello savers click me rates');
    await expect(editor.locator('b')).toHaveText('savers');
    await expect(editor.locator('a')).toHaveCount(2);
    await expect(editor.locator('a').first()).not.toHaveAttribute('href', /.*/);
    await expect(editor.locator('a').nth(1)).toHaveAttribute('href', 'https://vaultdesk.test/rates');
    await expect(editor.locator('script, iframe, [onerror], [onmouseover]')).toHaveCount(0);
    await editor.getByText('hover').hover();
    await check('newsletter editor', { parsedUntrusted: true });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // The subject is stored as typed (mail subjects are text); the API's cleaning of bodies is newsletters.test.ts's.
    const [stored] = await queryE2eDb<{ subject: string }>(`SELECT subject FROM newsletters WHERE id = $1`, [id]);
    expect(stored!.subject).toBe(subject);
  });
});
