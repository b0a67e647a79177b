import { expect, test } from '@playwright/test';
import { COMPLIANCE, SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { openAs } from './fixtures/session';
import { e2eChainUrl, OPERATOR } from './fixtures/wallet';
import { createPublicClient, createWalletClient, http, parseUnits, type Address, type Hash } from 'viem';
import { LOCAL_CONTRACTS, testTokenAbi, vaultAbi } from '@vaultdesk/chain';

type PartRow = {
  plan_id: string;
  plan_type: string;
  batch_id: string;
  save_status: string;
  action: string;
  amount: string;
};

/** A real vault deposit of `amount` from the operator's custodial wallet on the e2e server's local chain (the node holds its key). */
async function vaultDeposit(amount: string): Promise<Hash> {
  const transport = http(e2eChainUrl());
  const reader = createPublicClient({ transport });
  const wallet = createWalletClient({ account: OPERATOR as Address, transport });
  const mined = async (hash: Hash) =>
    expect((await reader.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success');
  await mined(
    await wallet.writeContract({
      address: LOCAL_CONTRACTS.BUSD,
      abi: testTokenAbi,
      functionName: 'approve',
      args: [LOCAL_CONTRACTS.xBUSD, parseUnits(amount, 18)],
      chain: null,
    }),
  );
  const hash = await wallet.writeContract({
    address: LOCAL_CONTRACTS.xBUSD,
    abi: vaultAbi,
    functionName: 'deposit',
    args: [parseUnits(amount, 18)],
    chain: null,
  });
  await mined(hash);
  return hash;
}
const short = (hash: string) => `${hash.slice(0, 4)}...${hash.slice(-4)}`;

/** A demo plan whose part in a deposit batch is still 'included': the work Resolve exists for. */
const unresolvedPlan = async (skip = 0) => {
  const rows = await queryE2eDb<PartRow>(
    `SELECT bp.plan_id, p.plan_type, bp.batch_id, p.save_status, b.action, trim_scale(bp.amount)::text AS amount
       FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id JOIN savings_plans p ON p.id = bp.plan_id
      WHERE bp.status = 'included' AND b.action = 'deposit'
      ORDER BY bp.plan_id LIMIT 1 OFFSET $1`,
    [skip],
  );
  expect(rows[0], 'the demo data has an unresolved plan part').toBeTruthy();
  return rows[0]!;
};

/** A well-formed hash no chain has seen. */
const MADE_UP = `0x${'ab12'.repeat(16)}`;

test.describe('savings plan detail', () => {
  test('Super Admin sees the plan and its batches, resolves a part and sees Open Plan', async ({ page, request }) => {
    // The first test of a run meets a cold server and loads several screens.
    test.slow();
    const part = await unresolvedPlan();
    await openAs(page, request, SUPER_ADMIN, `/savings-plan/${part.plan_type}/${part.plan_id}`);

    // The first screen of a run waits for a cold server on a shared machine.
    await expect(page.getByRole('heading', { name: /^Savings Plan: / })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(part.plan_id).first()).toBeVisible();
    await expect(page.getByTestId('plan-save-status')).toHaveText(part.save_status);
    // Amounts with four decimals.
    await expect(page.getByTestId('plan-deposit-amount')).toHaveText(/^[\d,]+\.\d{4} \w+$/);
    await expect(page.getByTestId('open-plan')).toBeVisible();

    const batches = page.getByTestId('plan-batches');
    const row = batches
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Resolve' }) })
      .first();
    await expect(row).toContainText('included');
    const explorer = row.getByTestId('tx-hash-link').first();
    await expect(explorer).toHaveAttribute('href', /^https:\/\/bscscan\.com\/tx\/0x[0-9a-f]{64}$/);
    await expect(explorer).toHaveText(/^0x[0-9a-f]{2}\.\.\.[0-9a-f]{4}$/);

    // A malformed hash is refused in the form, before any call.
    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve plan' });
    const hashInput = dialog.getByLabel('Transaction hash');
    await hashInput.fill('0x1234');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('Enter a transaction hash: 0x followed by 64 hex digits')).toBeVisible();

    // A made-up hash is refused by the server's check on chain: the part and the plan stay as they were.
    const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure?' });
    await hashInput.fill(MADE_UP);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(confirm).toBeVisible();
    const refused = page.waitForResponse((r) => r.url().includes('/v1/advanced/resolve-plan'));
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole('alert').getByText('hash: no such transaction on the chain')).toBeVisible();
    await expect(page.getByTestId('plan-save-status')).toHaveText(part.save_status);
    await expect(row).toContainText('included');

    // A real vault deposit of exactly the part's amount from the custodial operator is accepted.
    const hash = await vaultDeposit(part.amount);
    await hashInput.fill(hash);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(confirm).toBeVisible();
    const answer = page.waitForResponse((r) => r.url().includes('/v1/advanced/resolve-plan'));
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);

    await expect(page.getByText('resolving of plan done')).toBeVisible();
    await expect(page.getByTestId('plan-save-status')).toHaveText('saved');
    await expect(page.getByTestId('deposit-hashes').getByRole('link', { name: short(hash) })).toHaveAttribute(
      'href',
      `https://bscscan.com/tx/${hash}`,
    );
    const resolvedRow = batches.getByRole('row').filter({ hasText: short(hash) });
    await expect(resolvedRow).toContainText('resolved');
    await expect(resolvedRow.getByRole('button', { name: 'Resolve' })).toHaveCount(0);

    // Open Plan leads to the owner's profile.
    await page.getByTestId('open-plan').click();
    await expect(page).toHaveURL(/\/user-profile\/[0-9a-f-]{36}$/);
  });

  test('Compliance sees the plan without Open Plan; Support is refused the route', async ({ page, request }) => {
    const part = await unresolvedPlan();
    await openAs(page, request, COMPLIANCE, `/savings-plan/${part.plan_type}/${part.plan_id}`);
    await expect(page.getByRole('heading', { name: /^Savings Plan: / })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('plan-batches').getByRole('button', { name: 'Resolve' }).first()).toBeVisible();
    await expect(page.getByTestId('open-plan')).toHaveCount(0);

    // The other plan type for the same id is not this plan.
    const other = part.plan_type === 'fixed' ? 'flexible' : 'fixed';
    await page.goto(`/savings-plan/${other}/${part.plan_id}`);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();

    await openAs(page, request, SUPPORT, `/savings-plan/${part.plan_type}/${part.plan_id}`);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Savings Plan: / })).toHaveCount(0);
  });
});

