/**
 * The load mix (issue 12, "Load"): what the web app's screens ask the API for when a staff member
 * opens them (apps/web/src/features/*), with how often each screen is opened and which roles may.
 * Written once, used by the 60-second bench (bench/load.ts) and by the short variant in npm test
 * (apps/api/src/reliability/load.test.ts).
 *
 * Reads only: a screen visit sends the calls its page sends on opening (at once, as the browser's
 * queries do). The screens' writes (decisions, batches, locks, remittances) are proven by the race
 * and crash tests; a load of them would change the demo data the bench is re-run on.
 *
 * Each call names the permission its route asks (the test checks it against the route table), and
 * a session sends only the calls its role's permissions allow, as the web app does (the dashboard's
 * treasury cards, for example, are asked for by Super Admin and Compliance only): any 403 is an error.
 */
import type pg from 'pg';
import { ROLE_SLUGS, SYSTEM_ROLES, type Permission } from '@vaultdesk/contract';
import { loadSamples, type SampleUser, type Samples } from './samples';
import type { rng } from './stats';

export type Rng = ReturnType<typeof rng>;
export type RoleSlug = (typeof ROLE_SLUGS)[keyof typeof ROLE_SLUGS];
type Query = Record<string, string | number>;

/** The sampled inputs the calls are built from (loadSamples' plus a few the other screens need). */
export type MixInputs = Samples & {
  kycLists: { level: number; status: string }[];
  kycUserIds: string[];
  suspects: { field: 'phoneNumber' | 'idcardNumber' | 'deviceId'; value: string }[];
  plans: { id: string; type: string }[];
  userTypes: string[];
};

export type MixCall = {
  /** Method and route as the route table has it: the per-route figures are kept under this. */
  route: string;
  permission: Permission;
  /** The query the screen sends (none: the bare route). */
  query?: (v: Visit) => Query;
  /** A write's JSON body (the call is sent with the route's method). */
  body?: (v: Visit) => object;
};

/** One opening of a screen: the inputs, the session's generator, and the customer, KYC case and plan it is about. */
export type Visit = { i: MixInputs; r: Rng; user: SampleUser; kycUserId: string; plan: { id: string; type: string } };

export function newVisit(i: MixInputs, r: Rng): Visit {
  return {
    i,
    r,
    user: r.pick(i.users),
    kycUserId: i.kycUserIds.length ? r.pick(i.kycUserIds) : r.pick(i.users).id,
    plan: i.plans.length ? r.pick(i.plans) : { id: '00000000-0000-0000-0000-000000000000', type: 'flexible' },
  };
}

export type Screen = {
  name: string;
  /** How often a session opens it, relative to the others it may open. */
  weight: number;
  /** Another weight for a role (KYC Reviewers live in the KYC screens). */
  roleWeights?: Partial<Record<RoleSlug, number>>;
  /** The calls the page sends on opening. The first decides whether a role may open the screen at all. */
  calls: MixCall[];
};

const get = (path: string, permission: Permission, query?: MixCall['query']): MixCall => ({
  route: `GET /v1/${path}`,
  permission,
  query,
});
/** Mostly the first pages, as staff page through lists. */
const somePage = (r: Rng) => r.pick([1, 1, 1, 1, 2, 2, 3, 5]);
const REPORT_STARTS = ['2021-10-01', '2023-01-01', '2024-06-01', '2025-06-01'];

