import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Session } from '@vaultdesk/contract';
import { userId as demoUserId } from '../packages/db/src/demo/people';
import { SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { apiLogin, bearer, seedSession } from './fixtures/session';
import { confirmation, confirmNo, confirmYes } from './fixtures/confirm';

// The whole profile refreshes after each action: give it time on a busy machine.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The e2e server seeds 300 demo users with the generator's default seed: their ids are known. */
const DEMO_SEED = 20211001;
const DEMO_USERS = 300;

type Details = {
  profile: {
    _id: string;
    username: string;
    enabledTwoFactor: boolean;
    hasCompletedProfile: boolean;
    deactivated: boolean;
    referralCount: number;
    trustScore: number;
    role: { title: string };
    kycLevelTwoStatus: string | null;
  };
  addresses: { walletId: string; address: string }[];
  balanceMismatch: { flagged: boolean };
};

let superSession: Session;
let supportSession: Session;

const get = async <T>(request: APIRequestContext, path: string, session = superSession) => {
  const res = await request.get(path, { headers: bearer(session.token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/** The first demo user (in sign-up order) that the predicate accepts. */
async function findUser(
  request: APIRequestContext,
  predicate: (d: Details) => boolean | Promise<boolean>,
  skip: string[] = [],
) {
  for (let i = 0; i < DEMO_USERS; i++) {
    const id = demoUserId(DEMO_SEED, i);
    if (skip.includes(id)) continue;
    const d = await get<Details>(request, `/v1/admin/search-details?id=${id}`);
    if (await predicate(d)) return d;
  }
  throw new Error('no demo user matches');
}

const walletTxCount = async (request: APIRequestContext, id: string) =>
  (await get<{ totalRecords: number }>(request, `/v1/admin/user-wallet-transactions?id=${id}&page=1&pageSize=1`))
    .totalRecords;
const savingsTxCount = async (request: APIRequestContext, id: string) =>
  (await get<{ totalRecords: number }>(request, `/v1/admin/user-savings-transactions?id=${id}&page=1`)).totalRecords;

async function openProfile(page: Page, session: Session, id: string, query = '') {
  await seedSession(page, session);
  await page.goto(`/user-profile/${id}${query}`);
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
}

test.describe.serial('user profile', () => {
  // Each test first looks through the demo users for one that fits, over the API.
  test.describe.configure({ timeout: 300_000 });
  test.beforeAll(async ({ request }) => {
    superSession = await apiLogin(request, SUPER_ADMIN);
    supportSession = await apiLogin(request, SUPPORT);
  });

  test('Super Admin sees every section, the device and IP details, and the links', async ({ page, request }) => {
    const d = await findUser(
      request,
      async (x) =>
        x.addresses.length > 0 &&
        (await walletTxCount(request, x.profile._id)) > 0 &&
        (await get<{ totalRecords: number }>(request, `/v1/admin/user-plans?userId=${x.profile._id}`)).totalRecords > 0,
    );
    const id = d.profile._id;
    await openProfile(page, superSession, id);

    for (const title of [
      'Balances',
      'Wallets and addresses',
      'Activities',
      'Referrals',
      'Recent wallet transactions',
      'Savings transactions',
      'Plans',
    ]) {
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(d.profile.username, { exact: true })).toBeVisible();
    const green = d.profile.hasCompletedProfile && !d.profile.deactivated;
    await expect(page.getByTestId('profile-status')).toHaveAttribute('data-status', green ? 'green' : 'red');
    await expect(page.getByRole('link', { name: 'Manage KYC' })).toHaveAttribute('href', `/manage-kyc/${id}`);
    await expect(page.getByTestId('login-location')).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\?q=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
    );
    await expect(page.getByTestId('registration-device')).toBeVisible();
    await expect(page.getByText('IP address', { exact: true })).toBeVisible();
    // Balances per wallet in four decimals, and the recent wallet transactions.
    await expect(page.getByTestId('balances').getByRole('row')).toHaveCount(d.addresses.length + 1);
    await expect(
      page
        .getByTestId('balances')
        .getByText(/^\d[\d,]*\.\d{4}$/)
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('wallet-transactions').getByRole('switch').first()).toBeVisible();
    // A short address: first 4 + ... + last 4.
    const address = d.addresses[0]!.address;
    await expect(page.getByTestId('wallets').getByText(`${address.slice(0, 4)}...${address.slice(-4)}`)).toBeVisible();
    // Plans link to the plan detail for Super Admin.
    const plans = await get<{ records: { _id: string; planType: string; planName: string }[] }>(
      request,
      `/v1/admin/user-plans?userId=${id}`,
    );
    expect(plans.records.length, 'the user chosen has plans').toBeGreaterThan(0);
    const p = plans.records[0]!;
    await expect(page.getByRole('link', { name: p.planName }).first()).toHaveAttribute(
      'href',
      /\/savings-plan\/(fixed|flexible)\//,
    );
  });

  test('Support sees no device or IP details, and no plan links', async ({ page, request }) => {
    const d = await findUser(
      request,
      async (x) =>
        (await get<{ totalRecords: number }>(request, `/v1/admin/user-plans?userId=${x.profile._id}`)).totalRecords > 0,
    );
    await openProfile(page, supportSession, d.profile._id);
    await expect(page.getByTestId('activities')).toBeVisible();
    await expect(page.getByTestId('registration-device')).toHaveCount(0);
    await expect(page.getByText('IP address', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('plans').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByTestId('plans').getByRole('link')).toHaveCount(0);
  });

  test('updates the trust score (1-100) and shows its colour band', async ({ page, request }) => {
    const d = await findUser(request, (x) => x.profile.trustScore > 20);
    await openProfile(page, superSession, d.profile._id);
    await page.getByRole('button', { name: 'Update trust score' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update trust score' });
    const input = dialog.getByLabel('Trust score (%)');
    // Outside 1-100 or not whole: refused with a message, as typed (never turned into 1 or 100).
    for (const [typed, said] of [
      ['0', 'The trust score must be between 1 and 100'],
      ['101', 'The trust score must be between 1 and 100'],
      ['50.5', 'The trust score must be a whole number between 1 and 100'],
    ] as const) {
      await input.fill(typed);
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expect(dialog.getByText(said, { exact: true })).toBeVisible();
      await input.blur();
      await expect(input).toHaveValue(typed);
      await expect(dialog).toBeVisible();
    }
    expect((await get<Details>(request, `/v1/admin/search-details?id=${d.profile._id}`)).profile.trustScore).toBe(
      d.profile.trustScore,
    );
    await input.fill('15');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('trust score updated successfully')).toBeVisible();
    await expect(page.getByTestId('trust-score')).toHaveText('15%');
    await expect(page.getByTestId('trust-score')).toHaveAttribute('data-band', 'red');
    const after = await get<Details>(request, `/v1/admin/search-details?id=${d.profile._id}`);
    expect(after.profile.trustScore).toBe(15);
  });

  test('removes two-factor after "Are you sure?"', async ({ page, request }) => {
    const d = await findUser(request, (x) => x.profile.enabledTwoFactor);
    await openProfile(page, superSession, d.profile._id);
    await expect(page.getByTestId('two-factor')).toHaveText('Enabled');
    await page.getByRole('button', { name: 'Remove 2FA' }).click();
    await expect(page.getByText('Are you sure?')).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('2fa deactivated successfully')).toBeVisible();
    await expect(page.getByTestId('two-factor')).toHaveText('Disabled');
    await expect(page.getByRole('button', { name: 'Remove 2FA' })).toHaveCount(0);
    expect((await get<Details>(request, `/v1/admin/search-details?id=${d.profile._id}`)).profile.enabledTwoFactor).toBe(
      false,
    );
  });

  test('changes the role to Staff and back to User', async ({ page, request }) => {
    const d = await findUser(request, (x) => x.profile.role.title === 'User');
    await openProfile(page, superSession, d.profile._id);
    await expect(page.getByTestId('profile-role')).toHaveText('User');
    const pick = async (title: string) => {
      await page.getByLabel('Change role').click();
      await page.getByTitle(title, { exact: true }).click();
      await expect(page.getByText('Are you sure?').filter({ visible: true })).toBeVisible();
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('updated successfully').first()).toBeVisible();
      await expect(page.getByTestId('profile-role')).toHaveText(title);
    };
    await pick('Staff');
    expect((await get<Details>(request, `/v1/admin/search-details?id=${d.profile._id}`)).profile.role.title).toBe(
      'Staff',
    );
    await pick('User');
  });

  test('switches the status of a wallet and a savings record, and says so when it fails', async ({ page, request }) => {
    const d = await findUser(
      request,
      async (x) =>
        (await walletTxCount(request, x.profile._id)) > 0 && (await savingsTxCount(request, x.profile._id)) > 0,
    );
    const id = d.profile._id;
    await openProfile(page, superSession, id);

    const walletTable = page.getByTestId('wallet-transactions');
    const first = walletTable.getByRole('switch').first();
    const before = await first.getAttribute('aria-checked');
    const firstActive = async () =>
      String(
        (
          await get<{ records: { isActive: boolean }[] }>(
            request,
            `/v1/admin/user-wallet-transactions?id=${id}&page=1&pageSize=30`,
          )
        ).records[0]!.isActive,
      );
    // Changing visibility asks first: No leaves the record as the customer sees it.
    await first.click();
    await expect(confirmation(page)).toContainText(
      before === 'true' ? 'Hide this record from the customer.' : 'Show this record to the customer again.',
    );
    await confirmNo(page);
    await expect(first).toHaveAttribute('aria-checked', before!);
    expect(await firstActive()).toBe(before);
    await first.click();
    await confirmYes(page);
    await expect(page.getByText('status updated').first()).toBeVisible();
    await expect(first).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
    // A hidden record says so in its row.
    await expect(walletTable.locator('tbody tr').first().getByTestId('hidden-record')).toHaveCount(
      before === 'true' ? 1 : 0,
    );
    const txs = await get<{ records: { isActive: boolean }[] }>(
      request,
      `/v1/admin/user-wallet-transactions?id=${id}&page=1&pageSize=30`,
    );
    expect(String(txs.records[0]!.isActive)).toBe(before === 'true' ? 'false' : 'true');
    await first.click();
    await confirmYes(page);
    await expect(first).toHaveAttribute('aria-checked', before!);

    const savingsSwitch = page.getByTestId('savings-transactions').getByRole('switch').first();
    const savingsBefore = await savingsSwitch.getAttribute('aria-checked');
    await savingsSwitch.click();
    await confirmYes(page);
    await expect(savingsSwitch).toHaveAttribute('aria-checked', savingsBefore === 'true' ? 'false' : 'true');

    await page.route('**/v1/admin/switch-wallet-record', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"no","code":"CONFLICT"}' }),
    );
    await first.click();
    await confirmYes(page);
    await expect(page.getByText('update failed')).toBeVisible();
    await expect(first).toHaveAttribute('aria-checked', before!);
  });

  test('copies a wallet address', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const d = await findUser(request, (x) => x.addresses.length > 0);
    await openProfile(page, superSession, d.profile._id);
    await page.getByTestId('wallets').getByRole('button', { name: 'Copy address' }).first().click();
    await expect(page.getByText('Address copied')).toBeVisible();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(d.addresses[0]!.address);
  });

  test('shows the bank details, and "something went wrong" when they cannot be loaded', async ({ page, request }) => {
    const d = await findUser(
      request,
      async (x) =>
        (await get<{ records: unknown[] }>(request, `/v1/admin/user-bank-details?userId=${x.profile._id}`)).records
          .length > 0,
    );
    const banks = await get<{ records: { bankName: string; accountNumber: string }[] }>(
      request,
      `/v1/admin/user-bank-details?userId=${d.profile._id}`,
    );
    await openProfile(page, superSession, d.profile._id);
    await page.getByRole('button', { name: 'Bank details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bank details' });
    await expect(dialog.getByText(banks.records[0]!.bankName).first()).toBeVisible();
    await expect(dialog.getByText(banks.records[0]!.accountNumber)).toBeVisible();

    const other = await findUser(request, () => true, [d.profile._id]);
    await page.route('**/v1/admin/user-bank-details**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"INTERNAL"}' }),
    );
    await page.goto(`/user-profile/${other.profile._id}`);
    await page.getByRole('button', { name: 'Bank details' }).click();
    await expect(page.getByText('something went wrong').first()).toBeVisible();
  });

  test('warns of potential fraud when referrals share devices, and keeps the range in the URL', async ({
    page,
    request,
  }) => {
    const d = await findUser(request, async (x) => {
      if (x.profile.referralCount < 2) return false;
      const info = await get<{ totalReferrals: number; numOfUniqueDeviceIds: number }>(
        request,
        `/v1/admin/user-referral-info?username=${encodeURIComponent(x.profile.username)}`,
      );
      return info.totalReferrals - info.numOfUniqueDeviceIds > 0;
    });
    const info = await get<{ totalReferrals: number; numOfUniqueDeviceIds: number }>(
      request,
      `/v1/admin/user-referral-info?username=${encodeURIComponent(d.profile.username)}`,
    );
    await openProfile(page, superSession, d.profile._id);
    await expect(page.getByTestId('fake-referral-warning')).toContainText(
      `${info.totalReferrals - info.numOfUniqueDeviceIds}`,
    );
    await expect(page.getByTestId('referrals').getByRole('row')).toHaveCount(Math.min(10, info.totalReferrals) + 1);

    // A range with no referrals: no warning, and the range survives a reload.
    await page.goto(`/user-profile/${d.profile._id}?refStart=2021/10/01&refEnd=2021/10/02`);
    await expect(page.getByTestId('referral-info')).toContainText('Total referrals0');
    await expect(page.getByTestId('fake-referral-warning')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Referral date range').first()).toHaveValue('2021/10/01');
  });

  test('an unknown id shows the not-found page', async ({ page }) => {
    await seedSession(page, superSession);
    await page.goto('/user-profile/00000000-0000-0000-0000-000000000000');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  });
});
