import { expect, test } from '@playwright/test';
import { SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { queryE2eDb, withTriggersOff } from './fixtures/db';
import { apiLogin, bearer, openAs } from './fixtures/session';

const LOCATION = { longitude: '3.3792', latitude: '6.5244' };

test.describe('audit trail', () => {
  test('Super Admin reads the sign-ins, filters them and keeps the view in the URL', async ({ page, request }) => {
    // A sign-in sent with location headers, to be found in the trail with its coordinates.
    await apiLogin(request, SUPER_ADMIN, LOCATION);
    await openAs(page, request, SUPER_ADMIN, '/');

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Audit Trail', exact: true })
      .click();
    await expect(page).toHaveURL(/\/audit-trail$/);
    await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'auth.login' }).first()).toBeVisible();

    await page.getByRole('textbox', { name: 'Action' }).fill('auth.login');
    await page.getByLabel('Actor email').fill(SUPER_ADMIN.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/action=auth\.login/);
    await expect(page).toHaveURL(/actor=superadmin%40vaultdesk\.test/);

    const rows = table.getByRole('row').filter({ hasText: 'auth.login' });
    await expect(rows.filter({ hasNotText: SUPER_ADMIN.email })).toHaveCount(0);
    await expect(rows.filter({ hasText: '6.5244, 3.3792' }).first()).toBeVisible();
    await expect(rows.first()).toContainText('127.0.0.1');
    const filteredCount = await rows.count();
    expect(filteredCount).toBeGreaterThanOrEqual(2);

    // The filtered view survives a reload.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Action' })).toHaveValue('auth.login');
    await expect(page.getByLabel('Actor email')).toHaveValue(SUPER_ADMIN.email);
    await expect(rows).toHaveCount(filteredCount);

    // The details of a change open under its row.
    await rows
      .first()
      .getByRole('button', { name: /expand row/i })
      .click();
    await expect(table.getByText('"twoFactor": true').first()).toBeVisible();

    // Paging is in the URL too.
    await page.goto('/audit-trail?action=auth.login&pageSize=1');
    await expect(table.getByRole('row').filter({ hasText: 'auth.login' })).toHaveCount(1);
    await page.getByRole('listitem', { name: 'Next Page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(table.getByRole('row').filter({ hasText: 'auth.login' })).toHaveCount(1);
  });

  test("Verify walks the hash chain: intact with a count, names a row edited behind the app's back, intact again once it is put back", async ({
    page,
    request,
  }) => {
    await openAs(page, request, SUPER_ADMIN, '/audit-trail');
    await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
    const rowsBefore = (await queryE2eDb<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
    // The name reads "loading Verify" while Ant Design's loading icon animates out after an answer;
    // a loaded machine was seen to keep it there, so the button is found by its own word.
    const verify = page.getByRole('button', { name: /^(loading )?Verify$/ });
    const result = page.getByTestId('audit-verify-result');

    await verify.click();
    await expect(result).toContainText(/Audit chain intact: \d+ rows checked/);
    const checked = Number(/intact: (\d+) rows/.exec((await result.textContent()) ?? '')![1]);
    expect(checked).toBeGreaterThanOrEqual(rowsBefore);

    // A row changed directly in the database, triggers off: the API never sees it happen.
    const [victim] = await queryE2eDb<{ id: string; after: string }>(
      `SELECT id::text, after::text AS after FROM audit_log WHERE action = 'auth.login' AND after IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`,
    );
    await withTriggersOff((c) =>
      c.query(`UPDATE audit_log SET after = after || '{"twoFactor": false}' WHERE id = $1`, [victim!.id]),
    );
    try {
      await expect(async () => {
        await verify.click({ timeout: 2_000 });
        await expect(result).toContainText(`Audit chain broken at row ${victim!.id} (content changed)`, {
          timeout: 3_000,
        });
      }).toPass({ timeout: 30_000 });
    } finally {
      // Put back exactly (jsonb text round-trips), so later specs on this database see an intact chain.
      await withTriggersOff((c) =>
        c.query(`UPDATE audit_log SET after = $2::jsonb WHERE id = $1`, [victim!.id, victim!.after]),
      );
    }
    // Pressed until the fresh walk answers: a press while the previous answer's icon still leaves can be lost.
    await expect(async () => {
      await verify.click({ timeout: 2_000 });
      await expect(result).toContainText(/Audit chain intact: \d+ rows checked/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  });

  test('Anchor now writes the head on chain and in the file store; the screen shows the last anchor and Verify checks against it', async ({
    page,
    request,
  }) => {
    await openAs(page, request, SUPER_ADMIN, '/audit-trail');
    await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
    const anchorNow = page.getByRole('button', { name: /^(loading )?Anchor now$/ });
    await expect(anchorNow).toBeEnabled();
    await anchorNow.click();
    const result = page.getByTestId('audit-anchor-result');
    await expect(result).toContainText(
      /Anchor \d+ written: rows up to \d+ \(chain position \d+\), transaction 0x[0-9a-f]{64} on chain 31337/,
    );
    const [anchor] = await queryE2eDb<{ id: string; head_row_id: string; tx_hash: string; chain_id: number }>(
      `SELECT id::text, head_row_id::text, tx_hash, chain_id FROM audit_anchors ORDER BY id DESC LIMIT 1`,
    );
    // The last anchor, as the index lists it: when, the head row, the transaction and its chain.
    const shown = page.getByTestId('audit-anchor');
    await expect(shown).toContainText(`Last anchor: anchor ${anchor!.id}`);
    await expect(shown).toContainText(`row ${anchor!.head_row_id} (chain position`);
    await expect(page.getByTestId('audit-anchor-tx')).toHaveText(`${anchor!.tx_hash} on chain ${anchor!.chain_id}`);
    // Audited, and the trail still verifies, now against the anchor too.
    const [audited] = await queryE2eDb<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'audit.anchor' AND target_id = $1`,
      [anchor!.id],
    );
    expect(audited!.n).toBe(1);
    const verify = page.getByRole('button', { name: /^(loading )?Verify$/ });
    await expect(async () => {
      await verify.click({ timeout: 2_000 });
      await expect(page.getByTestId('audit-verify-result')).toContainText(
        /Audit chain intact: \d+ rows checked\. Anchors: \d+ anchors? match(es)? the rows, each confirmed on chain/,
        { timeout: 5_000 },
      );
    }).toPass({ timeout: 30_000 });
  });

  test('Support sees no Audit Trail item and gets 403 on the route', async ({ page, request }) => {
    const session = await openAs(page, request, SUPPORT, '/');
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard', exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Trail', exact: true }),
    ).toHaveCount(0);

    await page.goto('/audit-trail');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    // The server refuses it as well.
    const response = await request.get('/v1/admin/audit-logs', { headers: bearer(session.token) });
    expect(response.status()).toBe(403);
    expect((await request.get('/v1/admin/audit-logs/verify', { headers: bearer(session.token) })).status()).toBe(403);
    expect((await request.post('/v1/admin/audit-logs/anchors', { headers: bearer(session.token) })).status()).toBe(403);
  });
});
