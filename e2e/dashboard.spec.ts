import { expect, test, type Page } from '@playwright/test';
import { formatAmount } from '@vaultdesk/contract';
import { COMPLIANCE, SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { bearer, openAs } from './fixtures/session';

const PRIVILEGED_CALLS =
  /\/v1\/(admin\/overall-plans|admin\/overall-wallet-balances|custodialWallet\/get-addresses|dashboard\/share-prices)/;

// The first paint of the dashboard (its own chunk and antd's table) can take well over the default
// 10 s when the machine is busy: the first check of each test waits longer.
const FIRST_PAINT = { timeout: 30_000 };

/** Figures read from the API, shown as the page shows them (the formatter has its own unit tests). */
const four = (v: string) => formatAmount(v);

async function expectCharts(page: Page) {
  const signups = page.getByRole('img', { name: 'Daily sign-ups, last 30 days' });
  await expect(signups).toBeVisible();
  await expect(signups.locator('rect[data-day]')).toHaveCount(30);
  const volume = page.getByRole('img', { name: 'Daily savings volume in USD, last 30 days' });
  await expect(volume).toBeVisible();
  await expect(volume.locator('circle[data-day]')).toHaveCount(30);
  await expect(signups.getByText('Day (UTC)')).toBeVisible();
}

test.describe('dashboard', () => {
  test('Super Admin sees the custodial wallets, balances, plans, the referral payout account and the charts', async ({
    page,
    request,
  }) => {
    const session = await openAs(page, request, SUPER_ADMIN, '/');
    const api = async (path: string) => {
      const res = await request.get(`/v1/${path}`, { headers: bearer(session.token) });
      expect(res.status()).toBe(200);
      return (await res.json()).data;
    };
    const { result: wallets } = await api('custodialWallet/get-addresses');
    const plans = await api('admin/overall-plans');
    const totals = await api('admin/overall-wallet-balances');
    const trends = await api('admin/dashboard-trends');

    await expect(page.getByTestId('custodial-wallets').getByRole('table')).toBeVisible(FIRST_PAINT);
    await expect(page.getByTestId('card-total-users')).toBeVisible();

    // Custodial wallets: the demo's treasury, bulk sender and withdrawal-out wallets, at the seeded snapshot's figures.
    const table = page.getByTestId('custodial-wallets').getByRole('table');
    for (const label of ['Treasury', 'Bulk sender', 'Withdrawal out']) {
      const wallet = wallets.find((w: { label: string }) => w.label === label);
      const row = table.getByRole('row').filter({ hasText: label });
      await expect(row).toBeVisible();
      const link = row.getByRole('link', { name: `${wallet.address.slice(0, 4)}...${wallet.address.slice(-4)}` });
      await expect(link).toHaveAttribute('href', `https://bscscan.com/address/${wallet.address}`);
      for (const c of ['BNB', 'BUSD', 'VLT', 'xBUSD']) await expect(row).toContainText(four(wallet[c]));
      // The e2e server runs a local chain (funded to the demo's snapshot figures): the balances are read from it, not a snapshot.
      await expect(row.getByText('Live from chain', { exact: true })).toBeVisible();
      await expect(row.getByText(/^Snapshot of /)).toHaveCount(0);
    }
    await expect(table.getByRole('row').filter({ hasText: 'Bulk sender' })).toContainText('18,250.5000');
    await expect(table.getByRole('row').filter({ hasText: 'Referral payout' })).toHaveCount(0);

    // The referral payout account, in its own card.
    const payout = page.getByTestId('referral-payout');
    await expect(payout.getByLabel('Referral payout VLT balance')).toContainText('48,210.5000');
    await expect(payout.getByText('Live from chain', { exact: true })).toBeVisible();

    // Totals: customers' balances, the unsettled payout wallets and the USD value.
    const totalsCard = page.getByTestId('wallet-totals');
    await expect(totalsCard.getByLabel('Total USD value')).toContainText(`$${four(totals.totalUsdValue)}`);
    const available = page.getByTestId('total-available');
    for (const b of totals.walletBalances)
      await expect(available).toContainText(`${b.currency}${four(b.totalBalance)}`);
    const unsettled = page.getByTestId('unsettled');
    await expect(unsettled).toContainText('Bulk sender VLT92,400.0000');
    await expect(unsettled).toContainText('Bulk sender BUSD18,250.5000');
    await expect(unsettled).toContainText('Withdrawal out VLT31,050.1250');
    await expect(unsettled).toContainText('Withdrawal out BUSD6,420.7500');

    // Plan counts, as the database has them.
    const planCard = page.getByTestId('plan-totals');
    expect(plans.total_all_fixed_plan + plans.total_all_flexible_plan).toBeGreaterThan(0);
    await expect(planCard.getByRole('row').filter({ hasText: 'Active fixed plans' }).first()).toContainText(
      String(plans.total_active_fixed_plan),
    );
    await expect(planCard.getByRole('row').filter({ hasText: 'All fixed plans' })).toContainText(
      String(plans.total_all_fixed_plan),
    );
    await expect(planCard.getByRole('row').filter({ hasText: 'All flexible plans' })).toContainText(
      String(plans.total_all_flexible_plan),
    );
    await expect(planCard.getByRole('row').filter({ hasText: 'Active flexible plans (USD)' })).toContainText(
      `$${four(plans.total_active_flexible_plan_to_usd)}`,
    );

    await expect(page.getByTestId('share-prices')).toContainText(/xAuto\s*1\.\d{4}/);

    await expectCharts(page);
    // The chart's text summary carries the total of the 30 days.
    const total = trends.reduce((s: number, d: { signups: number }) => s + d.signups, 0);
    await expect(
      page.getByRole('img', { name: new RegExp(`^Daily sign-ups, last 30 days ${total} sign-ups`) }),
    ).toBeVisible();
  });

  test('Compliance sees the custodial panel too', async ({ page, request }) => {
    await openAs(page, request, COMPLIANCE, '/');
    await expect(page.getByTestId('custodial-wallets').getByRole('row').filter({ hasText: 'Treasury' })).toBeVisible(
      FIRST_PAINT,
    );
    await expect(page.getByTestId('plan-totals')).toBeVisible();
  });

  test('Support sees the four cards and the charts, and the privileged calls are never sent', async ({
    page,
    request,
  }) => {
    const privilegedCalls: string[] = [];
    page.on('request', (r) => {
      if (PRIVILEGED_CALLS.test(r.url())) privilegedCalls.push(r.url());
    });
    await openAs(page, request, SUPPORT, '/');
    await expect(page.getByRole('img', { name: 'Daily sign-ups, last 30 days' })).toBeVisible(FIRST_PAINT);
    for (const id of ['card-total-users', 'card-signup-today', 'card-verified-users', 'card-unverified-users']) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await expectCharts(page);
    await expect(page.getByTestId('custodial-wallets')).toHaveCount(0);
    await expect(page.getByTestId('referral-payout')).toHaveCount(0);
    await expect(page.getByTestId('wallet-totals')).toHaveCount(0);
    await expect(page.getByTestId('plan-totals')).toHaveCount(0);
    expect(privilegedCalls).toEqual([]);
  });
});