export const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    weight: 10,
    calls: [
      get('admin/dashboard', 'dashboard.read'),
      get('admin/dashboard-trends', 'dashboard.read'),
      get('admin/overall-plans', 'treasury.read'),
      get('admin/overall-wallet-balances', 'treasury.read'),
      get('custodialWallet/get-addresses', 'treasury.read'),
      get('dashboard/share-prices', 'treasury.read', ({ r }) => ({ protocol: r.pick(['xAuto', 'venus']) })),
    ],
  },
  {
    name: 'user-search',
    weight: 14,
    calls: [get('admin/user-global-Search', 'users.read', ({ i, r }) => ({ search_text: r.pick(i.searchTerms) }))],
  },
  {
    name: 'all-users',
    weight: 6,
    calls: [
      get('admin/users', 'users.read', ({ i, r }) => {
        const c = r.pick(i.countries.slice(0, 40));
        return {
          countryType: c.type,
          countryCode: c.code,
          page: Math.min(somePage(r), Math.max(1, Math.ceil(c.users / 10))),
          pageSize: 10,
        };
      }),
    ],
  },
  {
    name: 'users-by-date',
    weight: 4,
    calls: [
      get('admin/search-user-date', 'users.read', ({ i, r }) => ({ ...r.pick(i.dateWindows), page: 1, pageSize: 10 })),
    ],
  },
  {
    name: 'balance-search',
    weight: 3,
    calls: [
      get('admin/users-by-wallet-balance', 'users.read', ({ i, r }) => {
        const b = i.balances.length ? r.pick(i.balances) : { currency: 'BUSD', balance: '100' };
        return { currency: b.currency.toLowerCase(), balance: b.balance, page: 1, pageSize: 10 };
      }),
    ],
  },
  {
    name: 'user-profile',
    weight: 16,
    // Opened from a search: the profile card, balances, wallets and activities in one call, then its cards.
    calls: [
      get('admin/search-details', 'users.read', ({ user }) => ({ id: user.id })),
      get('admin/user-plans', 'users.read', ({ user }) => ({ userId: user.id })),
      get('admin/user-wallet-transactions', 'users.read', ({ user }) => ({ id: user.id, page: 1, pageSize: 10 })),
      get('admin/user-savings-transactions', 'users.read', ({ user }) => ({ id: user.id, page: 1 })),
      get('admin/user-bank-details', 'users.read', ({ user }) => ({ userId: user.id })),
      get('admin/get-user-usertypes', 'users.read', ({ user }) => ({ userId: user.id })),
      get('admin/user-referral-info', 'users.read', ({ user }) => ({ username: user.username })),
      get('admin/filter-referal-users', 'users.read', ({ user }) => ({ username: user.username, page: 1 })),
      get('admin/roles', 'users.read', () => ({ kind: 'customer', page: 1, pageSize: 100 })),
    ],
  },
  {
    name: 'kyc-list',
    weight: 6,
    roleWeights: { [ROLE_SLUGS.kycReviewer]: 30 },
    calls: [
      get('admin/kyc/getkyc-by-level', 'kyc.read', ({ i, r }) => {
        const l = i.kycLists.length ? r.pick(i.kycLists) : { level: 2, status: 'submitted' };
        return { kycLevel: l.level, kycStatus: l.status, page: somePage(r), pageSize: 20 };
      }),
      get('admin/kycLevel/get-kyclevel', 'kyc.read', () => ({ page: 1, pageSize: 10 })),
    ],
  },
  {
    name: 'kyc-case',
    weight: 3,
    roleWeights: { [ROLE_SLUGS.kycReviewer]: 15 },
    calls: [
      get('admin/kyc/getkyc-by-level', 'kyc.read', ({ kycUserId }) => ({ kycLevel: 2, userId: kycUserId })),
      get('admin/kyc/rejected-kyc-records', 'kyc.read', ({ kycUserId }) => ({ userId: kycUserId })),
    ],
  },
  {
    name: 'kyc-suspects',
    weight: 2,
    roleWeights: { [ROLE_SLUGS.kycReviewer]: 8 },
    calls: [
      get('admin/kyc/kyc-filter-by-values', 'kyc.read', ({ i, r }) => {
        const s = i.suspects.length ? r.pick(i.suspects) : { field: 'phoneNumber' as const, value: '+2348000000000' };
        return { [s.field]: s.value, page: 1 };
      }),
    ],
  },
  {
    name: 'compliance',
    weight: 3,
    calls: [
      get('admin/compliance/double-fundings', 'compliance.read', ({ r }) => ({
        page: 1,
        status: r.pick(['pending', 'pending', 'deleted']),
      })),
      get('admin/locked-fixed-savings', 'compliance.read', () => ({ page: 1 })),
      get('admin/locked-flexible-savings', 'compliance.read', () => ({ page: 1 })),
    ],
  },
  {
    name: 'transactions-report',
    weight: 4,
    calls: [
      get('admin/transactions', 'reports.read', ({ r }) => ({
        type: r.pick(['savings', 'wallet']),
        start: r.pick(REPORT_STARTS),
        page: somePage(r),
      })),
      get('admin/transactions/group', 'reports.read', ({ r }) => ({ start: r.pick(REPORT_STARTS), page: 1 })),
    ],
  },
  {
    name: 'accounts-report',
    weight: 2,
    calls: [
      get('admin/fees-collectedby-vlt', 'reports.read', ({ r }) => ({ start: r.pick(REPORT_STARTS), page: 1 })),
      get('admin/gas-fees-spent', 'reports.read', ({ r }) => ({ start: r.pick(REPORT_STARTS), page: 1 })),
    ],
  },
  {
    name: 'referral-report',
    weight: 2,
    calls: [
      get('admin/referral-user-types', 'users.read'),
      get('admin/get-usertype-referals', 'users.read', ({ r }) => ({ start: r.pick(REPORT_STARTS), page: 1 })),
    ],
  },
  { name: 'finder', weight: 2, calls: [get('admin/finder', 'users.read', ({ user }) => ({ email: user.email }))] },
  {
    name: 'user-types',
    weight: 2,
    calls: [
      get('admin/user-types/get-user-types', 'agents.manage'),
      get('admin/sortuser-by-usertype', 'agents.manage', ({ i, r }) => ({
        userType: i.userTypes.length ? r.pick(i.userTypes) : 'Agent',
        page: 1,
      })),
    ],
  },
  { name: 'greetings', weight: 1, calls: [get('admin/get-alerts', 'greetings.manage', () => ({ page: 1 }))] },
  {
    name: 'newsletters',
    weight: 1,
    calls: [
      get('newsletters', 'newsletters.manage', () => ({ page: 1 })),
      get('subscribers', 'newsletters.manage'),
      get('newsletters/maillist', 'newsletters.manage'),
      get('newsletters/config', 'newsletters.manage'),
    ],
  },
  { name: 'own-profile', weight: 1, calls: [get('admin/profile', 'self.account'), get('admin/me', 'self.account')] },
  { name: 'exports', weight: 1, calls: [get('admin/exports', 'self.account', () => ({ page: 1 }))] },
  // The privileged screens (Super Admin and Compliance).
  ...(['deposit', 'withdraw'] as const).map((queue): Screen => ({
    name: `${queue}-queue`,
    weight: 3,
    calls: [
      get(`admin/${queue}-queue`, 'queues.read', ({ r }) => ({
        status: r.pick(['pending', 'pending', 'processing', 'done']),
        page: somePage(r),
        pageSize: 30,
      })),
      get('advanced/queue-status', 'queues.read', () => ({ queue })),
      get('advanced/process-lists', 'queues.read', () => ({ type: queue })),
      get('advanced/chain-config', 'queues.read'),
    ],
  })),
  {
    name: 'withdraw-out',
    weight: 3,
    calls: [
      get('admin/withdrawal-requests', 'queues.read', ({ r }) => ({
        status: r.pick([8, 8, 0, 1, 5, 6, 7, 2, 3]),
        page: somePage(r),
      })),
      get('advanced/queue-status', 'queues.read', () => ({ queue: 'withdrawout' })),
    ],
  },
  {
    name: 'liquidity-providers',
    weight: 1,
    calls: [get('advanced/liquidity-providers', 'queues.read', () => ({ page: 1, pageSize: 30 }))],
  },
  {
    name: 'savings-plan',
    weight: 2,
    calls: [
      get('admin/savings-plan-details', 'plans.read', ({ plan }) => ({ planId: plan.id, planType: plan.type })),
      get('advanced/batches-plan-was-involved', 'plans.read', ({ plan }) => ({ planId: plan.id, planType: plan.type })),
      get('advanced/vlt-reward-record', 'plans.read', ({ plan }) => ({ planId: plan.id })),
    ],
  },
  {
    name: 'fraud-and-funding',
    weight: 2,
    calls: [
      get('security/retrieve-watchlist', 'fraud.read', () => ({ page: 1 })),
      get('advanced/blacklisted-device', 'devices.blacklist', () => ({ page: 1 })),
      get('advanced/plans-about-to-mature', 'funding.read', () => ({ page: 1 })),
      get('admin/funding-request', 'funding.read', ({ user }) => ({ email: user.email })),
    ],
  },
  {
    name: 'finance-reports',
    weight: 3,
    calls: [
      get('admin/financials', 'reports.finance', ({ r }) => ({ start: r.pick(REPORT_STARTS) })),
      get('admin/growth-report', 'reports.finance', ({ r }) => ({ weeks: r.pick([4, 12, 12, 26]) })),
      get('admin/feature-report', 'reports.finance', ({ r }) => ({ weeks: r.pick([4, 12, 12, 26]) })),
      get('admin/referral-payouts', 'reports.finance', ({ r }) => ({ start: r.pick(REPORT_STARTS), page: 1 })),
    ],
  },
  {
    name: 'admin-team',
    weight: 2,
    calls: [
      get('admin/users/admin', 'admins.read', () => ({ page: 1 })),
      get('admin/roles', 'admins.read', () => ({ page: 1, pageSize: 10 })),
      get('admin/permissions', 'admins.read'),
    ],
  },
  {
    name: 'settings',
    weight: 1,
    calls: [
      get('admin/all-Process-settings', 'settings.manage'),
      get('admin/process-settings-history', 'settings.manage', () => ({ page: 1 })),
    ],
  },
  {
    name: 'bots',
    weight: 1,
    calls: [
      get('configs', 'bots.manage'),
      get('configs/cronjob-time', 'bots.manage'),
      get('configs/runs', 'bots.manage'),
    ],
  },
  // Super Admin only.
  {
    name: 'audit-trail',
    weight: 3,
    calls: [get('admin/audit-logs', 'audit.read', ({ r }) => ({ page: somePage(r) }))],
  },
  // An audit tool, opened now and then. Opening it reads the latest stored run (the worker computes
  // runs in the background: a whole-table pass is never made inside a request), so it is as cheap
  // as any screen. Run now (POST) is a write and stays out of the load: a run costs the database tens of seconds.
  {
    name: 'reconciliation',
    weight: 1,
    calls: [get('admin/reconciliation', 'reconciliation.read', () => ({ pageSize: 20 }))],
  },
];

