import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { COMPLIANCE, SUPPORT } from './fixtures/accounts';
import { confirmYes } from './fixtures/confirm';
import { openAs } from './fixtures/session';
import { E2E_DATABASE_URL } from './fixtures/ports';

/** The compliance lists and their actions, each used the way a compliance officer would. */
let pool: pg.Pool;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await pool.query(text, params)).rows as T[];

test.describe.configure({ mode: 'serial' });

test.describe('compliance lists', () => {
  test.beforeAll(async () => {
    pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 2 });
  });
  test.afterAll(async () => {
    await pool?.end();
  });

  test('Fraud List: "{n} users", rows open the profile; open roles are refused', async ({ page, request }) => {
    const [count] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM watchlist`);
    await openAs(page, request, COMPLIANCE, '/advanced/fraud-list');
    // The spec's first page: the server has just started and builds nothing ahead on a busy machine.
    await expect(page.getByRole('heading', { name: 'Fraud List' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('fraud-count')).toHaveText(`${count!.n} users`);
    const first = page.getByTestId('fraud-list-table').locator('tbody').getByRole('row').first();
    const username = (await first.locator('td').nth(1).innerText()).trim();
    await first.getByRole('link', { name: username }).click();
    await expect(page).toHaveURL(/\/user-profile\//);
    await expect(page.getByText(username).first()).toBeVisible();

    await openAs(page, request, SUPPORT, '/advanced/fraud-list');
    await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
  });

  test('Blacklisted Devices: add a device ("done"), De-list it and list it again', async ({ page, request }) => {
    const device = `E2E-DEVICE-${randomUUID().slice(0, 8)}`;
    const [user] = await q<{ username: string }>(`SELECT username::text FROM users ORDER BY created_at LIMIT 1`);
    await openAs(page, request, COMPLIANCE, '/advanced/blacklisted-devices');
    await page.getByRole('button', { name: 'Add Device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Device' });
    await dialog.getByLabel('Device ID').fill(device);
    await dialog.getByLabel('User').fill(user!.username);
    await dialog.getByRole('button', { name: 'Blacklist' }).click();
    await expect(page.getByText('done', { exact: true })).toBeVisible();
    const row = page
      .getByTestId('blacklisted-devices-table')
      .locator('tbody')
      .getByRole('row')
      .filter({ hasText: device });
    await expect(row).toContainText('blacklisted');
    await expect(row).toContainText(user!.username);

    await row.getByRole('button', { name: 'De-list Device' }).click();
    await confirmYes(page);
    await expect(row).toContainText('de-listed');
    expect(
      (await q<{ b: boolean }>(`SELECT blacklisted AS b FROM blacklisted_devices WHERE device_id = $1`, [device]))[0]!
        .b,
    ).toBe(false);
    await row.getByRole('button', { name: 'Blacklist Device' }).click();
    await confirmYes(page);
    await expect(row).toContainText('blacklisted');

    // A device already listed: the add fails.
    await page.getByRole('button', { name: 'Add Device' }).click();
    await dialog.getByLabel('Device ID').fill(device);
    await dialog.getByRole('button', { name: 'Blacklist' }).click();
    await expect(page.getByText('failed', { exact: true })).toBeVisible();
    await expect(dialog.getByText('This device is already on the list')).toBeVisible();
  });

  test('Double Funding: Pending and Deleted filters, status colours, on the open and the advanced route', async ({
    page,
    request,
  }) => {
    const [counts] = await q<{ pending: number; deleted: number }>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'deleted')::int AS deleted FROM double_fundings`,
    );
    await openAs(page, request, SUPPORT, '/double-funding');
    await expect(page.getByRole('heading', { name: 'Double Funding' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    const rows = page.getByTestId('double-funding-table').locator('tbody').getByRole('row');
    await expect(rows).toHaveCount(Math.min(10, counts!.pending));
    await page.getByRole('button', { name: 'Deleted' }).click();
    await expect(page).toHaveURL(/status=deleted/);
    await expect(rows).toHaveCount(Math.min(10, counts!.deleted));
    await expect(rows.first().getByText('Deleted')).toBeVisible();

    await openAs(page, request, COMPLIANCE, '/advanced/double-funding');
    await expect(page.getByRole('heading', { name: 'Double Funding' })).toBeVisible();
    await expect(rows.first()).toBeVisible();
  });

  test('Locked savings: a locked flexible plan is unlocked with confirmation, releasing exactly its locked amount', async ({
    page,
    request,
  }) => {
    const tag = randomUUID().slice(0, 8);
    const [user] = await q<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Locked Saver ${tag}`, `locked_${tag}`, `locked_${tag}@example.test`, `LCK${tag}`],
    );
    const [plan] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, locked, locked_amount, locked_comment, locked_at)
       VALUES ($1, 'flexible', $2, 400, true, 123.45, 'Source of funds check', now() + interval '1 day') RETURNING id`,
      [user!.id, `Flex ${tag}`],
    );
    await openAs(page, request, SUPPORT, '/compliance/locked-fixed');
    await expect(page.getByRole('button', { name: 'Locked Fixed Savings' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Locked Flexible Savings' }).click();
    await expect(page).toHaveURL(/\/compliance\/locked-flexible$/);
    const row = page
      .getByTestId('locked-savings-table')
      .locator('tbody')
      .getByRole('row')
      .filter({ hasText: `Flex ${tag}` });
    await expect(row).toContainText('Locked');
    await expect(row).toContainText('123.4500');
    await row.getByRole('button', { name: 'Unlock' }).click();
    const dialog = page.getByRole('dialog', { name: `Unlock Flex ${tag}` });
    await expect(dialog).toContainText('Releases the locked 123.4500 of this plan.');
    await dialog.getByLabel('Reason').fill('Source of funds verified');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await confirmYes(page);
    await expect(page.getByText('unlocked Successfully')).toBeVisible();
    await expect(row).toContainText('Unlocked');
    await expect(row.getByRole('button', { name: 'Unlock' })).toHaveCount(0);
    const [after] = await q<{ locked: boolean; locked_amount: string | null }>(
      `SELECT locked, locked_amount FROM savings_plans WHERE id = $1`,
      [plan!.id],
    );
    expect(after).toEqual({ locked: false, locked_amount: null });
    const [audit] = await q<{ before: { lockedAmount: string } }>(
      `SELECT before FROM audit_log WHERE action = 'savings-plan.unlock' AND target_id = $1`,
      [plan!.id],
    );
    expect(audit!.before.lockedAmount).toBe('123.45');
    // The plan hold ledger: the plan held its locked amount from the moment it was written locked,
    // and the unlock released exactly that; nothing stays held.
    const holds = await q<{ kind: string; amount: string; held_after: string }>(
      `SELECT kind, trim_scale(amount)::text AS amount, trim_scale(held_after)::text AS held_after FROM savings_lock_entries WHERE plan_id = $1 ORDER BY id`,
      [plan!.id],
    );
    expect(holds).toEqual([
      { kind: 'lock', amount: '123.45', held_after: '123.45' },
      { kind: 'unlock', amount: '-123.45', held_after: '0' },
    ]);
  });

  test("Locked savings: a lock another officer changed meanwhile (unlocked and locked again) is not released: 'Could not complete operation'", async ({
    page,
    request,
  }) => {
    const tag = randomUUID().slice(0, 8);
    const [user] = await q<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Stale Saver ${tag}`, `stale_${tag}`, `stale_${tag}@example.test`, `STL${tag}`],
    );
    const [plan] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, locked, locked_comment, locked_at)
       VALUES ($1, 'fixed', $2, 250, true, 'Under review', now() + interval '2 days') RETURNING id`,
      [user!.id, `Fixed ${tag}`],
    );
    await openAs(page, request, SUPPORT, '/compliance/locked-fixed');
    const row = page
      .getByTestId('locked-savings-table')
      .locator('tbody')
      .getByRole('row')
      .filter({ hasText: `Fixed ${tag}` });
    await expect(row).toContainText('Locked');
    await row.getByRole('button', { name: 'Unlock' }).click();
    const dialog = page.getByRole('dialog', { name: `Unlock Fixed ${tag}` });
    await expect(dialog).toContainText('Releases the whole plan.');
    await dialog.getByLabel('Reason').fill('Cleared');
    // Meanwhile another officer unlocks the plan and locks it again: it is locked, as this screen
    // shows, but not the lock this officer saw (the screen sends the lock version it listed).
    await q(`UPDATE savings_plans SET locked = false, unlocked_at = now(), updated_at = now() WHERE id = $1`, [
      plan!.id,
    ]);
    await q(
      `UPDATE savings_plans SET locked = true, locked_comment = 'Locked again', locked_at = now(), updated_at = now() WHERE id = $1`,
      [plan!.id],
    );
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await confirmYes(page);
    await expect(page.getByText('Could not complete operation', { exact: true })).toBeVisible();
    await expect(row).toContainText('Locked again');
    // The other officer's unlock and lock are the only moves; the refused unlock wrote nothing.
    const holds = await q<{ kind: string; amount: string }>(
      `SELECT kind, trim_scale(amount)::text AS amount FROM savings_lock_entries WHERE plan_id = $1 ORDER BY id`,
      [plan!.id],
    );
    expect(holds).toEqual([
      { kind: 'lock', amount: '250' },
      { kind: 'unlock', amount: '-250' },
      { kind: 'lock', amount: '250' },
    ]);
    expect(await q(`SELECT locked FROM savings_plans WHERE id = $1`, [plan!.id])).toEqual([{ locked: true }]);
    expect(
      await q(`SELECT 1 FROM audit_log WHERE action = 'savings-plan.unlock' AND target_id = $1`, [plan!.id]),
    ).toHaveLength(0);
  });

  test('Search Funding Request: classifies the input; anything else sends nothing', async ({ page, request }) => {
    const [fr] = await q<{ transaction_hash: string; email: string; receiving_address: string }>(
      `SELECT f.transaction_hash, u.email::text AS email, f.receiving_address FROM funding_requests f JOIN users u ON u.id = f.user_id LIMIT 1`,
    );
    await openAs(page, request, COMPLIANCE, '/advanced/funding-requests');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/admin/funding-request')) sent.push(r.url());
    });
    const input = page.getByLabel('Wallet address, e-mail or transaction hash');
    await input.fill('not a thing');
    await input.press('Enter');
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);

    await input.fill(fr!.transaction_hash);
    await input.press('Enter');
    await expect(page.getByTestId('funding-search-kind')).toHaveText('Searching by transactionHash');
    await expect(page.getByTestId('funding-requests-table')).toContainText(fr!.email);
    await input.fill(fr!.email);
    await input.press('Enter');
    await expect(page.getByTestId('funding-search-kind')).toHaveText('Searching by email');
    await input.fill(fr!.receiving_address);
    await input.press('Enter');
    await expect(page.getByTestId('funding-search-kind')).toHaveText('Searching by receivingAddress');
    await expect(page.getByTestId('funding-requests-table')).toContainText(fr!.email);
    expect(sent).toHaveLength(3);
  });

  test('Plans About to Mature: fixed plans near or past their lock end, ten per page', async ({ page, request }) => {
    const [count] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM savings_plans WHERE plan_type = 'fixed' AND plan_state <> 'withdrawn' AND lock_period <= now() + interval '7 days'`,
    );
    await openAs(page, request, COMPLIANCE, '/advanced/plans-about-mature');
    await expect(page.getByRole('heading', { name: 'Plans About to Mature / Yet to Withdraw' })).toBeVisible();
    await expect(page.getByTestId('maturing-plans-table').locator('tbody').getByRole('row')).toHaveCount(
      Math.min(10, count!.n),
    );
  });
});
