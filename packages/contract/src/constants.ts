/** Browser storage key of the session ({ token, expiresIn, enable2FA }). */
export const SESSION_STORAGE_KEY = 'vaultdesk.session';
/** Browser storage key of the last known coordinates ({ latitude, longitude }). */
export const LOCATION_STORAGE_KEY = 'vaultdesk.location';

export const API_BASE = '/v1';

export const LOGIN_LIMIT = { maxFailures: 5, windowMinutes: 15 } as const;
export const SESSION_HOURS = 12;
export const PENDING_SESSION_MINUTES = 30;
export const ADMIN_INVITE_HOURS = 72;

export const PAGE_SIZES = {
  users: 10,
  queue: 30,
  profileWalletTransactions: 30,
  admins: 20,
  roles: 10,
  audit: 50,
} as const;

export const CURRENCIES = ['BUSD', 'VLT', 'BNB', 'xBUSD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Currency codes used in requests: 1 BUSD, 2 the product token. */
export const CURRENCY_CODES = { 1: 'BUSD', 2: 'VLT' } as const;

/** Transaction state codes 0-9. */
export const TRANSACTION_STATES = [
  'Fund', 'Withdraw', 'TransferSend', 'TransferReceive', 'Swap', 'Save',
  'Fixed Savings Save', 'Fixed Savings Withdrawal', 'Flexible Save', 'Flexible Withdrawal',
] as const;
export const TRANSACTION_TYPES = [
  'Funding', 'Withdraw', 'Send Funds', 'Receive Funds', 'Swap', 'Save',
  'Fixed Savings', 'Fixed Savings Withdrawal', 'Flexible Savings', 'Flexible Savings Withdrawal',
] as const;

export const KYC_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export const KYC_STATUS_COLOURS: Record<string, string> = { approved: 'green', submitted: 'blue', rejected: 'red' };
export const QUEUE_STATUS_COLOURS: Record<string, string> = { done: 'green', pending: 'orange', failed: 'red', processing: 'blue' };

/** Trust score colour bands (0-20 red, 21-40 orange, 41-60 yellow, 61-80 dark blue, 81-100 green). */
export const scoreColour = (score: number) =>
  score <= 20 ? 'red' : score <= 40 ? 'orange' : score <= 60 ? 'yellow' : score <= 80 ? 'darkblue' : 'green';

export const COUNTRY_FIRST = ['NG', 'GH', 'KE'] as const;
export const DEFAULT_REPORT_START = '2021-10-01';