/**
 * Writes, only with `bench/load.ts --writes <weight>` (issue 20: audit writes with the hash chain
 * against without): a staff member saving their own display name, an audited write every role
 * may make (a row lock on the own staff row, the update, the audit row, in one transaction). It
 * changes only the load accounts' own names, so the demo data stays as it was.
 */
export const writeScreens = (weight: number): Screen[] => [
  {
    name: 'own-profile-save',
    weight,
    calls: [
      {
        route: 'PUT /v1/admin/profile',
        permission: 'self.account',
        body: ({ r }) => ({ fullName: `Load Staff ${Math.floor(r.next() * 1e6)}` }),
      },
    ],
  },
];

export const permissionsOf = (role: RoleSlug): readonly string[] => {
  const found = SYSTEM_ROLES.find((x) => x.slug === role);
  if (!found) throw new Error(`unknown role ${role}`);
  return found.permissions;
};

/** The screens a role may open, with their weights for it, and in each only the calls it may send. */
export function screensFor(role: RoleSlug, extra: Screen[] = []) {
  const perms = new Set(permissionsOf(role));
  return [...SCREENS, ...extra]
    .filter((s) => perms.has(s.calls[0]!.permission))
    .map((s) => ({
      name: s.name,
      weight: s.roleWeights?.[role] ?? s.weight,
      calls: s.calls.filter((c) => perms.has(c.permission)),
    }));
}

