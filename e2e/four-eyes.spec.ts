import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { COMPLIANCE, SUPER_ADMIN } from './fixtures/accounts';
import { confirmYes } from './fixtures/confirm';
import { bearer, openAs, reusableSession, seedSession } from './fixtures/session';
import { E2E_DATABASE_URL } from './fixtures/ports';

/**
 * Four eyes, end to end: with the approval policy holding back Remit Funds above 1000 USD, one
 * Super Admin asks for a remittance of 5000 BUSD (giving a reason); the balance does not move.
 * A second Super Admin, in another browser context, sees the count in the menu and on the
 * dashboard, opens Approvals and approves it: the balance moves once. The policy is put back
 * (off) afterwards, as the other specs expect. Also: cancel and reject from the screen, and the
 * policy set on Internal Settings.
 */

let pool: pg.Pool;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await pool.query(text, params)).rows as T[];
const POLICY_OFF = {
  remitFunds: { thresholdUsd: null },
  withdrawalOut: { thresholdUsd: null },
  settings: { required: false },
  admins: { required: false },
  blacklist: { required: false },
  expiryHours: 24,
};
const setPolicy = (policy: object) =>
  q(`INSERT INTO approval_policy_versions (policy, created_at) VALUES ($1, clock_timestamp())`, [
    JSON.stringify({ ...POLICY_OFF, ...policy }),
  ]);
const busd = async (userId: string) =>
  (
    await q<{ b: string }>(
      `SELECT trim_scale(coalesce(sum(wb.balance), 0))::text AS b FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id WHERE w.user_id = $1 AND wb.currency = 'BUSD'`,
      [userId],
    )
  )[0]!.b;

/** A second Super Admin with a signed-in session (two-factor passed), written straight into the database. */
async function secondSuperAdmin() {
  const email = 'second-approver@vaultdesk.test';
  await q(
    `INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled)
           SELECT $1, 'Second Approver', 'x', id, 'active', true FROM roles WHERE slug = 'super-admin' ON CONFLICT (email) DO NOTHING`,
    [email],
  );
  const token = randomBytes(32).toString('base64url');
  const expiresIn = Date.now() + 3_600_000;
  await q(
    `INSERT INTO staff_sessions (staff_id, token_hash, two_factor_passed, expires_at) SELECT id, $2, true, to_timestamp($3 / 1000.0) FROM staff WHERE email = $1`,
    [email, createHash('sha256').update(token).digest('hex'), expiresIn],
  );
  return { token, expiresIn, enable2FA: true };
}

const tagged = () => randomUUID().slice(0, 8);
async function customerWith(tag: string, funds: [string, string][]) {
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, has_completed_profile) VALUES ($1, $2, $3, $4, true) RETURNING id`,
    [`Four Eyes ${tag}`, `foureyes_${tag}`, `foureyes_${tag}@example.test`, `FE${tag}`],
  );
  const [w] = await q<{ id: string; address: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id, address`,
    [u!.id, `0x${tag}${'0'.repeat(32)}`],
  );
  // A funding as the product records one: the customer's history row and its ledger entry (so the
  // reconciliation run of a later spec finds the balance explained).
  for (const [currency, amount] of funds) {
    const [t] = await q<{ id: string }>(
      `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, description, to_address)
      VALUES ($1, $2, $3, $3, 0, $4, 0, 'funding', 'Four eyes test funding', $5) RETURNING id`,
      [u!.id, w!.id, amount, currency, w!.address],
    );
    await q(
      `INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type, reference_id) VALUES ($1, $2, $3, 'funding', 'wallet_transaction', $4)`,
      [w!.id, currency, amount, t!.id],
    );
  }
  return { userId: u!.id };
}

test.describe.configure({ mode: 'serial' });

