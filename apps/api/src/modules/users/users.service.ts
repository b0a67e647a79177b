import {
  BALANCE_SEARCH_CURRENCY_CODES, NO_COUNTRY, USER_SEARCH_LIMIT,
  type BalanceSearchPage, type BalanceSearchQuery, type UserGlobalSearchRow, type UserListPage, type UserListRow,
  type UsersByCountryQuery, type UsersByDateQuery, type UserSearchRow,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { badRequest } from '../../http/errors';
import { BALANCES, createListReader, named, USERS_BY_CREATED } from './list-anchors';

/**
 * How many of the newest users a search reads before it turns to the trigram index. A fragment
 * found 20 times among them (a common one: "gmail", "ann") is answered from the sign-up index
 * after a few rows; a rarer one from the trigram index, where its matches are few.
 */
export const SEARCH_RECENT_WINDOW = 2000;


/** LIKE's own wildcards and escape in the typed text match only themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * Users whose name, username, e-mail or phone contains the text: $2 is the LIKE pattern
 * '%text%' in lower case (users.search_doc is the four fields in lower case), $3 the part of it
 * the trigram index is asked for; exact username, e-mail or phone matches ($1 the text) first,
 * then the newest. One statement.
 */
export const SEARCH_SQL = `
WITH exact AS (
  SELECT id FROM users WHERE username = $1::citext
  UNION SELECT id FROM users WHERE email = $1::citext
  UNION SELECT id FROM users WHERE phone_no = $1 AND phone_no IS NOT NULL
  LIMIT ${USER_SEARCH_LIMIT}
), recent AS MATERIALIZED (
  SELECT w.id, w.created_at FROM (
    SELECT u.id, u.created_at, u.search_doc AS doc FROM users u ORDER BY u.created_at DESC, u.id DESC LIMIT ${SEARCH_RECENT_WINDOW}
  ) w
   WHERE w.doc LIKE $2
   ORDER BY w.created_at DESC, w.id DESC LIMIT ${USER_SEARCH_LIMIT}
), older AS (
  -- only when the newest users held fewer than a page of matches: the trigram index finds the
  -- rest, and the scan stops at the first page of matches. Not "the newest" of them: ordering
  -- every match by sign-up time means reading each matching row (a common surname is thousands
  -- of rows, tens of milliseconds on a million users); the page says when it shows the first 20.
  SELECT u.id, u.created_at FROM users u
   WHERE (SELECT count(*) FROM recent) < ${USER_SEARCH_LIMIT} AND u.search_doc LIKE $3 AND (u.search_doc || '') LIKE $2
   LIMIT ${USER_SEARCH_LIMIT}
), found AS (
  SELECT id, 0 AS exact FROM exact
  UNION ALL SELECT id, 1 FROM recent
  UNION ALL SELECT id, 1 FROM older
), best AS (
  SELECT id, min(exact) AS exact FROM found GROUP BY id
)
SELECT u.id, u.full_name, u.username::text AS username, u.email::text AS email, u.phone_no, u.created_at, u.profile_url,
       r.username::text AS referred_by
  FROM best b JOIN users u ON u.id = b.id
  LEFT JOIN users r ON r.id = u.referee_id
 ORDER BY b.exact, u.created_at DESC, u.id DESC
 LIMIT ${USER_SEARCH_LIMIT}`;

/**
 * The part of a long text the trigram index is asked for (the whole text is checked on every
 * row it finds): every trigram of the text costs an index read, and the common ones ("gma",
 * "com" of an e-mail, "234" of a Nigerian phone number) have posting lists as long as the table.
 * An e-mail's local part, then at most its last 10 characters, keep the rare trigrams.
 */
export const indexedFragment = (lower: string) => {
  const at = lower.indexOf('@');
  const local = at >= 3 ? lower.slice(0, at) : lower;
  return local.length > 10 ? local.slice(-10) : local;
};

export const searchParams = (text: string) => {
  const lower = text.toLowerCase();
  return [text, `%${likeEscape(lower)}%`, `%${likeEscape(indexedFragment(lower))}%`];
};

type SearchDbRow = {
  id: string; full_name: string; username: string; email: string; phone_no: string | null; created_at: Date;
  profile_url: string | null; referred_by: string | null;
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

const DAY_MS = 86_400_000;

export function createUsersService(db: Db, log: (msg: string, err?: unknown) => void) {
  const lists = createListReader(db, log);

  const userRows = async (ids: string[]): Promise<UserListRow[]> => {
    if (!ids.length) return [];
    const { rows } = await db.$client.query({ ...named(USER_ROWS_SQL), values: [ids] });
    return rows.map((r) => ({
      _id: r.id, username: r.username, email: r.email, phoneNo: r.phone_no, referralCount: r.referral_count, createdAt: r.created_at.toISOString(),
    }));
  };
  const paged = <T>(records: T[], total: number, page: number, pageSize: number) =>
    ({ records, currentPage: page, totalRecords: total, totalPage: Math.ceil(total / pageSize), pageSize });

  return {
    lists,

    /** Users who signed up from `start` to `end` (whole UTC days, both included), newest first. */
    async byDate(q: UsersByDateQuery, today = new Date()): Promise<UserListPage> {
      const todayDay = today.toISOString().slice(0, 10);
      if (q.start > q.end) throw badRequest('Start date must not be after end date', { start: ['Start date must not be after end date'] });
      if (q.end > todayDay) throw badRequest('End date must not be after today', { end: ['End date must not be after today'] });
      const lo = `${q.start}T00:00:00Z`;
      const hi = new Date(Date.parse(`${q.end}T00:00:00Z`) + DAY_MS).toISOString();
      const page = await lists.page<Date>(USERS_BY_CREATED('true'), 'created', lo, hi, (q.page - 1) * q.pageSize, q.pageSize);
      return paged(await userRows(page.rows.map((r) => r.sortId)), page.total, q.page, q.pageSize);
    },

    /** Users of one country (of residence, sign-up address or time zone), newest first. */
    async byCountry(q: UsersByCountryQuery): Promise<UserListPage> {
      const none = q.countryCode.toLowerCase() === NO_COUNTRY;
      const code = none ? NO_COUNTRY : q.countryCode.toUpperCase();
      const column = `u.${q.countryType}_country`;
      const spec = USERS_BY_CREATED(none ? `${column} IS NULL` : `${column} = $6`);
      const page = await lists.page<Date>(spec, `${q.countryType}:${code}`, '-infinity', 'infinity', (q.page - 1) * q.pageSize, q.pageSize, none ? [] : [code]);
      return paged(await userRows(page.rows.map((r) => r.sortId)), page.total, q.page, q.pageSize);
    },

    async search(text: string): Promise<SearchDbRow[]> {
      const client = await db.$client.connect();
      try {
        // A parallel plan for the rare-fragment branch would start workers even when the
        // one-time filter skips it: on a busy 2-core server that costs more than the search.
        await client.query('BEGIN READ ONLY');
        await client.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
        const { rows } = await client.query<SearchDbRow>({ ...named(SEARCH_SQL), values: searchParams(text) });
        await client.query('COMMIT');
        return rows;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },

    async searchUsers(text: string): Promise<UserSearchRow[]> {
      return (await this.search(text)).map((r) => ({
        _id: r.id, fullName: r.full_name, username: r.username, email: r.email, phoneNo: r.phone_no, createdAt: r.created_at.toISOString(),
      }));
    },

    async globalSearch(text: string): Promise<UserGlobalSearchRow[]> {
      return (await this.search(text)).map((r) => ({
        _id: r.id, profileUrl: r.profile_url, fullName: r.full_name, email: r.email, username: r.username, referredBy: r.referred_by,
        createdAt: r.created_at.toISOString(),
      }));
    },

    /** Wallets holding at least `balance` of the currency, largest balance first. */
    async byWalletBalance(q: BalanceSearchQuery): Promise<BalanceSearchPage> {
      const currency = BALANCE_SEARCH_CURRENCY_CODES[q.currency];
      const page = await lists.page<string>(BALANCES('u.currency = $1'), currency, q.balance, 'Infinity', (q.page - 1) * q.pageSize, q.pageSize);
      const ids = page.rows.map((r) => r.sortId);
      // The balance the page was ordered by (one snapshot), not a later reading.
      const balances = new Map(page.rows.map((r) => [r.sortId, r.sortKey]));
      const records = ids.length ? (await db.$client.query({ ...named(BALANCE_ROWS_SQL), values: [ids, currency] })).rows.map((r) => ({
        walletId: {
          _id: r.wallet_id, name: r.name, address: r.address,
          userId: { _id: r.user_id, username: r.username, email: r.email, phoneNo: r.phone_no },
        },
        balance: balances.get(r.wallet_id) ?? r.balance,
      })) : [];
      return paged(records, page.total, q.page, q.pageSize);
    },
  };
}
