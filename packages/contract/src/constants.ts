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
  roles: 10,
  audit: 50,
} as const;

export const CURRENCIES = ['BUSD', 'VLT', 'BNB', 'xBUSD'] as const;
export type Currency = (typeof CURRENCIES)[number];