test.describe('four eyes on Remit Funds', () => {
  let userId = '';
  test.beforeAll(async () => {
    pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 2 });
    userId = (await customerWith(tagged(), [['BUSD', '5000']])).userId;
    await setPolicy({ remitFunds: { thresholdUsd: '1000' } });
  });
  test.afterAll(async () => {
    await setPolicy({});
    await pool.end();
  });

  test('one Super Admin asks, a second approves in another context, the balance moves once', async ({
    page,
    request,
    browser,
  }) => {
    await openAs(page, request, SUPER_ADMIN, `/user-profile/${userId}`);
    await page.getByTestId('remit-funds').click();
    await confirmYes(page);
    const dialog = page.getByRole('dialog', { name: 'Approval needed' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reason').fill('Customer asked to close the account (ticket 4411)');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByText('Sent for approval: a second member of staff must approve it')).toBeVisible();
    expect(await busd(userId)).toBe('5000');
    const [asked] = await q<{ id: string; status: string; reason: string }>(
      `SELECT id, status, reason FROM approval_requests WHERE payload->'body'->>'userId' = $1`,
      [userId],
    );
    expect(asked).toMatchObject({ status: 'pending', reason: 'Customer asked to close the account (ticket 4411)' });

    // The requester sees it, can cancel it, cannot approve it.
    await page.goto('/approvals');
    const own = page.getByTestId(`approval-${asked!.id}`);
    await expect(own).toContainText('Remit the whole BUSD balance (5000 BUSD)');
    await expect(own.getByRole('button', { name: 'Cancel request' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const other = await browser.newContext();
    try {
      const approverPage = await other.newPage();
      await seedSession(approverPage, await secondSuperAdmin());
      await approverPage.goto('/');
      await expect(approverPage.getByTestId('approvals-waiting')).toContainText('awaiting your approval');
      await expect(approverPage.getByTestId('nav-badge-/approvals')).toBeVisible();
      await approverPage
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: /Approvals/ })
        .click();
      const card = approverPage.getByTestId(`approval-${asked!.id}`);
      await expect(card).toContainText('Customer asked to close the account (ticket 4411)');
      await expect(card).toContainText(SUPER_ADMIN.email);
      await card.getByRole('button', { name: 'Approve' }).click();
      await confirmYes(approverPage);
      await expect(approverPage.getByText('Approved and carried out')).toBeVisible();
      await expect(card).toHaveCount(0);
    } finally {
      await other.close();
    }

    expect(await busd(userId)).toBe('0');
    expect(
      await q(`SELECT trim_scale(amount)::text AS amount, status FROM remittances WHERE user_id = $1`, [userId]),
    ).toEqual([{ amount: '5000', status: 'pending' }]);
    expect(
      await q(`SELECT status, decided_by_email::text AS by FROM approval_requests WHERE id = $1`, [asked!.id]),
    ).toEqual([{ status: 'approved', by: 'second-approver@vaultdesk.test' }]);
  });

  test('the requester cancels one request; a second member of staff rejects another; nothing moves', async ({
    page,
    request,
    browser,
  }) => {
    const session = await reusableSession(request, SUPER_ADMIN);
    const ask = async (currency: 1 | 2, reason: string) => {
      const res = await request.post('/v1/advanced/trigger-remittance', {
        data: { userId: other.userId, currency },
        headers: { ...bearer(session.token), 'X-Approval-Reason': encodeURIComponent(reason) },
      });
      expect(res.status(), await res.text()).toBe(202);
      return ((await res.json()) as { data: { approvalRequestId: string } }).data.approvalRequestId;
    };
    const other = await customerWith(tagged(), [
      ['BUSD', '3000'],
      ['VLT', '20000'],
    ]);
    const toCancel = await ask(1, 'Asked by mistake: to cancel');
    const toReject = await ask(2, 'No ticket: to be rejected');

    await openAs(page, request, SUPER_ADMIN, '/approvals');
    const mine = page.getByTestId(`approval-${toCancel}`);
    await mine.getByRole('button', { name: 'Cancel request' }).click();
    await confirmYes(page);
    await expect(page.getByText('Request cancelled')).toBeVisible();
    await expect(mine).toHaveCount(0);

    const context = await browser.newContext();
    try {
      const approverPage = await context.newPage();
      await seedSession(approverPage, await secondSuperAdmin());
      await approverPage.goto('/approvals');
      const card = approverPage.getByTestId(`approval-${toReject}`);
      await expect(card).toContainText('No ticket: to be rejected');
      await expect(approverPage.getByTestId(`approval-${toCancel}`)).toHaveCount(0);
      await card.getByRole('button', { name: 'Reject' }).click();
      await confirmYes(approverPage);
      await expect(approverPage.getByText('Request rejected')).toBeVisible();
      await expect(card).toHaveCount(0);
      await approverPage.getByRole('tab', { name: 'Rejected' }).click();
      await expect(approverPage.getByTestId(`approval-${toReject}`)).toContainText('second-approver@vaultdesk.test');
    } finally {
      await context.close();
    }
    expect(
      await q(`SELECT id, status FROM approval_requests WHERE id = ANY($1) ORDER BY status`, [[toCancel, toReject]]),
    ).toEqual([
      { id: toCancel, status: 'cancelled' },
      { id: toReject, status: 'rejected' },
    ]);
    expect(await busd(other.userId)).toBe('3000');
    expect(await q(`SELECT count(*)::int AS n FROM remittances WHERE user_id = $1`, [other.userId])).toEqual([
      { n: 0 },
    ]);
  });

  // A change that only strengthens (a lower threshold, a kind switched on) applies at once; one that weakens would wait.
  test('the policy is set on Internal Settings: a new version with who and when', async ({ page, request }) => {
    await openAs(page, request, COMPLIANCE, '/advanced/settings');
    const card = page.getByTestId('approval-policy');
    await expect(card).toContainText('Above 1000 USD');
    await card.getByRole('button', { name: 'Change policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the approval policy' });
    await dialog.getByLabel(/^Remit Funds/).fill('500');
    await dialog.getByLabel(/^Blacklist and unlock/).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Approval policy updated')).toBeVisible();
    await expect(card).toContainText('Above 500 USD');
    await expect(card).toContainText(COMPLIANCE.email);
    const [latest] = await q<{
      policy: { remitFunds: { thresholdUsd: string }; blacklist: { required: boolean } };
      changed_by_email: string;
    }>(
      `SELECT policy, changed_by_email::text AS changed_by_email FROM approval_policy_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    expect(latest).toMatchObject({
      policy: { remitFunds: { thresholdUsd: '500' }, blacklist: { required: true } },
      changed_by_email: COMPLIANCE.email,
    });
  });
});
