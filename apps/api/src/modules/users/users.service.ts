import {
  BALANCE_SEARCH_CURRENCY_CODES,
  type BalanceSearchPage,
  type BalanceSearchQuery,
  type UserGlobalSearchRow,
  type UserListPage,
  type UserListRow,
  type UsersByCountryQuery,
  type UsersByDateQuery,
  type UserSearchRow,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { badRequest } from '../../http/errors';
import { BALANCES, createListReader, named, USERS_BY_CREATED } from '../../lists/list-anchors';
import { dayRange } from '../../queries/day-range';
import { countryOf } from './users-filters';
import { toPage } from '../../lists/page';

/**
 * Users whose name, username, e-mail or phone contains the text, exact username, e-mail or phone
 * matches first, then the newest, at most 20 (USER_SEARCH_LIMIT, written into the function): the database function
 * user_search (migration 0005), a prefix range of the suffix index user_search_suffixes. A
 * function so its plan is generic and cached: planning the statement cost more than running it.
 */
export const SEARCH_SQL = 'SELECT * FROM user_search($1)';

type SearchDbRow = {
  id: string;
  full_name: string;
  username: string;
  email: string;
  phone_no: string | null;
  created_at: Date;
  profile_url: string | null;
  referred_by: string | null;
};

/** Rows of the page of a user list, with their referral counts, in list order. */
const USER_ROWS_SQL = `
SELECT u.id, u.username::text AS username, u.email::text AS email, u.phone_no, u.created_at,
       (SELECT count(*) FROM referrals f WHERE f.referrer_id = u.id)::int AS referral_count
  FROM unnest($1::uuid[]) WITH ORDINALITY AS p (id, n) JOIN users u ON u.id = p.id
 ORDER BY p.n`;

const BALANCE_ROWS_SQL = `
SELECT p.id AS wallet_id, b.balance::text AS balance, w.name, w.address, u.id AS user_id, u.username::text AS username,
       u.email::text AS email, u.phone_no
  FROM unnest($1::uuid[]) WITH ORDINALITY AS p (id, n)
  JOIN wallet_balances b ON b.wallet_id = p.id AND b.currency = $2
  JOIN wallets w ON w.id = p.id
  JOIN users u ON u.id = w.user_id
 ORDER BY p.n`;

export function createUsersService(db: Db, log: (msg: string, err?: unknown) => void) {
  const lists = createListReader(db, log);

  const userRows = async (ids: string[]): Promise<UserListRow[]> => {
    if (!ids.length) return [];
    const { rows } = await db.$client.query({ ...named(USER_ROWS_SQL), values: [ids] });
    return rows.map((r) => ({
      _id: r.id,
      username: r.username,
      email: r.email,
      phoneNo: r.phone_no,
      referralCount: r.referral_count,
      createdAt: r.created_at.toISOString(),
    }));
  };

  return {
    lists,

    /** Users who signed up from `start` to `end` (whole UTC days, both included), newest first. */
    async byDate(q: UsersByDateQuery, today = new Date()): Promise<UserListPage> {
      const todayDay = today.toISOString().slice(0, 10);
      if (q.start > q.end)
        throw badRequest('Start date must not be after end date', { start: ['Start date must not be after end date'] });
      if (q.end > todayDay)
        throw badRequest('End date must not be after today', { end: ['End date must not be after today'] });
      const { lo, hi } = dayRange(q.start, q.end);
      const page = await lists.page<Date>(
        USERS_BY_CREATED('true'),
        'created',
        lo,
        hi,
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return toPage(await userRows(page.rows.map((r) => r.sortId)), page.total, q.page, q.pageSize);
    },

    /** Users of one country (of residence, sign-up address or time zone), newest first. */
    async byCountry(q: UsersByCountryQuery): Promise<UserListPage> {
      const { column, none, code } = countryOf(q);
      const spec = USERS_BY_CREATED(none ? `${column} IS NULL` : `${column} = $6`);
      const page = await lists.page<Date>(
        spec,
        `${q.countryType}:${code}`,
        '-infinity',
        'infinity',
        (q.page - 1) * q.pageSize,
        q.pageSize,
        none ? [] : [code],
      );
      return toPage(await userRows(page.rows.map((r) => r.sortId)), page.total, q.page, q.pageSize);
    },

    async search(text: string): Promise<SearchDbRow[]> {
      return (await db.$client.query<SearchDbRow>({ ...named(SEARCH_SQL), values: [text] })).rows;
    },

    async searchUsers(text: string): Promise<UserSearchRow[]> {
      return (await this.search(text)).map((r) => ({
        _id: r.id,
        fullName: r.full_name,
        username: r.username,
        email: r.email,
        phoneNo: r.phone_no,
        createdAt: r.created_at.toISOString(),
      }));
    },

    async globalSearch(text: string): Promise<UserGlobalSearchRow[]> {
      return (await this.search(text)).map((r) => ({
        _id: r.id,
        profileUrl: r.profile_url,
        fullName: r.full_name,
        email: r.email,
        username: r.username,
        referredBy: r.referred_by,
        createdAt: r.created_at.toISOString(),
      }));
    },

    /** Wallets holding at least `balance` of the currency, largest balance first. */
    async byWalletBalance(q: BalanceSearchQuery): Promise<BalanceSearchPage> {
      const currency = BALANCE_SEARCH_CURRENCY_CODES[q.currency];
      const page = await lists.page<string>(
        BALANCES('u.currency = $1'),
        currency,
        q.balance,
        'Infinity',
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      const ids = page.rows.map((r) => r.sortId);
      // The balance the page was ordered by (one snapshot), not a later reading.
      const balances = new Map(page.rows.map((r) => [r.sortId, r.sortKey]));
      const records = ids.length
        ? (await db.$client.query({ ...named(BALANCE_ROWS_SQL), values: [ids, currency] })).rows.map((r) => ({
            walletId: {
              _id: r.wallet_id,
              name: r.name,
              address: r.address,
              userId: { _id: r.user_id, username: r.username, email: r.email, phoneNo: r.phone_no },
            },
            balance: balances.get(r.wallet_id) ?? r.balance,
          }))
        : [];
      return toPage(records, page.total, q.page, q.pageSize);
    },
  };
}