test.describe('reward record', () => {
  test('asks for a reference, then finds the records of a plan or says there are none', async ({ page, request }) => {
    const [rewarded] = await queryE2eDb<{ plan_id: string; n: number }>(
      `SELECT plan_id, count(*)::int AS n FROM reward_records GROUP BY plan_id ORDER BY plan_id LIMIT 1`,
    );
    expect(rewarded).toBeTruthy();
    await openAs(page, request, COMPLIANCE, '/advanced/view-reward-record');
    await expect(page.getByRole('heading', { name: 'Reward Record' })).toBeVisible({ timeout: 30_000 });

    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/v1/advanced/vlt-reward-record')) calls += 1;
    });
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Input a reference')).toBeVisible();
    expect(calls).toBe(0);

    await page.getByLabel('Plan ID').fill(rewarded!.plan_id);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('reward-message')).toHaveText('Search Done');
    await expect(page).toHaveURL(new RegExp(`planId=${rewarded!.plan_id}`));
    await expect(page.getByTestId('reward-records').locator('tbody').getByRole('row')).toHaveCount(rewarded!.n);
    await expect(page.getByTestId('reward-total-VLT')).toHaveText(/^[\d,]+\.\d{4}$/);

    await page.getByLabel('Plan ID').fill('00000000-0000-4000-8000-000000000000');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('reward-message')).toHaveText('No data with order reference');
  });
});

test.describe('referral report', () => {
  test('lists the referrers of a user type with the fake column, filters kept in the URL', async ({
    page,
    request,
  }) => {
    // The member with the most fake referrals (more referrals than devices), and their user type.
    const [top] = await queryE2eDb<{ name: string; username: string; fake: number }>(
      `SELECT t.name::text AS name, u.username::text AS username, (count(*) - count(DISTINCT r.device_serial_number))::int AS fake
         FROM user_usertypes m JOIN user_types t ON t.id = m.user_type_id JOIN users u ON u.id = m.user_id
         JOIN referrals r ON r.referrer_id = m.user_id
        GROUP BY 1, 2 ORDER BY 3 DESC, count(*) DESC, 2 LIMIT 1`,
    );
    expect(top).toBeTruthy();
    // Any staff member may read it.
    await openAs(page, request, SUPPORT, '/referral-report');
    await expect(page.getByRole('heading', { name: 'Referral Report' })).toBeVisible({ timeout: 30_000 });
    const table = page.getByTestId('referral-report');
    await expect(table.getByRole('columnheader', { name: 'Fake' })).toBeVisible();
    await expect(table.locator('tbody').getByRole('row').first()).toBeVisible();
    await expect(page.getByPlaceholder('Start date')).toHaveValue('2021-10-01');

    // The select's list is virtual: type the name and take the match.
    const select = page.getByRole('combobox', { name: 'User type' });
    await select.fill(top!.name);
    await select.press('Enter');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`userType=${top!.name}`));
    const row = table.locator('tbody').getByRole('row').filter({ hasText: top!.username });
    await expect(row).toHaveCount(1);
    const cells = await row.getByRole('cell').allTextContents();
    // username, email, totalReferred, uniqueDevice, unverified, fake
    expect(Number(cells[5])).toBe(Number(cells[2]) - Number(cells[3]));
    await expect(row.getByTestId('fake-referrals')).toHaveText(String(top!.fake));
    expect(top!.fake).toBeGreaterThan(0);

    // Paging and filters survive a reload.
    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('user-type-select')).toContainText(top!.name);
  });
});
