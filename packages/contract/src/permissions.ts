/**
 * The permission catalogue. Every API route declares one of these (or `public`), roles carry
 * lists of them, and `GET admin/permissions` serves this list.
 */
export const PERMISSIONS = {
  'self.account': 'Use own account: profile, password, sign-out',
  'dashboard.read': 'See the dashboard cards',
  'admins.read': 'List admin users and roles',
  'admins.manage': 'Create and remove admin users',
  'roles.manage': 'Create, modify and delete roles',
  'audit.read': 'Read the audit trail',
  'audit.anchor': "Anchor the audit trail's head now: on chain and in the file store",
  'users.read': 'See customers: lists, searches, profiles, transactions, referrals',
  'users.manage': 'Change customers: lock savings, trust score, two-factor removal, record visibility, role',
  'users.devices': "See customers' registration device and IP details",
  'notes.write':
    'Add notes to a customer (user profile) and to their KYC case (Manage KYC); notes are never edited or deleted',
  'treasury.read': 'See custodial wallets, overall balances and plan totals',
  'plans.read': 'See savings plan details, their batches and reward records',
  'plans.resolve': "Resolve a savings plan's part in a batch",
  'wallets.resolve': "Resolve a customer's duplicate wallets",
  'funds.remit': "Trigger a remittance of a customer's wallet funds",
  'settings.manage': 'See and change internal settings: token prices and the APR',
  'greetings.manage': 'Create, update and delete greetings',
  'newsletters.manage': 'Draft, test, submit, pause, resume, terminate and delete newsletters',
  'newsletters.approve': "Approve a newsletter for sending (never one's own)",
  'newsletters.configure': 'Change the newsletter system config, access code and sender pin',
  'bots.manage': 'Switch bots on and off and set their cron intervals',
  'agents.manage': 'Manage user types and agents, upload agent images',
  'reports.read': 'See the transaction and accounts reports and export reports as CSV',
  'reports.finance': 'See the financials, weekly growth, feature usage and referral payout reports',
  'exports.audit': "See every staff member's CSV exports (who exported what, and when)",
  'kyc.read': 'See identity checks: the KYC list, records, images, history, suspects and levels',
  'kyc.review': 'Approve, reject or escalate identity checks, and take unattended cases',
  'kyc.takeover': 'Take over an identity check another reviewer holds, to decide it',
  'kyc.levels': 'Create and update KYC levels and their withdrawal limits',
  'compliance.read': 'See double fundings and locked savings',
  'devices.blacklist': 'See, blacklist and de-list devices',
  'fraud.read': 'See the fraud watchlist',
  'funding.read': 'Search funding requests and see plans about to mature',
  'queues.read':
    'See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests',
  'queues.manage': 'Change queue items and process lists, run and save on-chain batches, update queue and plans',
  'withdrawals.manage': 'Set withdrawal-out requests to Pending or On-Hold, process and cancel them',
  'withdrawals.review': 'Set withdrawal-out requests to Review, Processing or Retry',
  'providers.manage': 'Add, activate and deactivate liquidity providers',
  'reconciliation.read':
    'Run the reconciliation report: ledger against balances, plan holds, saved batches against the chain',
  'chainwatch.read':
    "See the chain watcher: the chain's head, the last block processed, lag, deposits seen and credited, errors",
  'integrations.manage':
    "Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries",
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** What every signed-in admin may do: the specifications' "open routes". */
export const OPEN_PERMISSIONS: Permission[] = [
  'self.account',
  'dashboard.read',
  'users.read',
  'users.manage',
  'kyc.read',
  'kyc.review',
  'notes.write',
  'compliance.read',
  'reports.read',
  'greetings.manage',
  'newsletters.manage',
  'agents.manage',
];

/** The privileged set of the specifications (Admin Team, Advanced area), short of Super Admin's own. */
export const COMPLIANCE_PERMISSIONS: Permission[] = [
  ...OPEN_PERMISSIONS,
  'admins.read',
  'treasury.read',
  'plans.read',
  'plans.resolve',
  'wallets.resolve',
  'settings.manage',
  'newsletters.approve',
  'bots.manage',
  'reports.finance',
  'exports.audit',
  'kyc.levels',
  'devices.blacklist',
  'fraud.read',
  'funding.read',
  'queues.read',
  'queues.manage',
  'withdrawals.manage',
  'providers.manage',
  'chainwatch.read',
];

export const ROLE_SLUGS = {
  superAdmin: 'super-admin',
  compliance: 'compliance',
  support: 'support',
  kycReviewer: 'kyc-reviewer',
} as const;

/** Roles the system keeps in step with the catalogue on every start. */
export const SYSTEM_ROLES = [
  {
    slug: ROLE_SLUGS.superAdmin,
    title: 'Super Admin',
    description: 'Full access, including the admin team and the audit trail',
    permissions: ALL_PERMISSIONS,
  },
  {
    slug: ROLE_SLUGS.compliance,
    title: 'Compliance',
    description: 'Compliance officers: open routes plus the Advanced area and the admin team view',
    permissions: COMPLIANCE_PERMISSIONS,
  },
  {
    slug: ROLE_SLUGS.support,
    title: 'Support',
    description: 'Customer support: the open routes',
    permissions: OPEN_PERMISSIONS,
  },
  {
    slug: ROLE_SLUGS.kycReviewer,
    title: 'KYC Reviewer',
    description: 'Identity check reviewers: the open routes',
    permissions: OPEN_PERMISSIONS,
  },
] as const;

/** Role names (title case) that the web app treats as privileged, as the specifications do. */
export const PRIVILEGED_ROLE_TITLES = ['Super Admin', 'Compliance'] as const;
export const isPrivilegedRole = (title: string | undefined | null) =>
  !!title && (PRIVILEGED_ROLE_TITLES as readonly string[]).includes(title);
export const isSuperAdmin = (title: string | undefined | null) => title === 'Super Admin';

/** The permissions a role gives while it is in force: a switched-off role keeps only the own account (profile, password, sign-out). */
export const permissionsInForce = (role: { isActive: boolean; permissions: readonly string[] }): string[] =>
  role.isActive ? [...role.permissions] : ['self.account'];
