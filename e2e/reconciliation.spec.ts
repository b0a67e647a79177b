import { expect, test } from '@playwright/test';
import { COMPLIANCE, SUPER_ADMIN } from './fixtures/accounts';
import { bearer, openAs } from './fixtures/session';

test.describe('reconciliation', () => {
  test('Super Admin presses Run now: the worker runs it, the page shows it when done: 0 unexplained drift on the demo data, the flags explained, the batches on chain', async ({
    page,
    request,
  }) => {
    await openAs(page, request, SUPER_ADMIN, '/');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Reconciliation', exact: true })
      .click();
    await expect(page).toHaveURL(/\/reconciliation$/);
    await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();

    // Whatever ran before (another spec, the daily run), this run is the one the page ends on.
    const runNow = page.getByRole('button', { name: 'Run now' });
    await expect(runNow).toBeEnabled({ timeout: 60_000 });
    const before = (await page.getByTestId('rec-run-info').count())
      ? await page.getByTestId('rec-run-info').innerText()
      : null;
    await runNow.click();
    await expect(page.getByText('Reconciliation run queued')).toBeVisible();
    // The page polls while the run is queued or running, and shows the run once the worker is done.
    if (before) await expect(page.getByTestId('rec-run-info')).not.toHaveText(before, { timeout: 60_000 });
    await expect(page.getByTestId('rec-run-info')).toContainText('asked by Sade Super (superadmin@vaultdesk.test)', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('rec-current')).toHaveCount(0);
    await expect(runNow).toBeEnabled();
    await expect(page.getByTestId('rec-last-failure')).toHaveCount(0);

    await expect(page.getByTestId('rec-verdict')).toContainText('0 unexplained drift');
    await expect(page.getByTestId('rec-ledger-drift').getByLabel('Ledger drift')).toHaveText('0');
    await expect(page.getByTestId('rec-flagged-unexplained').getByLabel('Flags unexplained')).toHaveText('0');
    await expect(page.getByTestId('rec-hold-drift').getByLabel('Hold drift')).toHaveText('0');
    await expect(page.getByTestId('rec-batches-mismatching').getByLabel('Batches mismatching')).toHaveText('0');
    // Every wallet was looked at.
    const wallets = Number(
      (await page.getByTestId('rec-wallets').getByLabel('Wallets checked').innerText()).replace(/\D/g, ''),
    );
    expect(wallets).toBeGreaterThan(100);

    // The demo's deposits processed twice are flagged over 5 and explained by their second ledger row.
    const flagged = page.getByTestId('rec-table-flagged');
    await expect(flagged.getByRole('row').filter({ hasText: 'Explained' }).first()).toBeVisible();
    await expect(flagged.getByRole('row').filter({ hasText: 'Unexplained' })).toHaveCount(0);
    await expect(flagged.getByRole('row').filter({ hasText: 'posted again' }).first()).toBeVisible();

    // The saved batches were replayed on this server's chain at start: each matches its receipt.
    const batches = page.getByTestId('rec-table-batches');
    await expect(batches.getByRole('row').filter({ hasText: 'Matching' }).first()).toBeVisible();
    await expect(batches.getByRole('row').filter({ hasText: 'Mismatching' })).toHaveCount(0);
    // No table of drift rows when there are none.
    await expect(page.getByTestId('rec-table-ledger')).toHaveCount(0);
    await expect(page.getByTestId('rec-table-holds')).toHaveCount(0);
  });

  test('Compliance sees no Reconciliation item, gets the 403 page, and the server refuses the call', async ({
    page,
    request,
  }) => {
    const session = await openAs(page, request, COMPLIANCE, '/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Reconciliation', exact: true })).toHaveCount(0);

    await page.goto('/reconciliation');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reconciliation' })).toHaveCount(0);

    const response = await request.get('/v1/admin/reconciliation', { headers: bearer(session.token) });
    expect(response.status()).toBe(403);
    const run = await request.post('/v1/admin/reconciliation/runs', { headers: bearer(session.token) });
    expect(run.status()).toBe(403);
  });
});
