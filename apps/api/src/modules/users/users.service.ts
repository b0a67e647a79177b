import {
  BALANCE_SEARCH_CURRENCY_CODES,
  type BalanceSearchPage,
  type BalanceSearchQuery,
  type UserGlobalSearchRow,
  type UserListPage,
  type UsersByCountryQuery,
  type UsersByDateQuery,
  type UserSearchRow,
} from '@vaultdesk/contract';
import { genericRows, type Db } from '@vaultdesk/db';
import { badRequest } from '../../http/errors';
import {
  BALANCES,
  createListReader,
  listPageSql,
  named,
  USERS_BY_CREATED,
  type ListSpec,
} from '../../lists/list-anchors';
import { dayRange } from '../../queries/day-range';
import { countryOf } from './users-filters';
import { pageOffset, toPage } from '../../lists/page';

/**
 * Users whose name, username, e-mail or phone contains the text, exact username, e-mail or phone
 * matches first, then the newest, at most 20 (USER_SEARCH_LIMIT, written into the SQL): a prefix
 * range of the suffix index user_search_suffixes. The SQL is the database function user_search
 * (migration 0005), its one truth: its body is read from pg_proc once per database and sent with
 * its parameter as $1, as a named statement on its generic plan (genericRows): planning it costs
 * more than running it. Called through the function, the same plan cost PostgreSQL 20-40 µs more
 * CPU per search (the function call's SET clause and its rows written to a tuplestore and read back).
 */
const searchStatements = new WeakMap<Db, Promise<{ name: string; text: string }>>();
export function searchStatement(db: Db) {
  let statement = searchStatements.get(db);
  if (!statement) {
    statement = db.$client
      .query<{ prosrc: string }>(
        `SELECT prosrc FROM pg_proc WHERE proname = 'user_search' AND pronamespace = 'public'::regnamespace`,
      )
      .then(({ rows }) => {
        const body = rows[0]?.prosrc;
        if (!body?.includes('p_text')) throw new Error('The database has no function user_search(p_text)');
        return named(
          `SELECT * FROM (${body.replaceAll('p_text', '$1::text').trim()}) s (id, full_name, username, email, phone_no, created_at, profile_url, referred_by)`,
        );
      });
    // A failed read (the database down for a moment) is tried again by the next search.
    statement.catch(() => searchStatements.delete(db));
    searchStatements.set(db, statement);
  }
  return statement;
}

type UserDbRow = {
  id: string;
  username: string;
  email: string;
  phone_no: string | null;
  created_at: Date;
  referral_count: number;
};
type BalanceDbRow = {
  wallet_id: string;
  balance: string;
  name: string;
  address: string;
  user_id: string;
  username: string;
  email: string;
  phone_no: string | null;
};

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

/**
 * A list's page in one statement, one round trip: the page's ids (and sort keys) from the
 * anchored list (listPageSql), folded into one row with the total, then the rows of those ids in
 * list order (`rows`: a SELECT over `o (id, key, n)`, the page's ids with their sort keys and
 * positions). The rows are looked up by the id array (as the KYC lists do), not joined row by
 * row with the page, so the cached plan stays the index lookup it should be. At least one row
 * comes back, with null row columns when the page is empty. One statement, not one for the ids
 * and one for the rows: a second round trip and pool checkout would cost more than the lookup.
 */
const pageWithRows = (spec: ListSpec, rows: string) => `
WITH p AS (${listPageSql(spec)}),
page AS (
  SELECT max(p.total) AS total, max(p.scanned) AS scanned, max(p.deltas) AS deltas,
         coalesce(array_agg(p.sort_id ORDER BY p.sort_key DESC, p.sort_id DESC) FILTER (WHERE p.sort_id IS NOT NULL), '{}') AS ids,
         coalesce(array_agg(p.sort_key ORDER BY p.sort_key DESC, p.sort_id DESC) FILTER (WHERE p.sort_id IS NOT NULL), '{}') AS keys
    FROM p
)
SELECT page.total, page.scanned, page.deltas, r.*
  FROM page LEFT JOIN LATERAL (
    SELECT ${rows}
  ) r ON true
 ORDER BY r.n`;

