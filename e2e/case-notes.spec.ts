import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { COMPLIANCE, SUPPORT } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { openAs } from './fixtures/session';

/**
 * Notes on cases: a note written on the user profile is read on Manage KYC for the same
 * customer's case and the other way round, newest on top, with author and time; a note holding
 * markup shows as that text and nothing in it runs; Activity Search finds them.
 */
const tag = randomUUID().slice(0, 8);
const SCRIPT_NOTE = `<script>window.__xss=1</script><img src=x onerror="window.__xss=1"> selfie retaken ${tag}`;
const PROFILE_NOTE = `Customer called about the selfie ${tag}`;

async function createCase() {
  const [user] = await queryE2eDb<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, has_completed_profile, kyc_level_two_status)
     VALUES ($1, $2, $3, $4, true, 'approved') RETURNING id`,
    [`Noted Case ${tag}`, `noted_${tag}`, `noted_${tag}@example.test`, `NOTE${tag}`.toUpperCase()],
  );
  // Approved and recent: out of Manage Random KYC's way, with no decision on the screen.
  await queryE2eDb(
    `INSERT INTO kyc_records (user_id, first_name, last_name, date_of_birth, gender, resident_address, country_code,
                              idcard_type, idcard_number, idcard_ipfs_hash, idcard_encrypt_key, selfie_ipfs_hash, selfie_encrypt_key, level_two_status)
     SELECT $1, 'Noted', $2, '1990-01-01', 'f', '12 Long Enough Street, Lagos', 'NG', 'National_ID', $3,
            d.idcard_ipfs_hash, d.idcard_encrypt_key, d.selfie_ipfs_hash, d.selfie_encrypt_key, 'approved'
       FROM (SELECT * FROM kyc_records WHERE idcard_ipfs_hash IS NOT NULL AND selfie_ipfs_hash IS NOT NULL LIMIT 1) d`,
    [user!.id, `Case${tag}`, `ID${tag}`],
  );
  return { userId: user!.id, email: `noted_${tag}@example.test` };
}

/** Fails the test if anything ran: a script, a dialog. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return async (where: string) => {
    expect(await page.evaluate('typeof window.__xss'), `${where}: a script ran`).toBe('undefined');
    expect(dialogs, `${where}: a dialog opened`).toEqual([]);
  };
}

const addNote = async (page: Page, card: string, text: string) => {
  const notes = page.getByTestId(card);
  await notes.getByLabel('New note').fill(text);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
};

test.describe.configure({ mode: 'serial' });

test.describe('notes on cases', () => {
  let c: { userId: string; email: string };
  test.beforeAll(async () => {
    c = await createCase();
  });

  test('a note on the profile shows on Manage KYC; a second one from there goes on top and shows as text on both', async ({
    page,
    request,
  }) => {
    const check = watch(page);
    await openAs(page, request, SUPPORT, `/user-profile/${c.userId}`);
    const profileNotes = page.getByTestId('user-notes');
    await expect(profileNotes.getByTestId('case-notes-empty')).toBeVisible({ timeout: 30_000 });
    await addNote(page, 'user-notes', PROFILE_NOTE);
    await expect(profileNotes.getByTestId('case-note')).toHaveCount(1);
    await expect(profileNotes.getByTestId('case-note').first()).toContainText(SUPPORT.email);
    await expect(profileNotes.getByTestId('case-note-text').first()).toHaveText(PROFILE_NOTE);

    // Compliance reads it on the customer's KYC case, tagged as a note on the customer.
    await openAs(page, request, COMPLIANCE, `/manage-kyc/${c.userId}`);
    const kycNotes = page.getByTestId('kyc-notes');
    await expect(kycNotes.getByTestId('case-note')).toHaveCount(1, { timeout: 30_000 });
    await expect(kycNotes.getByTestId('case-note').first()).toContainText('Customer');
    await expect(kycNotes.getByTestId('case-note-text').first()).toHaveText(PROFILE_NOTE);

    await addNote(page, 'kyc-notes', SCRIPT_NOTE);
    await expect(kycNotes.getByTestId('case-note')).toHaveCount(2);
    const top = kycNotes.getByTestId('case-note').first();
    await expect(top).toContainText(COMPLIANCE.email);
    await expect(top).toContainText('KYC case');
    await expect(top.getByTestId('case-note-text')).toHaveText(SCRIPT_NOTE);
    await expect(kycNotes.getByTestId('case-note-text').nth(1)).toHaveText(PROFILE_NOTE);
    await expect(kycNotes.locator('img[src="x"]')).toHaveCount(0);
    await expect(kycNotes.locator('script')).toHaveCount(0);
    await check('manage kyc');

    // Back on the profile: the case's note is on top, as text.
    await openAs(page, request, SUPPORT, `/user-profile/${c.userId}`);
    await expect(profileNotes.getByTestId('case-note')).toHaveCount(2, { timeout: 30_000 });
    await expect(profileNotes.getByTestId('case-note-text').first()).toHaveText(SCRIPT_NOTE);
    await expect(profileNotes.getByTestId('case-note-text').nth(1)).toHaveText(PROFILE_NOTE);
    await check('user profile');

    const rows = await queryE2eDb<{ body: string; on_kyc: boolean; author: string }>(
      `SELECT body, kyc_record_id IS NOT NULL AS on_kyc, author_email::text AS author FROM case_notes WHERE user_id = $1 ORDER BY created_at`,
      [c.userId],
    );
    expect(rows).toEqual([
      { body: PROFILE_NOTE, on_kyc: false, author: SUPPORT.email },
      { body: SCRIPT_NOTE, on_kyc: true, author: COMPLIANCE.email },
    ]);
  });

  test("Activity Search lists the customer's notes by e-mail and finds them by their text", async ({
    page,
    request,
  }) => {
    const check = watch(page);
    await openAs(page, request, SUPPORT, `/finder?email=${encodeURIComponent(c.email)}`);
    const byEmail = page.getByTestId('finder-notes');
    await expect(byEmail.getByText(PROFILE_NOTE)).toBeVisible({ timeout: 30_000 });
    await expect(byEmail.getByText(SCRIPT_NOTE)).toBeVisible();

    await page.getByRole('form', { name: 'Search notes' }).getByLabel('Text').fill(`retaken ${tag}`);
    await page.getByRole('button', { name: 'Search notes' }).click();
    const found = page.getByTestId('finder-found-notes');
    await expect(found.getByText(SCRIPT_NOTE)).toBeVisible();
    await expect(found.getByRole('link', { name: `Noted Case ${tag}` })).toBeVisible();
    await expect(found.getByText(PROFILE_NOTE)).toHaveCount(0);
    await expect(page).toHaveURL(/notes=retaken/);
    await check('activity search');
  });
});
