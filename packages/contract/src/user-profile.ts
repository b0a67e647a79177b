/** The user profile: details, balances, wallets, activities, referrals, transactions, plans, and its non-money actions. */
import { z } from 'zod';
import { boundedText, TEXT_LIMITS } from './text';
import { PAGE_SIZES } from './constants';
import { savingsPlan } from './savings-plans';
import { calendarDay } from './users';
import { pagedRecords, pageQuery } from './paging';

/** Record ids are UUIDs; any hex layout is accepted (demo ids carry no version nibble). */
export const profileId = z.guid('Must be a valid id');

export const TRUST_SCORE_MIN = 1;
export const TRUST_SCORE_MAX = 100;
/** Balance discrepancy tolerance, in units of the currency (spec 001 §9). */
export const BALANCE_MISMATCH_TOLERANCE = 5;
export const PROFILE_WALLET_TX_PAGE_SIZE = 30;
export const PROFILE_SAVINGS_TX_PAGE_SIZE = 10;
export const REFERRAL_PAGE_SIZE = 10;
export const REFERRAL_DEFAULT_START = '2021/10/01';

/** Trust score colour bands of spec 001 §9: upper bound (inclusive) and colour. */
export const TRUST_SCORE_BANDS = [
  { max: 20, color: 'red', label: 'red' },
  { max: 40, color: 'orange', label: 'orange' },
  { max: 60, color: 'gold', label: 'yellow' },
  { max: 80, color: 'geekblue', label: 'dark blue' },
  { max: 100, color: 'green', label: 'green' },
] as const;
export const trustScoreBand = (score: number) => TRUST_SCORE_BANDS.find((b) => score <= b.max) ?? TRUST_SCORE_BANDS[4];

/** Transaction state codes 0-9 with their labels (spec 001 §4). */
export const TRANSACTION_STATE_LABELS = [
  'Fund',
  'Withdraw',
  'TransferSend',
  'TransferReceive',
  'Swap',
  'Save',
  'Fixed Savings Save',
  'Fixed Savings Withdrawal',
  'Flexible Save',
  'Flexible Withdrawal',
] as const;

// ---- GET admin/search-details

export const searchDetailsQuery = z.object({ id: profileId });

export const registrationDeviceDetails = z.object({
  type: z.string().nullable().optional(),
  build: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  serial: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
});
export const registrationCoordinates = z.object({
  lat: z.number().nullable().optional(),
  long: z.number().nullable().optional(),
});

export const customerProfile = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  phoneNo: z.string().nullable(),
  createdAt: z.string(),
  profileUrl: z.string().nullable(),
  hasCompletedProfile: z.boolean(),
  deactivated: z.boolean(),
  enabledTwoFactor: z.boolean(),
  isStaff: z.boolean(),
  role: z.object({ _id: z.string().nullable(), title: z.string() }),
  kycLevelTwoStatus: z.string().nullable(),
  kycLevelThreeStatus: z.string().nullable(),
  trustScore: z.number().int(),
  referralCount: z.number().int(),
  refereeName: z.string().nullable(),
  /** Only for staff holding users.devices (Super Admin). */
  registrationDeviceDetails: registrationDeviceDetails.nullable().optional(),
  registrationCoordinates: registrationCoordinates.nullable().optional(),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

export const walletBalanceRow = z.object({
  walletId: z.string(),
  name: z.string(),
  busd: z.string(),
  vlt: z.string(),
  bnb: z.string(),
  xbusd: z.string(),
});
export const profileWallet = z.object({
  _id: z.string(),
  name: z.string(),
  network: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export const profileAddress = z.object({ walletId: z.string(), address: z.string() });
export const userActivities = z.object({
  lastLogin: z.string().nullable(),
  lastLoginLocation: z
    .object({
      locationCoordinates: z.string().nullable(),
      /** The device and IP parts: only for staff holding users.devices. */
      deviceType: z.string().nullable().optional(),
      userDevice: z.string().nullable().optional(),
      cfIpCountry: z.string().nullable().optional(),
      xRealIp: z.string().nullable().optional(),
    })
    .nullable(),
});
export const balanceMismatchEntry = z.object({
  walletId: z.string(),
  currency: z.string(),
  balance: z.string(),
  /** Money in minus money out over the wallet's transactions. */
  transactionsNet: z.string(),
  difference: z.string(),
});
export const balanceMismatch = z.object({
  flagged: z.boolean(),
  tolerance: z.number(),
  /** Only the wallet and currency pairs that differ by more than the tolerance. */
  entries: z.array(balanceMismatchEntry),
});
export const searchDetails = z.object({
  profile: customerProfile,
  balances: z.array(walletBalanceRow),
  wallets: z.array(profileWallet),
  addresses: z.array(profileAddress),
  userActivities,
  balanceMismatch,
});
export type SearchDetails = z.infer<typeof searchDetails>;

// ---- GET admin/user-plans

export const userPlansQuery = z.object({ userId: profileId });
/** A plan in the profile's list, with what a lock froze. */
export const profilePlan = savingsPlan.extend({
  lockedAmount: z.string().nullable(),
  lockedComment: z.string().nullable(),
  /** Lock and unlock entries so far: sent back with a lock or unlock as its precondition. */
  lockVersion: z.number().int(),
});
export type ProfilePlan = z.infer<typeof profilePlan>;
export const userPlans = z.object({ records: z.array(profilePlan), totalRecords: z.number().int() });

// ---- transactions of one user

export const userWalletTransactionsQuery = z.object({
  id: profileId,
  ...pageQuery(10, { maxPage: 1000 }).shape,
});
export const profileWalletTransaction = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  amount: z.string(),
  currency: z.string(),
  typeOfTransaction: z.string(),
  transactionState: z.number().int(),
  description: z.string().nullable(),
  txnHash: z.string().nullable(),
  toAddress: z.string().nullable(),
  fromAddress: z.string().nullable(),
  createdAt: z.string(),
  finalAmount: z.string(),
  userId: z.string(),
  walletId: z.string(),
  /** A deposit the chain watcher credited: its confirmations now (null for every other transaction). */
  confirmations: z.number().int().nullable(),
});
export type ProfileWalletTransaction = z.infer<typeof profileWalletTransaction>;
export const userWalletTransactions = pagedRecords(profileWalletTransaction).omit({ totalPage: true });

