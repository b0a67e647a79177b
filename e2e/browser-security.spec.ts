import { expect, test, type Page } from '@playwright/test';
import { cspProblems, inlineCode } from '../test/browser-security';
import { SUPER_ADMIN } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { readStoredSession } from './fixtures/session';
import { nextTotpCode } from './fixtures/totp';

/**
 * The browser side of the security headers and of the session token: the built app is served
 * with a strict CSP and no inline script, its main screens and Swagger UI run without a single
 * CSP violation, and the session token travels in the Authorization header only, never in a URL.
 * (Staff input shown as text: xss.spec.ts. The API side: apps/api/src/reliability/browser-security.test.ts.)
 */

// Recorded in every document before the app's own scripts (init scripts are not subject to the CSP).
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
  });`;
const violations = (page: Page) => page.evaluate('window.__cspViolations') as Promise<string[]>;

test.describe('browser security', () => {
  test('every HTML answer of the built app and of /docs has a strict CSP and no inline script', async ({ request }) => {
    for (const url of [
      '/',
      '/login',
      '/all-users',
      '/user-profile/00000000-0000-0000-0000-000000000000',
      '/newsletter',
      '/confirm-admin/x',
      '/docs',
      '/docs/',
    ]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      expect(res.headers()['content-type'], url).toMatch(/^text\/html/);
      expect(cspProblems(res.headers()['content-security-policy']), url).toEqual([]);
      expect(inlineCode(await res.text()), url).toEqual([]);
    }
    // The app's index.html is the build's, with its script files.
    expect(await (await request.get('/')).text()).toMatch(
      /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/,
    );
  });

  test('sign-in and the main screens: no CSP violation, and the session token in no URL', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.addInitScript(RECORD_VIOLATIONS);

    await page.goto('/login');
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByLabel('Authentication code').fill(await nextTotpCode(SUPER_ADMIN.totpSecret!));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await violations(page), 'sign-in and dashboard').toEqual([]);
    const token = (JSON.parse((await readStoredSession(page)) ?? '{}') as { token?: string }).token ?? '';
    expect(token.length).toBeGreaterThan(20);

    const [customer] = await queryE2eDb<{ id: string }>(`SELECT id FROM users ORDER BY created_at LIMIT 1`);
    const screens: [string, string | RegExp][] = [
      ['/all-users', 'Users'],
      [`/user-profile/${customer!.id}`, /./],
      ['/newsletter', 'NewsLetter'],
      ['/greetings', /./],
      ['/users-kyc', /./],
      ['/admin-team', /./],
      ['/advanced/deposit-queue', /./],
      ['/audit-trail', /./],
      ['/reconciliation', 'Reconciliation'],
    ];
    for (const [url, heading] of screens) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: heading }).first(), url).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('current-user-email'), url).toHaveText(SUPER_ADMIN.email);
      expect(await violations(page), url).toEqual([]);
    }

    // Swagger UI renders the API document under the same policy.
    await page.goto('/docs');
    await expect(page.getByRole('heading', { name: /Vaultdesk admin API/ })).toBeVisible({ timeout: 20_000 });
    expect(await violations(page), '/docs').toEqual([]);

    // The app sent its calls (the recording is not empty), none with the token in its URL.
    expect(urls.filter((u) => u.includes('/v1/')).length).toBeGreaterThan(10);
    expect(urls.filter((u) => u.includes(token) || u.includes(encodeURIComponent(token)))).toEqual([]);
  });
});
