import { expect, type Page } from '@playwright/test';
import { userId as demoUserId } from '../packages/db/src/demo/people';
import { COMPLIANCE, NEW_STAFF, SUPER_ADMIN, SUPPORT, type Account } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';

/**
 * Every screen of the web app, opened as the role that sees it, for the accessibility check
 * (a11y.spec.ts: axe-core, no serious or critical violation). `path` may be computed (records
 * from the demo data); `ready` waits for what the screen shows once loaded (`heading(...)` waits
 * for the page's heading and no "Loading" status; `liveHeading(...)`, for a screen that keeps
 * itself live, also for its live stream to be open); `open` does what brings a state up (a
 * dialog) after that.
 *
 * HOW TO ADD A SCREEN: one line in A11Y_SCREENS, signed in as the least privileged role that
 * sees it (COMPLIANCE for the privileged screens, SUPER_ADMIN for Super Admin's own), e.g.
 *   { name: 'KYC review', as: COMPLIANCE, path: '/kyc-review', ready: heading('KYC Review') },
 * A dialog worth checking is a second line with the same path and an `open` step.
 */
export type A11yScreen = {
  name: string;
  /** Who opens it; null: no session (public screens). */
  as: Account | null;
  path: string | (() => Promise<string>);
  ready: (page: Page) => Promise<void>;
  open?: (page: Page) => Promise<void>;
};

const LOADED = { timeout: 30_000 };

/**
 * The screen as a person sees it once loaded: its heading, then no loading indicator left (lists
 * and cards fill in after the heading, each showing one meanwhile). The page says itself when it
 * is loaded, so nothing waits for the network to fall quiet, which a live screen (an open event
 * stream, counts polled) may not do on a loaded machine. A live screen's stream must be open
 * (`<html data-live="ready">`, apps/web/src/api/live-readiness.ts); any other screen holding a
 * live connection must have it open too.
 */
const heading =
  (name: string | RegExp, opts: { live?: boolean } = {}) =>
  async (page: Page) => {
    await expect(page.getByRole('heading', { name }).first()).toBeVisible(LOADED);
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, LOADED);
    if (opts.live) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready', LOADED);
    else await expect(page.locator('html[data-live]:not([data-live="ready"])')).toHaveCount(0, LOADED);
  };
/** A screen that keeps itself live (useLiveTopic): loaded, and its live stream open. */
const liveHeading = (name: string | RegExp) => heading(name, { live: true });

/** The e2e server seeds its demo users with the generator's default seed: their ids are known. */
const firstDemoUser = () => demoUserId(20211001, 0);

/** A path built from the first demo record the query finds (the demo data must hold one). */
const fromDemo =
  <T extends Record<string, string>>(text: string, what: string, path: (row: T) => string) =>
  async () => {
    const [row] = await queryE2eDb<T>(text);
    if (!row) throw new Error(`the demo data has no ${what}`);
    return path(row);
  };

const aSavingsPlan = fromDemo<{ id: string; plan_type: string }>(
  'SELECT id, plan_type FROM savings_plans ORDER BY id LIMIT 1',
  'savings plan',
  (r) => `/savings-plan/${r.plan_type}/${r.id}`,
);

const aKycCase = fromDemo<{ user_id: string }>(
  'SELECT user_id FROM kyc_records WHERE idcard_ipfs_hash IS NOT NULL AND selfie_ipfs_hash IS NOT NULL ORDER BY id LIMIT 1',
  'KYC record with pictures',
  (r) => `/manage-kyc/${r.user_id}`,
);

const aKycPhone = fromDemo<{ phone_number: string }>(
  'SELECT phone_number FROM kyc_records WHERE phone_number IS NOT NULL ORDER BY id LIMIT 1',
  'KYC record with a phone number',
  (r) => `/kyc-suspects?phoneNumber=${encodeURIComponent(r.phone_number)}`,
);