/** Every route the mix sends for a role: what a run with enough sessions of it must have exercised. */
export const routesFor = (role: RoleSlug) =>
  [...new Set(screensFor(role).flatMap((s) => s.calls.map((c) => c.route)))].sort();

/** The request path of a call (the route's path, its query). */
export function pathOf(call: MixCall, v: Visit) {
  const base = call.route.slice(call.route.indexOf(' ') + 1);
  const query = call.query?.(v);
  if (!query) return base;
  return `${base}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

/**
 * How 200 sessions spread over the system roles: the support desk and the KYC reviewers are the
 * many, the privileged roles the few.
 */
export const ROLE_SHARES: [RoleSlug, number][] = [
  [ROLE_SLUGS.superAdmin, 0.15],
  [ROLE_SLUGS.compliance, 0.25],
  [ROLE_SLUGS.support, 0.35],
  [ROLE_SLUGS.kycReviewer, 0.25],
];

export function spreadRoles(n: number): RoleSlug[] {
  const out: RoleSlug[] = [];
  ROLE_SHARES.forEach(([role, share], k) => {
    const count = k === ROLE_SHARES.length - 1 ? n - out.length : Math.round(n * share);
    for (let j = 0; j < count; j++) out.push(role);
  });
  return out;
}

/** Samples the inputs from the database: the same ones on every run over the same data. */
export async function loadMixInputs(client: pg.Client): Promise<MixInputs> {
  const samples = await loadSamples(client, { users: 400, deepRows: 100 });
  const rows = async <T extends pg.QueryResultRow>(text: string) => (await client.query<T>(text)).rows;
  const kycLists = (
    await rows<{ level: number; status: string }>(
      `SELECT level::int AS level, status FROM kyc_status_counts WHERE n > 0 AND level IN (2, 3) ORDER BY level, status`,
    )
  ).filter((l) => ['submitted', 'approved', 'rejected', 'escalated'].includes(l.status));
  const kycUserIds = (
    await rows<{ id: string }>(`SELECT user_id::text AS id FROM kyc_records ORDER BY md5(user_id::text) LIMIT 200`)
  ).map((x) => x.id);
  const suspects: MixInputs['suspects'] = [];
  for (const [field, col] of [
    ['phoneNumber', 'phone_number'],
    ['idcardNumber', 'idcard_number'],
    ['deviceId', 'device_id'],
  ] as const) {
    const values = await rows<{ v: string }>(
      `SELECT ${col} AS v FROM kyc_records WHERE ${col} IS NOT NULL GROUP BY ${col} ORDER BY count(*) DESC, md5(${col}) LIMIT 30`,
    );
    suspects.push(...values.map((x) => ({ field, value: x.v })));
  }
  const plans = await rows<{ id: string; type: string }>(
    `SELECT id::text, CASE WHEN plan_type ILIKE 'fixed' THEN 'fixed' ELSE 'flexible' END AS type FROM savings_plans ORDER BY md5(id::text) LIMIT 200`,
  );
  const userTypes = (await rows<{ name: string }>(`SELECT name::text FROM user_types ORDER BY name`)).map(
    (x) => x.name,
  );
  return { ...samples, kycLists, kycUserIds, suspects, plans, userTypes };
}
