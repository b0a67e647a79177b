/** User lists (by date, by country), user searches and the wallet balance search. */
import { z } from 'zod';
import { textMessages } from './text';
import { CURRENCIES, type Currency } from './constants';
import { downloadFlag } from './exports';
import { pageNumber, pagedRecords, pageSizeOf } from './paging';

/** Page size of the users, country users and wallet balance search lists (spec: 10). */
export const USERS_PAGE_SIZE = 10;
/** The highest page size a caller may ask for. */
export const USERS_MAX_PAGE_SIZE = 100;
/** Default start of the All Users date range (spec: 2021/10/01). */
export const USERS_DEFAULT_START = '2021-10-01';
/** A user search needs at least this many characters (a shorter fragment starts too many index entries to be a search). */
export const USER_SEARCH_MIN_LENGTH = 3;
export const USER_SEARCH_MAX_LENGTH = 100;
/** At most this many results per search: exact matches first, then the newest. */
export const USER_SEARCH_LIMIT = 20;
/** The page's hint while fewer characters are typed (the API's own message is the contract's "too short"). */
export const USER_SEARCH_TOO_SHORT = `Type at least ${USER_SEARCH_MIN_LENGTH} characters to search`;

export const COUNTRY_TYPES = ['zone', 'ip', 'residence'] as const;
export type CountryType = (typeof COUNTRY_TYPES)[number];
/** countryCode 'none' lists the users whose country of that type is unknown. */
export const NO_COUNTRY = 'none';
/** Shown first in the country list, in this order, before the rest alphabetically. */
export const FIRST_COUNTRIES = [NO_COUNTRY, 'NG', 'GH', 'KE'] as const;

/** Currencies of the wallet balance search as the call names them, and their ledger codes. */
export const BALANCE_SEARCH_CURRENCIES = ['busd', 'vlt', 'bnb', 'xbusd'] as const;
export type BalanceSearchCurrency = (typeof BALANCE_SEARCH_CURRENCIES)[number];
export const BALANCE_SEARCH_CURRENCY_CODES: Record<BalanceSearchCurrency, Currency> = {
  busd: CURRENCIES[0],
  vlt: CURRENCIES[1],
  bnb: CURRENCIES[2],
  xbusd: CURRENCIES[3],
};
export const BALANCE_SEARCH_DEFAULTS = { currency: 'busd' as BalanceSearchCurrency, balance: '100' };

const page = pageNumber(10_000_000, { min: 'page must be at least 1', max: 'page is too large' });
const pageSize = pageSizeOf(USERS_PAGE_SIZE, USERS_MAX_PAGE_SIZE);

/** A calendar day that exists (2021-02-30 is refused). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a valid date');

export const usersByDateQuery = z.object({
  start: calendarDay,
  end: calendarDay,
  page,
  pageSize,
  download: downloadFlag,
});
/** The list's filter and page (`download` only turns the call into an export). */
export type UsersByDateQuery = Omit<z.infer<typeof usersByDateQuery>, 'download'>;

export const usersByCountryQuery = z.object({
  countryType: z.enum(COUNTRY_TYPES),
  countryCode: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2}|none)$/, "Use a two-letter country code or 'none'"),
  page,
  pageSize,
  download: downloadFlag,
});
export type UsersByCountryQuery = Omit<z.infer<typeof usersByCountryQuery>, 'download'>;

export const userListRow = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  referralCount: z.number().int(),
  createdAt: z.string(),
});
export type UserListRow = z.infer<typeof userListRow>;

const paged = pagedRecords;

export const userListPage = paged(userListRow);
export type UserListPage = z.infer<typeof userListPage>;

const searchText = z
  .string({ error: (iss) => (iss.input == null ? textMessages.required('Search') : textMessages.notText('Search')) })
  .trim()
  .min(USER_SEARCH_MIN_LENGTH, textMessages.tooShort('Search', USER_SEARCH_MIN_LENGTH))
  .max(USER_SEARCH_MAX_LENGTH, textMessages.tooLong('Search', USER_SEARCH_MAX_LENGTH))
  // Control characters separate the searched fields in the index: they never match.
  .regex(/^[^\p{Cc}]*$/u, 'The search may not contain control characters');

export const userSearchQuery = z.object({ search: searchText });
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export const userSearchRow = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSearchRow = z.infer<typeof userSearchRow>;
export const userSearchResult = z.array(userSearchRow);

export const userGlobalSearchQuery = z.object({ search_text: searchText });
export type UserGlobalSearchQuery = z.infer<typeof userGlobalSearchQuery>;

export const userGlobalSearchRow = z.object({
  _id: z.string(),
  profileUrl: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  /** Username of the user who referred this one, if any. */
  referredBy: z.string().nullable(),
  createdAt: z.string(),
});
export type UserGlobalSearchRow = z.infer<typeof userGlobalSearchRow>;
export const userGlobalSearchResult = z.array(userGlobalSearchRow);

export const balanceSearchQuery = z.object({
  page,
  pageSize,
  currency: z
    .string()
    .trim()
    .max(10, textMessages.tooLong('currency', 10))
    .toLowerCase()
    .pipe(z.enum(BALANCE_SEARCH_CURRENCIES, { message: 'currency must be one of busd, vlt, bnb, xbusd' })),
  balance: z
    .string()
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, 'balance must be a non-negative amount with at most 18 decimals'),
  /** `true`: a CSV export of every wallet the search finds instead of the page. */
  download: downloadFlag,
});
export type BalanceSearchQuery = Omit<z.infer<typeof balanceSearchQuery>, 'download'>;

export const balanceSearchRow = z.object({
  walletId: z.object({
    _id: z.string(),
    name: z.string(),
    address: z.string(),
    userId: z.object({ _id: z.string(), username: z.string(), email: z.string(), phoneNo: z.string().nullable() }),
  }),
  /** Decimal string, never a float. */
  balance: z.string(),
});
export type BalanceSearchRow = z.infer<typeof balanceSearchRow>;
export const balanceSearchPage = paged(balanceSearchRow);
export type BalanceSearchPage = z.infer<typeof balanceSearchPage>;