export const A11Y_SCREENS: A11yScreen[] = [
  { name: 'sign-in', as: null, path: '/login', ready: heading('Admin Dashboard') },
  {
    name: 'sign-in code dialog',
    as: null,
    path: '/login',
    ready: heading('Admin Dashboard'),
    open: async (page) => {
      await page.getByLabel('Email').fill(SUPPORT.email);
      await page.getByLabel('Password', { exact: true }).fill(SUPPORT.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Two-factor authentication' })).toBeVisible();
    },
  },
  { name: 'maintenance', as: null, path: '/503', ready: heading('503') },
  { name: 'setup confirmation', as: null, path: '/confirm-admin/not-a-real-token', ready: heading(/./) },
  { name: '2FA set-up', as: NEW_STAFF, path: '/enable-2fa', ready: heading('Enable 2FA') },
  { name: 'dashboard (Super Admin)', as: SUPER_ADMIN, path: '/', ready: heading('Dashboard') },
  { name: 'dashboard (Support)', as: SUPPORT, path: '/', ready: heading('Dashboard') },
  { name: 'update password', as: SUPPORT, path: '/update-password', ready: heading('Update Password') },
  { name: 'register a passkey', as: SUPPORT, path: '/register-passkey', ready: heading('Register a passkey') },
  { name: 'audit trail', as: SUPER_ADMIN, path: '/audit-trail', ready: heading('Audit Trail') },
  { name: 'approvals', as: SUPPORT, path: '/approvals', ready: liveHeading('Approvals') },
  {
    name: 'reconciliation',
    as: SUPER_ADMIN,
    path: '/reconciliation',
    ready: async (p) => {
      await heading('Reconciliation')(p);
      await expect(p.getByTestId('rec-run-info').or(p.getByTestId('rec-empty'))).toBeVisible();
    },
  },
  { name: 'not allowed', as: SUPPORT, path: '/audit-trail', ready: heading('403') },
  { name: 'all users', as: SUPPORT, path: '/all-users', ready: heading('Users') },
  { name: 'user search', as: SUPPORT, path: '/user-search', ready: heading('User Search') },
  { name: 'wallet balance search', as: SUPPORT, path: '/balance-search', ready: heading('Wallet Balance Search') },
  {
    name: 'user profile',
    as: SUPER_ADMIN,
    path: async () => `/user-profile/${firstDemoUser()}`,
    ready: heading('User Profile'),
  },
  {
    name: 'user profile: trust score dialog',
    as: SUPER_ADMIN,
    path: async () => `/user-profile/${firstDemoUser()}`,
    ready: heading('User Profile'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Update trust score' }).click();
      await expect(page.getByRole('dialog', { name: 'Update trust score' })).toBeVisible();
    },
  },
  { name: 'referral report', as: SUPPORT, path: '/referral-report', ready: heading('Referral Report') },
  { name: 'savings plan', as: COMPLIANCE, path: aSavingsPlan, ready: heading(/^Savings Plan/) },
  { name: 'reward record', as: COMPLIANCE, path: '/advanced/view-reward-record', ready: heading('Reward Record') },
  // KYC and compliance.
  { name: 'users KYC', as: COMPLIANCE, path: '/users-kyc', ready: liveHeading('Users KYC') },
  {
    name: 'users KYC: levels dialog',
    as: COMPLIANCE,
    path: '/users-kyc',
    ready: liveHeading('Users KYC'),
    open: async (page) => {
      await page.getByRole('button', { name: 'KYC Levels' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'manage KYC', as: COMPLIANCE, path: aKycCase, ready: heading('Manage KYC') },
  { name: 'KYC suspects', as: COMPLIANCE, path: aKycPhone, ready: heading(/^All Possible Suspects with same/) },
  { name: 'fraud list', as: COMPLIANCE, path: '/advanced/fraud-list', ready: heading('Fraud List') },
  {
    name: 'blacklisted devices',
    as: COMPLIANCE,
    path: '/advanced/blacklisted-devices',
    ready: heading('Blacklisted Devices'),
  },
  { name: 'double funding', as: COMPLIANCE, path: '/double-funding', ready: heading('Double Funding') },
  { name: 'locked savings', as: COMPLIANCE, path: '/compliance/locked-fixed', ready: heading('Locked Savings') },
  {
    name: 'funding requests',
    as: COMPLIANCE,
    path: '/advanced/funding-requests',
    ready: heading('Search Funding Request'),
  },
  {
    name: 'plans about to mature',
    as: COMPLIANCE,
    path: '/advanced/plans-about-mature',
    ready: heading('Plans About to Mature / Yet to Withdraw'),
  },
  // Queues and batches.
  { name: 'deposit queue', as: COMPLIANCE, path: '/advanced/deposit-queue', ready: liveHeading('Deposit Queue') },
  { name: 'withdraw queue', as: COMPLIANCE, path: '/advanced/withdraw-queue', ready: liveHeading('Withdraw Queue') },
  { name: 'internal operations', as: COMPLIANCE, path: '/internals', ready: heading('Internal Operations') },
  { name: 'withdrawal out', as: COMPLIANCE, path: '/advanced/withdraw-out', ready: liveHeading('Withdrawal Out') },
  {
    name: 'liquidity providers',
    as: COMPLIANCE,
    path: '/advanced/liquidity-providers',
    ready: heading('Liquidity Providers'),
  },
  { name: 'VLT bridge', as: COMPLIANCE, path: '/advanced/vlt-bridge', ready: heading('VLT Bridge Sell Request') },
  // Team, content and bots.
  { name: 'admin team', as: COMPLIANCE, path: '/admin-team', ready: heading('Admin Team') },
  { name: 'internal settings', as: COMPLIANCE, path: '/advanced/settings', ready: heading('Internal Settings') },
  { name: 'greetings', as: COMPLIANCE, path: '/greetings', ready: heading('Greetings') },
  { name: 'newsletter', as: COMPLIANCE, path: '/newsletter', ready: heading('NewsLetter') },
  { name: 'bot configurations', as: COMPLIANCE, path: '/bot-settings', ready: heading('Bot Configurations') },
  // Reports and exports.
  { name: 'transactions', as: COMPLIANCE, path: '/transactions', ready: heading('Transactions') },
  { name: 'accounts', as: COMPLIANCE, path: '/accounts', ready: heading('Accounts') },
  { name: 'exports', as: COMPLIANCE, path: '/exports', ready: heading('Exports') },
  { name: 'admin profile', as: SUPPORT, path: '/admin-profile', ready: heading('Admin Profile') },
  { name: 'activity search', as: COMPLIANCE, path: '/finder', ready: heading('Activity Search') },
  { name: 'financials', as: COMPLIANCE, path: '/financials', ready: heading('Financials') },
  { name: 'weekly growth', as: COMPLIANCE, path: '/growth-report', ready: heading('Weekly Growth') },
  { name: 'feature usage', as: COMPLIANCE, path: '/feature-report', ready: heading('Feature Usage') },
  { name: 'referral payouts', as: COMPLIANCE, path: '/payouts', ready: heading('Referral Payouts') },
  { name: 'user type', as: SUPPORT, path: '/userType', ready: heading('User Type') },
  { name: 'not found', as: SUPPORT, path: '/no-such-screen', ready: heading('404') },
];
