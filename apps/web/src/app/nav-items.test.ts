import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, selectedNavKey, visibleNavItems } from './nav-items';

const paths = (role: string) => visibleNavItems(role).map((i) => i.path);
const PRIVILEGED = [
  '/financials',
  '/growth-report',
  '/feature-report',
  '/payouts',
  '/bot-settings',
  '/admin-team',
  '/advanced/deposit-queue',
];
const SUPER_ADMIN_ONLY = ['/audit-trail', '/reconciliation'];

describe('the side menu', () => {
  it('Super Admin sees every item, in order', () => {
    expect(paths('Super Admin')).toEqual(NAV_ITEMS.map((i) => i.path));
    expect(NAV_ITEMS).toHaveLength(27);
  });

  it('Compliance sees the privileged items but not the Super Admin ones', () => {
    const seen = paths('Compliance');
    for (const p of PRIVILEGED) expect(seen).toContain(p);
    for (const p of SUPER_ADMIN_ONLY) expect(seen).not.toContain(p);
    expect(seen).toHaveLength(25);
  });

  it('any other role (or a name that only looks like one) sees neither', () => {
    for (const role of ['Customer Support', 'super admin', '']) {
      const seen = paths(role);
      for (const p of [...PRIVILEGED, ...SUPER_ADMIN_ONLY]) expect(seen).not.toContain(p);
      expect(seen).toHaveLength(18);
      expect(seen.slice(0, 3)).toEqual(['/', '/greetings', '/newsletter']);
    }
  });

  it('highlights the longest item whose path the page is at or below; the dashboard only at /', () => {
    expect(selectedNavKey('/', NAV_ITEMS)).toBe('/');
    expect(selectedNavKey('/all-users', NAV_ITEMS)).toBe('/all-users');
    expect(selectedNavKey('/advanced/deposit-queue/items', NAV_ITEMS)).toBe('/advanced/deposit-queue');
    expect(selectedNavKey('/compliance/locked-fixed', NAV_ITEMS)).toBe('/compliance/locked-fixed');
    expect(selectedNavKey('/all-users-extra', NAV_ITEMS)).toBeUndefined();
    expect(selectedNavKey('/user-profile/123', NAV_ITEMS)).toBeUndefined();
    expect(selectedNavKey('/audit-trail', visibleNavItems('Compliance'))).toBeUndefined();
  });
});
