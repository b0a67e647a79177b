import { chromium, expect, test, type Browser } from '@playwright/test';
import config from '../playwright.config';
import { SUPER_ADMIN } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { E2E_PORT } from './fixtures/ports';
import { nextTotpCode } from './fixtures/totp';

/**
 * The app opened from a colleague's computer: by a host name that is not localhost, over plain
 * HTTP (issue 21, finding 1). Chromium maps the name to this machine, so the browser treats the
 * origin as any other remote http:// site: a CSP `upgrade-insecure-requests` would rewrite every
 * script and stylesheet to https:// (a blank page), and an HSTS header would be remembered. The
 * server here runs with the default APP_URL (http://localhost:PORT), so neither is sent. Such an
 * origin is no secure context either: the browser offers no Web Crypto to decrypt the pictures.
 */
const HOST = 'office-server.test';
const origin = `http://${HOST}:${E2E_PORT}`;

let browser: Browser;
test.beforeAll(async () => {
  const launch = config.use?.launchOptions ?? {};
  browser = await chromium.launch({
    ...launch,
    executablePath: launch.executablePath ?? '/usr/bin/chromium',
    args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
});
test.afterAll(async () => {
  await browser?.close();
});

test('signed in by a non-localhost name over plain HTTP: the dashboard and the decrypted KYC pictures show, and no request failed', async () => {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const failed: string[] = [];
  const requested: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText ?? '?'}`));
  page.on('request', (r) => requested.push(r.url()));
  page.on('response', (r) => {
    if (r.status() >= 500) failed.push(`${r.url()}: ${r.status()}`);
  });
  try {
    const login = await page.goto('/login');
    expect(login?.status()).toBe(200);
    // With its scripts and styles rewritten to https:// the page stays blank.
    await expect(page.getByRole('button', { name: 'Sign In', exact: true }), 'the sign-in page renders').toBeVisible();
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByLabel('Authentication code').fill(await nextTotpCode(SUPER_ADMIN.totpSecret!));
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('current-user-email')).toHaveText(SUPER_ADMIN.email);
    await expect(page.getByTestId('card-total-users')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // The encrypted pictures: this origin is no secure context, so the browser has no Web Crypto
    // and the app decrypts them itself.
    expect(await page.evaluate('({ secure: window.isSecureContext, subtle: typeof crypto.subtle })')).toEqual({
      secure: false,
      subtle: 'undefined',
    });
    const [kyc] = await queryE2eDb<{ user_id: string }>(
      'SELECT user_id FROM kyc_records WHERE idcard_ipfs_hash IS NOT NULL AND selfie_ipfs_hash IS NOT NULL ORDER BY id LIMIT 1',
    );
    await page.goto(`/manage-kyc/${kyc!.user_id}`);
    await expect(page.getByRole('heading', { name: 'Manage KYC' })).toBeVisible();
    for (const alt of ['ID card', 'Selfie']) {
      const img = page.getByRole('img', { name: alt, exact: true });
      await expect(img, alt).toBeVisible();
      await expect
        .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), { message: alt })
        .toBeGreaterThan(100);
    }
    await page.waitForLoadState('networkidle');

    // Every request went to the name it was opened by, over http, and none failed.
    expect(failed).toEqual([]);
    expect(
      requested.filter((u) => u.includes('/assets/')).length,
      'the built scripts and styles were loaded',
    ).toBeGreaterThan(0);
    expect(requested.filter((u) => u.includes('/v1/')).length, 'the app called its API').toBeGreaterThan(0);
    expect(
      requested.filter((u) => new URL(u).origin === origin || u.startsWith('data:') || u.startsWith('blob:')),
    ).toEqual(requested);
    // What made it so: no upgrade and no HSTS in the answers over plain HTTP.
    const headers = login!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
  } finally {
    await context.close();
  }
});