/** A user list's page: its users with their referral counts. */
const userPage = (filter: string) => {
  const spec = USERS_BY_CREATED(filter);
  return {
    spec,
    statement: named(
      pageWithRows(
        spec,
        `o.n, u.id, u.username::text AS username, u.email::text AS email, u.phone_no, u.created_at,
           (SELECT count(*) FROM referrals f WHERE f.referrer_id = u.id)::int AS referral_count
      FROM unnest(page.ids) WITH ORDINALITY AS o (id, n) JOIN users u ON u.id = o.id`,
      ),
    ),
  };
};
const USERS_BY_DATE = userPage('true');
/** The country lists' shapes (a column equal to $6, or unknown), each text built once. */
const usersByCountry = new Map<string, ReturnType<typeof userPage>>();
const userPageOf = (filter: string) => {
  let page = usersByCountry.get(filter);
  if (!page) usersByCountry.set(filter, (page = userPage(filter)));
  return page;
};

/**
 * The wallet balance search's page: each wallet with its owner; the balance is the key the page
 * was ordered by (one snapshot), so the balance row itself is not read again.
 */
const BALANCE_SPEC = BALANCES('u.currency = $1');
const BALANCE_PAGE = named(
  pageWithRows(
    BALANCE_SPEC,
    `o.n, o.id AS wallet_id, o.key::text AS balance, w.name, w.address, u.id AS user_id,
           u.username::text AS username, u.email::text AS email, u.phone_no
      FROM unnest(page.ids, page.keys) WITH ORDINALITY AS o (id, key, n)
      JOIN wallets w ON w.id = o.id
      JOIN users u ON u.id = w.user_id`,
  ),
);

type PageHead = { total: string; scanned: string; deltas: string; n: string | null };

export function createUsersService(db: Db, log: (msg: string, err?: unknown) => void) {
  const lists = createListReader(db, log);

  /** Runs a page statement; the list's anchors are refreshed in the background when they have fallen behind. */
  const readPage = async <R extends object>(
    spec: ListSpec,
    statement: { name: string; text: string },
    values: unknown[],
  ) => {
    // On its generic plan (genericRows, as the KYC, report and queue lists): with the rows folded
    // in, PostgreSQL judges the generic plan dearer and would re-plan every call (about 0.9 ms of
    // planning for a 0.25 ms run); every value picks index ranges of the same shape.
    const rows = await genericRows<PageHead & R>(db, statement, values);
    const head = rows[0]!;
    lists.checked(spec, String(values[0]), head.scanned, head.deltas);
    return { total: Number(head.total), rows: rows.filter((r) => r.n !== null) };
  };

  const userPage = async (
    page: ReturnType<typeof userPageOf>,
    values: unknown[],
    q: { page: number; pageSize: number },
  ): Promise<UserListPage> => {
    const { total, rows } = await readPage<UserDbRow>(page.spec, page.statement, values);
    const records = rows.map((r) => ({
      _id: r.id,
      username: r.username,
      email: r.email,
      phoneNo: r.phone_no,
      referralCount: r.referral_count,
      createdAt: r.created_at.toISOString(),
    }));
    return toPage(records, total, q.page, q.pageSize);
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
      return userPage(USERS_BY_DATE, ['created', lo, hi, pageOffset(q), q.pageSize], q);
    },

    /** Users of one country (of residence, sign-up address or time zone), newest first. */
    async byCountry(q: UsersByCountryQuery): Promise<UserListPage> {
      const { column, none, code } = countryOf(q);
      const page = userPageOf(none ? `${column} IS NULL` : `${column} = $6`);
      return userPage(
        page,
        [`${q.countryType}:${code}`, '-infinity', 'infinity', pageOffset(q), q.pageSize, ...(none ? [] : [code])],
        q,
      );
    },

    async search(text: string): Promise<SearchDbRow[]> {
      return genericRows<SearchDbRow>(db, await searchStatement(db), [text]);
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
      const { total, rows } = await readPage<BalanceDbRow>(BALANCE_SPEC, BALANCE_PAGE, [
        currency,
        q.balance,
        'Infinity',
        pageOffset(q),
        q.pageSize,
      ]);
      const records = rows.map((r) => ({
        walletId: {
          _id: r.wallet_id,
          name: r.name,
          address: r.address,
          userId: { _id: r.user_id, username: r.username, email: r.email, phoneNo: r.phone_no },
        },
        balance: r.balance,
      }));
      return toPage(records, total, q.page, q.pageSize);
    },
  };
}
