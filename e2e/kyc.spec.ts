import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { IMAGE_TEXTS, KYC_ESCALATION_MESSAGE } from '@vaultdesk/contract';
import { COMPLIANCE, SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { confirmYes } from './fixtures/confirm';
import { openAs } from './fixtures/session';
import { chooseOption } from './fixtures/select';
import { E2E_DATABASE_URL } from './fixtures/ports';

/**
 * Identity review in the browser: the KYC list with its counters, filters, search, gateways and
 * levels modal; a whole review of a case this spec creates (so it is the oldest unattended one
 * and Manage Random KYC hands it out), with decrypted pictures, a rejection and its history.
 */
let pool: pg.Pool;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await pool.query(text, params)).rows as T[];

/**
 * A customer with a submitted case, pictures borrowed from a demo record (no selfie with
 * `noSelfie`). An old `createdAt` makes it the oldest unattended case, which Manage Random KYC
 * hands out; a late one keeps it out of the random queue's way.
 */
async function createCase(opts: {
  createdAt: string;
  dob: string;
  address: string;
  phone: string;
  noSelfie?: boolean;
}) {
  const tag = randomUUID().slice(0, 8);
  const [user] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, has_completed_profile, kyc_level_two_status, registration_device_details)
     VALUES ($1, $2, $3, $4, true, 'submitted', $5) RETURNING id`,
    [
      `Review Case ${tag}`,
      `review_${tag}`,
      `review_${tag}@example.test`,
      `REV${tag}`,
      JSON.stringify({ serial: `device-${tag}` }),
    ],
  );
  const [kyc] = await q<{ id: string }>(
    `INSERT INTO kyc_records (user_id, first_name, last_name, phone_number, date_of_birth, gender, resident_address, country_code, device_id,
                              idcard_type, idcard_number, idcard_ipfs_hash, idcard_encrypt_key, selfie_ipfs_hash, selfie_encrypt_key,
                              level_two_status, created_at)
     SELECT $1, 'Review', $2, $3, $4, 'm', $5, 'NG', $6, 'National_ID', $7,
            d.idcard_ipfs_hash, d.idcard_encrypt_key, CASE WHEN $9 THEN NULL ELSE d.selfie_ipfs_hash END,
            CASE WHEN $9 THEN NULL ELSE d.selfie_encrypt_key END, 'submitted', $8
       FROM (SELECT * FROM kyc_records WHERE idcard_ipfs_hash IS NOT NULL AND selfie_ipfs_hash IS NOT NULL LIMIT 1) d
     RETURNING id`,
    [
      user!.id,
      `Case${tag}`,
      opts.phone,
      opts.dob,
      opts.address,
      `device-${tag}`,
      `ID${tag}`,
      opts.createdAt,
      opts.noSelfie ?? false,
    ],
  );
  return { userId: user!.id, kycId: kyc!.id, email: `review_${tag}@example.test` };
}

test.describe.configure({ mode: 'serial' });

test.describe('KYC review', () => {
  test.beforeAll(async () => {
    pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 2 });
  });
  test.afterAll(async () => {
    await pool?.end();
  });

  test('Users KYC: counters with the selected filter outlined, filters and search in the URL, page size, gateways', async ({
    page,
    request,
  }) => {
    const [counts] = await q<{ submitted: string; approved: string }>(
      `SELECT (SELECT n::text FROM kyc_status_counts WHERE level = 2 AND status = 'submitted') AS submitted,
              (SELECT n::text FROM kyc_status_counts WHERE level = 2 AND status = 'approved') AS approved`,
    );
    await openAs(page, request, SUPPORT, '/users-kyc');
    // The spec's first page: the server has just started and builds nothing ahead on a busy machine.
    await expect(page.getByRole('heading', { name: 'Users KYC' })).toBeVisible({ timeout: 30_000 });
    const submitted = page.getByTestId('kyc-filter-2-submitted');
    await expect(submitted).toHaveAttribute('aria-pressed', 'true');
    await expect(submitted).toHaveText(`Submitted: ${counts!.submitted}`);
    await expect(page.getByTestId('kyc-record-count')).toHaveText(`${counts!.submitted} records`);

    await page.getByTestId('kyc-filter-2-approved').click();
    await expect(page).toHaveURL(/kycLevel=2&kycStatus=approved/);
    await expect(page.getByTestId('kyc-filter-2-approved')).toHaveAttribute('aria-pressed', 'true');
    await expect(submitted).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('kyc-record-count')).toHaveText(`${counts!.approved} records`);
    await expect(page.getByTestId('kyc-table').getByText('approved').first()).toBeVisible();

    await page.getByTestId('kyc-filter-3-submitted').click();
    await expect(page).toHaveURL(/kycLevel=3&kycStatus=submitted/);

    // Page size from the URL, options 2, 5, 10, 20.
    await page.goto('/users-kyc?kycStatus=approved&pageSize=5');
    await expect(page.getByTestId('kyc-table').locator('tbody').getByRole('row')).toHaveCount(5);
    const pageSize = page.getByRole('combobox', { name: 'Page Size' });
    await expect(pageSize.getByRole('option')).toHaveText(['2 / page', '5 / page', '10 / page', '20 / page']);
    await pageSize.selectOption({ label: '2 / page' });
    await expect(page).toHaveURL(/pageSize=2/);
    await expect(page.getByTestId('kyc-table').locator('tbody').getByRole('row')).toHaveCount(2);

    // Five gateways, the first by default.
    await expect(page.getByTestId('gateway-select')).toContainText('Vaultdesk gateway');
    await page.getByTestId('gateway-select').click();
    // The gateway list's options (the pager's native page sizes are options too).
    await expect(page.getByRole('option').and(page.locator('[role="option"]'))).toHaveCount(5);
    await page.keyboard.press('Escape');

    // Search by e-mail.
    const [one] = await q<{ email: string; username: string }>(
      `SELECT u.email::text AS email, u.username::text AS username FROM kyc_records k JOIN users u ON u.id = k.user_id WHERE k.level_two_status = 'rejected' LIMIT 1`,
    );
    await page.getByLabel('Search by email').fill(one!.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`email=${encodeURIComponent(one!.email).replace(/\./g, '\\.')}`));
    await expect(page.getByTestId('kyc-record-count')).toHaveText('1 records');
    await expect(page.getByTestId('kyc-table').getByRole('link', { name: one!.username })).toBeVisible();
  });

  test('KYC levels modal: list, Update with confirmation, Add Level refused for a number in use, Remove Level disabled', async ({
    page,
    request,
  }) => {
    await openAs(page, request, COMPLIANCE, '/users-kyc');
    await page.getByRole('button', { name: 'KYC Levels' }).click();
    const modal = page.getByRole('dialog', { name: 'KYC Levels' });
    const table = modal.getByTestId('kyc-levels-table');
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(3);
    for (const button of await table.getByRole('button', { name: 'Remove Level' }).all())
      await expect(button).toBeDisabled();

    const row = table.locator('tbody').getByRole('row').filter({ hasText: 'Basic' });
    await row.getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', { name: 'Update Basic' });
    await update.getByLabel('Max daily withdrawal').fill('150');
    await update.getByRole('button', { name: 'Update' }).click();
    await confirmYes(page);
    await expect(page.getByText('level updated Successfully')).toBeVisible();
    await expect(row).toContainText('$150.0000');
    expect(
      (
        await q<{ d: string }>(`SELECT trim_scale(daily_withdrawal)::text AS d FROM kyc_levels WHERE level_number = 1`)
      )[0]!.d,
    ).toBe('150');

    await modal.getByRole('button', { name: 'Add Level' }).click();
    const add = page.getByRole('dialog', { name: 'Add Level' });
    await add.getByLabel('Level name').fill('Duplicate');
    await chooseOption(page, add.getByLabel('Level number'), '2');
    await add.getByLabel('Max daily withdrawal').fill('10');
    await add.getByLabel('Max monthly withdrawal').fill('100');
    await add.getByRole('button', { name: 'Add Level' }).click();
    await confirmYes(page);
    await expect(page.getByText('A KYC level with number 2 already exists: update it instead')).toBeVisible();
    expect((await q(`SELECT 1 FROM kyc_levels`)).length).toBe(3);
  });

  test('Support sees the levels but cannot change them', async ({ page, request }) => {
    await openAs(page, request, SUPPORT, '/users-kyc');
    await page.getByRole('button', { name: 'KYC Levels' }).click();
    const modal = page.getByRole('dialog', { name: 'KYC Levels' });
    await expect(modal.getByTestId('kyc-levels-table').locator('tbody').getByRole('row')).toHaveCount(3);
    await expect(modal.getByRole('button', { name: 'Add Level' })).toBeDisabled();
  });

  test('a whole review: random case, decrypted pictures, fraud flags, reject with a reason, history; the case leaves the list', async ({
    page,
    request,
  }) => {
    const c = await createCase({
      createdAt: '2000-01-01T00:00:00Z',
      dob: '2012-05-05',
      address: 'Ikeja',
      phone: '+234700000001',
    });
    await createCase({
      createdAt: '2030-01-01T00:00:00Z',
      dob: '1990-05-05',
      address: '14 Adeola Odeku Street, Lagos',
      phone: '+234700000001',
    });
    await openAs(page, request, SUPPORT, '/users-kyc');
    await page.getByRole('button', { name: 'Manage Random KYC' }).click();
    await expect(page).toHaveURL(new RegExp(`/manage-kyc/${c.userId}`));
    await expect(page.getByRole('heading', { name: 'Manage KYC' })).toBeVisible();
    await expect(page.getByTestId('kyc-claim')).toContainText('You hold this case');

    // Pictures fetched from the app's gateway and decrypted in the browser.
    for (const alt of ['ID card', 'Selfie']) {
      const img = page.getByRole('img', { name: alt, exact: true });
      await expect(img).toBeVisible();
      await expect
        .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
        .toBeGreaterThan(100);
    }
    await expect(page.getByTestId('too-young')).toHaveText('User is too young');
    await expect(page.getByTestId('resident-address')).toHaveAttribute('data-suspicious', 'true');
    await expect(page.getByTestId('fraud-duplicate-phone')).toHaveText('2');

    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject KYC' });
    await expect(dialog.getByText('FACE_NOT_CLEAR')).toBeVisible();
    await chooseOption(page, dialog.getByLabel('Reason'), 'AGE_ISSUE');
    await expect(dialog.getByTitle('AGE_ISSUE', { exact: true })).toBeVisible();
    await dialog.getByLabel('Message').fill('The customer is under age.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await confirmYes(page);
    await expect(page.getByText('KYC rejected successfully')).toBeVisible();
    const history = page.getByTestId('rejected-kyc-history');
    await expect(history.getByText('AGE_ISSUE')).toBeVisible();
    await expect(history.getByText('The customer is under age.')).toBeVisible();
    await expect(history.getByText(SUPPORT.email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    expect(
      (await q<{ s: string }>(`SELECT kyc_level_two_status AS s FROM users WHERE id = $1`, [c.userId]))[0]!.s,
    ).toBe('rejected');

    // The fraud indicator leads to the suspects sharing the phone number.
    await page.getByRole('link', { name: 'duplicate-phone: 2' }).click();
    await expect(
      page.getByRole('heading', { name: 'All Possible Suspects with same Phone Number: +234700000001' }),
    ).toBeVisible();
    await expect(page.getByTestId('kyc-suspects-table').locator('tbody').getByRole('row')).toHaveCount(2);

    // The decided case is no longer among the submitted ones.
    await page.goto(`/users-kyc?email=${encodeURIComponent(c.email)}`);
    await expect(page.getByTestId('kyc-table').getByText('rejected').first()).toBeVisible();
  });

  test("a case without a selfie shows 'NO IMAGE' beside the decrypted ID card", async ({ page, request }) => {
    // A demo record without a selfie (the demo leaves one in forty without); opening it decides
    // nothing and claims nothing, so the shared queue keeps its cases. A case of this spec's own
    // (late, so never the oldest unattended) when the demo has none.
    const [found] = await queryE2eDb<{ user_id: string }>(
      `SELECT user_id FROM kyc_records WHERE selfie_ipfs_hash IS NULL AND idcard_ipfs_hash IS NOT NULL AND idcard_encrypt_key IS NOT NULL
        ORDER BY created_at, id LIMIT 1`,
    );
    const userId =
      found?.user_id ??
      (
        await createCase({
          createdAt: '2035-01-01T00:00:00Z',
          dob: '1991-03-03',
          address: '7 Marina Road, Lagos Island',
          phone: '+234700000021',
          noSelfie: true,
        })
      ).userId;
    await openAs(page, request, SUPPORT, `/manage-kyc/${userId}`);
    await expect(page.getByRole('heading', { name: 'Manage KYC' })).toBeVisible();
    await expect(page.getByText(IMAGE_TEXTS.missing, { exact: true })).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Selfie', exact: true })).toHaveCount(0);
    const card = page.getByRole('img', { name: 'ID card', exact: true });
    await expect(card).toBeVisible();
    await expect
      .poll(() => card.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);
    expect(
      (
        await queryE2eDb<{ n: number }>(
          `SELECT count(*)::int AS n FROM kyc_records WHERE user_id = $1 AND claimed_by IS NULL`,
          [userId],
        )
      )[0]!.n,
    ).toBe(1);
  });

  test("a public gateway, unreachable from this machine, shows 'Unable to load Image'; the app's own gateway shows the pictures again", async ({
    page,
    request,
  }) => {
    const c = await createCase({
      createdAt: '2035-01-02T00:00:00Z',
      dob: '1992-04-04',
      address: '21 Broad Street, Lagos Island',
      phone: '+234700000022',
    });
    await openAs(page, request, SUPPORT, `/manage-kyc/${c.userId}`);
    const card = page.getByRole('img', { name: 'ID card', exact: true });
    await expect
      .poll(() => card.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);

    await chooseOption(page, page.getByTestId('gateway-select'), 'ipfs.io');
    await expect(page).toHaveURL(/gateway=ipfs\.io/);
    // Both pictures are fetched from https://ipfs.io, which the machine cannot reach: the spec's alt text.
    await expect(page.getByRole('img', { name: IMAGE_TEXTS.failed })).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'ID card', exact: true })).toHaveCount(0);

    await chooseOption(page, page.getByTestId('gateway-select'), 'Vaultdesk gateway');
    await expect(page).not.toHaveURL(/gateway=/);
    await expect(page.getByRole('img', { name: IMAGE_TEXTS.failed })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Selfie', exact: true })).toBeVisible();
  });

  test("Reject with Escalate on: 'KYC escalated successfully', the history shows the escalation with the standard message", async ({
    page,
    request,
  }) => {
    // This spec's own case (late, so the random queue and the other specs' cases are untouched).
    const c = await createCase({
      createdAt: '2035-01-03T00:00:00Z',
      dob: '1988-06-06',
      address: '5 Ahmadu Bello Way, Abuja',
      phone: '+234700000023',
    });
    await openAs(page, request, COMPLIANCE, `/manage-kyc/${c.userId}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject KYC' });
    await chooseOption(page, dialog.getByLabel('Reason'), 'DATA_MISMATCH');
    await dialog.getByLabel('Message').fill('Data does not match the ID.');
    await dialog.getByRole('switch', { name: 'Escalate' }).click();
    await expect(dialog.getByRole('switch', { name: 'Escalate' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await confirmYes(page);
    await expect(page.getByText('KYC escalated successfully')).toBeVisible();

    const history = page.getByTestId('rejected-kyc-history');
    const row = history.locator('tbody').getByRole('row').filter({ hasText: 'DATA_MISMATCH' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('escalated');
    await expect(row).toContainText(COMPLIANCE.email);
    await expect(row).toContainText(`Data does not match the ID. ${KYC_ESCALATION_MESSAGE}`);
    // Escalated is final for the reviewer: neither Approve nor Reject is offered any more.
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    const [row2] = await q<{ s: string; u: string }>(
      `SELECT k.level_two_status AS s, u.kyc_level_two_status AS u FROM kyc_records k JOIN users u ON u.id = k.user_id WHERE k.id = $1`,
      [c.kycId],
    );
    expect(row2).toEqual({ s: 'escalated', u: 'escalated' });
  });

  test('approve from the profile link; a second reviewer acting on the decided case is refused', async ({
    page,
    request,
  }) => {
    const c = await createCase({
      createdAt: '2001-01-01T00:00:00Z',
      dob: '1985-02-02',
      address: '3 Kenyatta Avenue, Nairobi',
      phone: '+254700000009',
    });
    await openAs(page, request, SUPER_ADMIN, `/user-profile/${c.userId}`);
    await page.getByRole('link', { name: 'Manage KYC' }).click();
    await expect(page).toHaveURL(new RegExp(`/manage-kyc/${c.userId}`));
    await expect(page.getByTestId('too-young')).toHaveCount(0);
    await expect(page.getByTestId('resident-address')).toHaveAttribute('data-suspicious', 'false');
    // Someone else approves first; this page still offers Approve and gets the server's refusal.
    await q(`UPDATE kyc_records SET level_two_status = 'rejected' WHERE id = $1`, [c.kycId]);
    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmYes(page);
    await expect(page.getByText('KYC is rejected: it cannot become approved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await q(`UPDATE kyc_records SET level_two_status = 'submitted' WHERE id = $1`, [c.kycId]);
    await page.reload();
    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmYes(page);
    await expect(page.getByText('Approved successfully')).toBeVisible();
    expect(
      (await q<{ s: string }>(`SELECT level_two_status AS s FROM kyc_records WHERE id = $1`, [c.kycId]))[0]!.s,
    ).toBe('approved');
  });
});