export const userSavingsTransactionsQuery = z.object({
  id: profileId,
  ...pageQuery(PROFILE_SAVINGS_TX_PAGE_SIZE, { maxPage: 1000 }).shape,
});
export const profileSavingsTransaction = z.object({
  _id: z.string(),
  amount: z.string(),
  currency: z.string(),
  network: z.number().int(),
  txnHash: z.string().nullable(),
  transactionState: z.number().int(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  planId: z.string(),
  userId: z.string(),
});
export type ProfileSavingsTransaction = z.infer<typeof profileSavingsTransaction>;
export const userSavingsTransactions = pagedRecords(profileSavingsTransaction).omit({ totalPage: true });

// ---- bank accounts and user types

export const userIdQuery = z.object({ userId: profileId });
export const bankAccount = z.object({
  _id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  country: z.string().nullable(),
  createdAt: z.string(),
});
export const userBankDetails = z.object({ records: z.array(bankAccount) });
export const userUsertypes = z.object({
  records: z.array(
    z.object({ _id: z.string(), usertype: z.object({ _id: z.string(), name: z.string() }), createdAt: z.string() }),
  ),
});

// ---- referrals of one referrer

/** YYYY/MM/DD as the referral filters send it (spec 001 §7). */
const slashDate = z
  .string()
  .regex(/^\d{4}\/\d{2}\/\d{2}$/, 'Use the format YYYY/MM/DD')
  // A day that exists: Date.parse takes 2025-04-31 as 1 May, PostgreSQL refuses it.
  .refine((s) => calendarDay.safeParse(s.replace(/\//g, '-')).success, 'Not a valid date');

export const referralRangeQuery = z.object({
  username: boundedText('username', { max: TEXT_LIMITS.name }),
  start: slashDate.default(REFERRAL_DEFAULT_START),
  end: slashDate.optional(),
});
export const filterReferalUsersQuery = referralRangeQuery.extend({
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export const referralRecord = z.object({
  refferalState: z.string(),
  userIdUsedRef: z.object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    deviceSerialNumber: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export const filterReferalUsers = pagedRecords(referralRecord).omit({ totalPage: true, pageSize: true });
export const userReferralInfo = z.object({
  totalReferrals: z.number().int(),
  unverified: z.number().int(),
  numOfUniqueDeviceIds: z.number().int(),
});

// ---- actions

export const updateTrustScoreBody = z.object({
  userId: profileId,
  trustScore: z
    .number({ error: 'trustScore must be a number' })
    .int(`trustScore must be a whole number between ${TRUST_SCORE_MIN} and ${TRUST_SCORE_MAX}`)
    .min(TRUST_SCORE_MIN, `trustScore must be between ${TRUST_SCORE_MIN} and ${TRUST_SCORE_MAX}`)
    .max(TRUST_SCORE_MAX, `trustScore must be between ${TRUST_SCORE_MIN} and ${TRUST_SCORE_MAX}`),
});
export const userIdBody = z.object({ userId: profileId });
export const twoFactorRemoved = z.object({ userId: z.string(), enabledTwoFactor: z.boolean() });
export const recordIdBody = z.object({ recordId: profileId });
export const recordSwitched = z.object({ _id: z.string(), isActive: z.boolean() });
export const changeRoleBody = z.object({ roleId: profileId, userId: profileId });
export const roleChanged = z.object({
  userId: z.string(),
  role: z.object({ _id: z.string(), title: z.string() }),
  isStaff: z.boolean(),
});

// ---- GET admin/roles?kind=customer

export const roleKinds = ['staff', 'customer'] as const;
export const customerRoleRecord = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
});
export type CustomerRoleRecord = z.infer<typeof customerRoleRecord>;
export const customerRolesPage = pagedRecords(customerRoleRecord).omit({ totalPage: true });
export const roleKindQuery = z.object({
  kind: z.enum(roleKinds).default('staff'),
  ...pageQuery(PAGE_SIZES.roles, { maxPage: 10_000 }).shape,
});
