import { expect, type Page } from '@playwright/test';
import { userId as demoUserId } from '../packages/db/src/demo/people';
import { COMPLIANCE, NEW_STAFF, SUPER_ADMIN, SUPPORT, type Account } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';

/**
 * Every screen of the web app, opened as the role that sees it, for the accessibility check
 * (a11y.spec.ts: axe-core, no serious or critical violation). `path` may be computed (records
 * from the demo data); `ready` waits for what the screen shows once loaded (`heading(...)` waits
 * for the page's heading, the network to settle and no "Loading" status); `open` does what brings
 * a state up (a dialog) after that.
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

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible({ timeout: 30_000 });
  // Lists and cards fill in after the heading: check the screen as a person sees it.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
};

/** The e2e server seeds its demo users with the generator's default seed: their ids are known. */
const firstDemoUser = () => demoUserId(20211001, 0);

const aSavingsPlan = async () => {
  const [row] = await queryE2eDb<{ id: string; plan_type: string }>(
    'SELECT id, plan_type FROM savings_plans ORDER BY id LIMIT 1',
  );
  if (!row) throw new Error('the demo data has no savings plan');
  return `/savings-plan/${row.plan_type}/${row.id}`;
};

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
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('dialog', { name: 'Two-factor authentication' })).toBeVisible();
    },
  },
  { name: 'maintenance', as: null, path: '/503', ready: heading('503') },
  { name: 'setup confirmation', as: null, path: '/confirm-admin/not-a-real-token', ready: heading(/./) },
  { name: '2FA set-up', as: NEW_STAFF, path: '/enable-2fa', ready: heading('Enable 2FA') },
  { name: 'dashboard (Super Admin)', as: SUPER_ADMIN, path: '/', ready: heading('Dashboard') },
  { name: 'dashboard (Support)', as: SUPPORT, path: '/', ready: heading('Dashboard') },
  { name: 'update password', as: SUPPORT, path: '/update-password', ready: heading('Update Password') },
  { name: 'audit trail', as: SUPER_ADMIN, path: '/audit-trail', ready: heading('Audit Trail') },
  { name: 'not allowed', as: SUPPORT, path: '/audit-trail', ready: heading('403') },
  { name: 'all users', as: SUPPORT, path: '/all-users', ready: heading('Users') },
  { name: 'user search', as: SUPPORT, path: '/user-search', ready: heading('User Search') },
  { name: 'wallet balance search', as: SUPPORT, path: '/balance-search', ready: heading('Wallet Balance Search') },
  { name: 'user profile', as: SUPER_ADMIN, path: async () => `/user-profile/${firstDemoUser()}`, ready: heading('User Profile') },
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
  { name: 'user type', as: SUPPORT, path: '/userType', ready: heading('User Type') },
  { name: 'not found', as: SUPPORT, path: '/no-such-screen', ready: heading('404') },
];
