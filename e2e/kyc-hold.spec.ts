import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { COMPLIANCE, SUPER_ADMIN } from './fixtures/accounts';
import { confirmYes } from './fixtures/confirm';
import { E2E_DATABASE_URL } from './fixtures/ports';
import { openAs } from './fixtures/session';

/**
 * A hold means one decider (issue 20), with two people at two browsers: a case handed out by
 * Manage Random KYC shows the other reviewer who holds it and until when, and no decision; Super
 * Admin takes over a case Compliance holds (after "Are you sure?") and decides it, while
 * Compliance's screen, still showing the buttons, is refused on its next action and then shows
 * the case as Super Admin's.
 */
let pool: pg.Pool;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await pool.query(text, params)).rows as T[];
const made: string[] = [];

/** A submitted case older than any other, so Manage Random KYC hands it out next. */
async function oldestCase(createdAt: string) {
  const tag = randomUUID().slice(0, 8);
  const [user] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, has_completed_profile, kyc_level_two_status)
     VALUES ($1, $2, $3, $4, true, 'submitted') RETURNING id`,
    [`Held Case ${tag}`, `held_${tag}`, `held_${tag}@example.test`, `HLD${tag}`],
  );
  const [kyc] = await q<{ id: string }>(
    `INSERT INTO kyc_records (user_id, first_name, last_name, phone_number, date_of_birth, gender, resident_address, country_code, device_id,
                              idcard_type, idcard_number, level_two_status, created_at)
     VALUES ($1, 'Held', $2, $3, '1990-03-03', 'f', '9 Marina Road, Lagos Island', 'NG', $4, 'National_ID', $5, 'submitted', $6) RETURNING id`,
    [
      user!.id,
      `Case${tag}`,
      `+23470${tag.replace(/\D/g, '').padEnd(8, '1').slice(0, 8)}`,
      `held-device-${tag}`,
      `HLD-${tag}`,
      createdAt,
    ],
  );
  made.push(kyc!.id);
  return { userId: user!.id, kycId: kyc!.id };
}
const holdOf = async (kycId: string) =>
  (
    await q<{ email: string | null; until: string | null; status: string }>(
      `SELECT s.email, to_char(k.claimed_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS until, k.level_two_status AS status
     FROM kyc_records k LEFT JOIN staff s ON s.id = k.claimed_by WHERE k.id = $1`,
      [kycId],
    )
  )[0]!;

/** The hold banner as the page shows it: the holder and the end of the hold, as this browser writes times. */
async function expectHeldBy(page: Page, holder: string, until: string) {
  const banner = page.getByTestId('kyc-claim');
  // The screen's one time formatter: HH:mm:ss in the browser's own zone.
  const time = await page.evaluate((iso) => {
    const d = new Date(iso);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  }, until);
  await expect(banner).toContainText(`Held by ${holder} until ${time}`);
  await expect(banner).toContainText('Only the reviewer holding the case can decide it');
}
const decisionButtons = (page: Page) => page.getByRole('button', { name: /^(Approve|Reject)$/ });

test.describe.configure({ mode: 'serial' });

test.describe('a held KYC case has one decider', () => {
  test.beforeAll(async () => {
    pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 2 });
  });
  test.afterAll(async () => {
    // Whatever a failed run left submitted would be the oldest unattended case for the next spec.
    if (made.length) {
      await q(
        `UPDATE kyc_records SET level_two_status = 'approved', claimed_by = NULL, claimed_until = NULL WHERE id = ANY($1) AND level_two_status = 'submitted'`,
        [made],
      );
      await q(
        `UPDATE users SET kyc_level_two_status = 'approved' WHERE id IN (SELECT user_id FROM kyc_records WHERE id = ANY($1))`,
        [made],
      );
    }
    await pool?.end();
  });

  test('Super Admin takes a case with Manage Random KYC; Compliance opening it sees who holds it and until when, and no decision', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const c = await oldestCase('1990-01-01T00:00:00Z');
    await openAs(page, request, SUPER_ADMIN, '/users-kyc');
    await page.getByRole('button', { name: 'Manage Random KYC' }).click();
    await expect(page).toHaveURL(new RegExp(`/manage-kyc/${c.userId}`));
    await expect(page.getByTestId('kyc-claim')).toContainText('You hold this case until');
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    const hold = await holdOf(c.kycId);
    expect(hold.email).toBe(SUPER_ADMIN.email);

    const complianceContext = await browser.newContext({ baseURL });
    try {
      const other = await complianceContext.newPage();
      await openAs(other, request, COMPLIANCE, `/manage-kyc/${c.userId}`);
      await expect(other.getByRole('heading', { name: 'Manage KYC' })).toBeVisible();
      await expectHeldBy(other, SUPER_ADMIN.email, hold.until!);
      await expect(decisionButtons(other)).toHaveCount(0);
      // Compliance's role does not hold kyc.takeover: nothing to take over with either.
      await expect(other.getByRole('button', { name: 'Take over' })).toHaveCount(0);
      await other.reload();
      await expectHeldBy(other, SUPER_ADMIN.email, hold.until!);
      await expect(decisionButtons(other)).toHaveCount(0);
    } finally {
      await complianceContext.close();
    }

    // The holder decides (and the case leaves the random queue).
    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmYes(page);
    await expect(page.getByText('Approved successfully')).toBeVisible();
    expect(await holdOf(c.kycId)).toEqual({ email: null, until: null, status: 'approved' });
  });

  test("Super Admin takes over a case Compliance holds and decides it; Compliance's next action is refused and its screen then shows the case as Super Admin's", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const c = await oldestCase('1990-01-02T00:00:00Z');
    const complianceContext = await browser.newContext({ baseURL });
    try {
      const compliance = await complianceContext.newPage();
      await openAs(compliance, request, COMPLIANCE, '/users-kyc');
      await compliance.getByRole('button', { name: 'Manage Random KYC' }).click();
      await expect(compliance).toHaveURL(new RegExp(`/manage-kyc/${c.userId}`));
      await expect(compliance.getByTestId('kyc-claim')).toContainText('You hold this case until');
      await expect(compliance.getByRole('button', { name: 'Approve' })).toBeVisible();
      const held = await holdOf(c.kycId);
      expect(held.email).toBe(COMPLIANCE.email);

      await openAs(page, request, SUPER_ADMIN, `/manage-kyc/${c.userId}`);
      await expectHeldBy(page, COMPLIANCE.email, held.until!);
      await expect(decisionButtons(page)).toHaveCount(0);
      // Asked first; "No" (the dialog's cancel) takes nothing.
      await page.getByRole('button', { name: 'Take over' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure?' });
      await expect(dialog).toContainText(`Take this case over from ${COMPLIANCE.email}?`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect((await holdOf(c.kycId)).email).toBe(COMPLIANCE.email);

      await page.getByRole('button', { name: 'Take over' }).click();
      await confirmYes(page);
      await expect(page.getByText('You hold this case now')).toBeVisible();
      await expect(page.getByTestId('kyc-claim')).toContainText('You hold this case until');
      await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Take over' })).toHaveCount(0);
      const taken = await holdOf(c.kycId);
      expect(taken.email).toBe(SUPER_ADMIN.email);
      const [audit] = await q<{ actor_email: string; before: Record<string, unknown> }>(
        `SELECT actor_email, before FROM audit_log WHERE action = 'kyc.take-over' AND target_id = $1`,
        [c.kycId],
      );
      expect(audit).toMatchObject({ actor_email: SUPER_ADMIN.email, before: { claimedByEmail: COMPLIANCE.email } });

      // Compliance's screen still offers Approve (it was loaded before): the next action is refused, naming the new holder.
      await compliance.getByRole('button', { name: 'Approve' }).click();
      await confirmYes(compliance);
      await expect(compliance.getByText(`This case is held by ${SUPER_ADMIN.email} until`)).toBeVisible();
      await expectHeldBy(compliance, SUPER_ADMIN.email, taken.until!);
      await expect(decisionButtons(compliance)).toHaveCount(0);
      expect(await holdOf(c.kycId)).toMatchObject({ email: SUPER_ADMIN.email, status: 'submitted' });
      await compliance.reload();
      await expectHeldBy(compliance, SUPER_ADMIN.email, taken.until!);
      await expect(decisionButtons(compliance)).toHaveCount(0);
    } finally {
      await complianceContext.close();
    }

    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmYes(page);
    await expect(page.getByText('Approved successfully')).toBeVisible();
    expect(await holdOf(c.kycId)).toEqual({ email: null, until: null, status: 'approved' });
    const [history] = await q<{ staff_email: string; to_status: string }>(
      `SELECT staff_email, to_status FROM kyc_history WHERE kyc_id = $1`,
      [c.kycId],
    );
    expect(history).toEqual({ staff_email: SUPER_ADMIN.email, to_status: 'approved' });
  });
});
