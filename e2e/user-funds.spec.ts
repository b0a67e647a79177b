import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { COMPLIANCE, SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { confirmation, confirmYes } from './fixtures/confirm';
import { apiLogin, bearer, openAs } from './fixtures/session';
import { E2E_DATABASE_URL } from './fixtures/ports';

/**
 * The profile's money actions, on a customer this spec creates itself (so it depends on no demo
 * row): lock and unlock savings plans, a lock another admin made first, Resolve of a duplicate
 * wallet, Remit Funds. The profile page mounts the funds components with these test ids:
 * `lock-savings-<planId>`, `resolve-wallet-<walletId>`, `remit-funds`.
 */

let pool: pg.Pool;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await pool.query(text, params)).rows as T[];

type Fixture = { userId: string; primary: string; duplicate: string; fixedA: string; fixedB: string; flexible: string };
let f: Fixture;

async function createCustomer(): Promise<Fixture> {
  const tag = randomUUID().slice(0, 8);
  const [user] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, has_completed_profile) VALUES ($1, $2, $3, $4, true) RETURNING id`,
    [`Funds Tester ${tag}`, `funds_${tag}`, `funds_${tag}@example.test`, `FUNDS${tag}`],
  );
  const userId = user!.id;
  const wallet = async (createdAt: string, n: number) =>
    (
      await q<{ id: string }>(
        `INSERT INTO wallets (user_id, name, address, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [userId, `Wallet ${n}`, `0x${tag}${String(n).padStart(32, '0')}`, createdAt],
      )
    )[0]!.id;
  const primary = await wallet('2024-01-01T00:00:00Z', 1);
  const duplicate = await wallet('2024-06-01T00:00:00Z', 2);
  for (const [walletId, currency, amount] of [
    [primary, 'BUSD', '150.25'],
    [primary, 'VLT', '40'],
    [duplicate, 'BUSD', '10.5'],
    [duplicate, 'VLT', '2'],
  ]) {
    await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, $2, $3, 'funding')`, [
      walletId,
      currency,
      amount,
    ]);
  }
  const plan = async (type: 'fixed' | 'flexible', name: string, deposit: string) =>
    (
      await q<{ id: string }>(
        `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, lock_period, deposit_time)
       VALUES ($1, $2, $3, $4, CASE WHEN $2 = 'fixed' THEN now() + interval '90 days' END, now() - interval '1 day') RETURNING id`,
        [userId, type, name, deposit],
      )
    )[0]!.id;
  return {
    userId,
    primary,
    duplicate,
    fixedA: await plan('fixed', 'Funds Fixed A', '500'),
    fixedB: await plan('fixed', 'Funds Fixed B', '100'),
    flexible: await plan('flexible', 'Funds Flexible', '75.5'),
  };
}

const planLock = async (id: string) =>
  (
    await q<{ locked: boolean; locked_amount: string | null; locked_comment: string | null }>(
      `SELECT locked, trim_scale(locked_amount)::text AS locked_amount, locked_comment FROM savings_plans WHERE id = $1`,
      [id],
    )
  )[0]!;

/** Waits for a toast, then for it to go, so the next identical toast is the next action's. */
async function toast(page: Page, text: string) {
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0, { timeout: 15_000 });
}

async function lockThroughDialog(page: Page, planId: string, comment: string, amount?: string) {
  await page.getByTestId(`lock-savings-${planId}`).getByRole('button', { name: 'Lock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock savings' });
  await expect(dialog).toBeVisible();
  if (amount !== undefined) await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Comment').fill(comment);
  await dialog.getByRole('button', { name: 'Lock' }).click();
  await confirmYes(page, { untilClosed: true });
}

test.describe.configure({ mode: 'serial' });

test.describe('profile money actions', () => {
  test.beforeAll(async () => {
    pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 2 });
    f = await createCustomer();
  });
  test.afterAll(async () => {
    await pool?.end();
  });

  test('Support can lock savings but sees neither Remit Funds nor Resolve', async ({ page, request }) => {
    await openAs(page, request, SUPPORT, `/user-profile/${f.userId}`);
    await expect(page.getByTestId(`lock-savings-${f.fixedA}`).getByRole('button', { name: 'Lock' })).toBeVisible();
    await expect(page.getByTestId('remit-funds')).toHaveCount(0);
    await expect(page.getByTestId(`resolve-wallet-${f.duplicate}`)).toHaveCount(0);
  });

  test('Super Admin locks and unlocks a fixed plan and locks part of a flexible plan', async ({ page, request }) => {
    await openAs(page, request, SUPER_ADMIN, `/user-profile/${f.userId}`);
    const fixed = page.getByTestId(`lock-savings-${f.fixedA}`);

    // The comment is required.
    await fixed.getByRole('button', { name: 'Lock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lock savings' });
    await dialog.getByRole('button', { name: 'Lock' }).click();
    await expect(dialog.getByText('Please input a comment')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await planLock(f.fixedA)).locked).toBe(false);

    await lockThroughDialog(page, f.fixedA, 'Funding source under review');
    await toast(page, 'updated successfully');
    await expect(fixed.getByText('Locked')).toBeVisible();
    expect(await planLock(f.fixedA)).toMatchObject({ locked: true, locked_comment: 'Funding source under review' });

    await fixed.getByRole('button', { name: 'Unlock' }).click();
    const unlock = page.getByRole('dialog', { name: 'Unlock savings' });
    await unlock.getByLabel('Comment').fill('Source of funds verified');
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await confirmYes(page, { untilClosed: true });
    await toast(page, 'updated successfully');
    await expect(fixed.getByRole('button', { name: 'Lock' })).toBeVisible();
    expect((await planLock(f.fixedA)).locked).toBe(false);

    // Flexible: the amount cannot exceed the deposit (75.5).
    const flexible = page.getByTestId(`lock-savings-${f.flexible}`);
    await flexible.getByRole('button', { name: 'Lock' }).click();
    const flexDialog = page.getByRole('dialog', { name: 'Lock savings' });
    await flexDialog.getByLabel('Comment').fill('Partial freeze');
    // Each wrong amount is named for what is wrong with it (not "at most 18 decimals" for all);
    // nothing is asked or saved.
    for (const [amount, said] of [
      ['-5', 'The amount must be greater than 0'],
      ['0', 'The amount must be greater than 0'],
      ['123456789012345678901', 'The amount is too large: at most 20 digits before the decimal point'],
      ['1.0000000000000000001', 'Enter an amount with at most 18 decimals'],
      ['12,5', 'Enter the amount as a number, for example 12.5'],
    ] as const) {
      await flexDialog.getByLabel('Amount').fill(amount);
      await flexDialog.getByRole('button', { name: 'Lock' }).click();
      await expect(flexDialog.getByText(said, { exact: true })).toBeVisible();
      await expect(confirmation(page)).toHaveCount(0);
    }
    expect((await planLock(f.flexible)).locked).toBe(false);
    await flexDialog.getByLabel('Amount').fill('75.6');
    await flexDialog.getByRole('button', { name: 'Lock' }).click();
    await expect(flexDialog.getByText('The amount cannot exceed the deposit')).toBeVisible();
    await flexDialog.getByLabel('Amount').fill('25.5');
    await flexDialog.getByRole('button', { name: 'Lock' }).click();
    await confirmYes(page, { untilClosed: true });
    await toast(page, 'updated successfully');
    await expect(flexible.getByText('Locked')).toBeVisible();
    expect(await planLock(f.flexible)).toMatchObject({
      locked: true,
      locked_amount: '25.5',
      locked_comment: 'Partial freeze',
    });
  });

  test('a lock another admin made first is reported with the server message and the view refreshes', async ({
    page,
    request,
  }) => {
    await openAs(page, request, SUPER_ADMIN, `/user-profile/${f.userId}`);
    const action = page.getByTestId(`lock-savings-${f.fixedB}`);
    await expect(action.getByRole('button', { name: 'Lock' })).toBeVisible();

    // Compliance locks the same plan while this page still shows it unlocked.
    const compliance = await apiLogin(request, COMPLIANCE);
    const first = await request.put('/v1/admin/lock-fixed-savings', {
      headers: bearer(compliance.token),
      data: { fixedSavingsId: f.fixedB, lockedComment: 'Locked by compliance', lockStatus: 'lock' },
    });
    expect(first.status()).toBe(200);

    await lockThroughDialog(page, f.fixedB, 'Second lock');
    await expect(page.getByText('The plan is already locked')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Lock savings' })).toBeHidden();
    await expect(action.getByText('Locked')).toBeVisible();
    expect(await planLock(f.fixedB)).toMatchObject({ locked: true, locked_comment: 'Locked by compliance' });
  });

  test('Resolve moves the duplicate wallet into the primary wallet', async ({ page, request }) => {
    await openAs(page, request, SUPER_ADMIN, `/user-profile/${f.userId}`);
    await page.getByTestId(`resolve-wallet-${f.duplicate}`).click();
    await confirmYes(page, { untilClosed: true });
    await expect(page.getByText('resolve action triggered')).toBeVisible();

    const wallets = await q<{ id: string; is_active: boolean }>(
      `SELECT id, is_active FROM wallets WHERE user_id = $1 ORDER BY created_at`,
      [f.userId],
    );
    expect(wallets).toEqual([
      { id: f.primary, is_active: true },
      { id: f.duplicate, is_active: false },
    ]);
    const balances = await q(
      `SELECT wallet_id, currency, trim_scale(balance)::text AS balance FROM wallet_balances WHERE wallet_id = ANY($1) ORDER BY wallet_id = $2 DESC, currency`,
      [[f.primary, f.duplicate], f.primary],
    );
    expect(balances).toEqual([
      { wallet_id: f.primary, currency: 'BUSD', balance: '160.75' },
      { wallet_id: f.primary, currency: 'VLT', balance: '42' },
      { wallet_id: f.duplicate, currency: 'BUSD', balance: '0' },
      { wallet_id: f.duplicate, currency: 'VLT', balance: '0' },
    ]);
  });

  test('Remit Funds remits BUSD and VLT with one request each, even on a double click, then is disabled', async ({
    page,
    request,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/advanced/trigger-remittance')) calls.push(r.postData() ?? '');
    });
    await openAs(page, request, SUPER_ADMIN, `/user-profile/${f.userId}`);
    const remit = page.getByTestId('remit-funds');
    await expect(remit).toBeEnabled();
    await remit.click();
    await expect(confirmation(page)).toBeVisible();
    await confirmation(page).getByRole('button', { name: 'Yes' }).dblclick();
    await expect(page.getByText('BUSD remittance trigger done')).toBeVisible();
    await expect(page.getByText('VLT remittance trigger done')).toBeVisible();
    await expect(remit).toBeDisabled();

    expect(calls.map((c) => JSON.parse(c).currency).sort()).toEqual([1, 2]);
    const remittances = await q(
      `SELECT currency, trim_scale(amount)::text AS amount, status FROM remittances WHERE user_id = $1 ORDER BY currency`,
      [f.userId],
    );
    expect(remittances).toEqual([
      { currency: 'BUSD', amount: '160.75', status: 'pending' },
      { currency: 'VLT', amount: '42', status: 'pending' },
    ]);
    const left = await q<{ total: string }>(
      `SELECT coalesce(trim_scale(sum(wb.balance)), 0)::text AS total FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id
        WHERE w.user_id = $1 AND wb.currency IN ('BUSD', 'VLT')`,
      [f.userId],
    );
    expect(left[0]!.total).toBe('0');
  });
});
