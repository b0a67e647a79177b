/**
 * What the bench measures: one row per call. Each row says how to build its requests from the
 * sampled inputs; the SQL for the bare-SQL comparison is not written here: the harness records
 * what the call really sends to PostgreSQL (lib/capture.ts). To add a call, add a row.
 *
 * Query names follow the spec's call table (section 8 of the seed): when a route lands
 * with other names, change the path builder here and nothing else.
 */
import type { Samples } from './lib/samples';

export type Endpoint = {
  /** Short name for `--only` and the results. */
  name: string;
  /** What the issue calls it. */
  title: string;
  route: string;
  /** The p95 target at 16 concurrent requests (null: measured, no target). */
  p95TargetMs: number | null;
  /** The requests the load tool cycles through: one per input, a realistic mix. */
  paths: (s: Samples) => string[];
  /** List calls: the same kind of requests at a given page (page 1 vs a deep page). */
  atPage?: (s: Samples, page: number) => string[];
  /** The "p50 within 1.5× of the same SQL run bare" rule applies to this call. */
  bareRule?: boolean;
  /** Needs the users-area routes (absent before they land: reported as not built). */
  usersArea: boolean;
};

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
/** Pages 1-20 in a fixed pattern: most staff look at the first pages. */
const somePage = (i: number) => [1, 1, 1, 2, 3, 1, 5, 2, 10, 20][i % 10]!;
const PAGE_SIZE = 10;

/** Countries with enough users for `page`, of every type, largest first. */
const countriesFor = (s: Samples, page: number) => s.countries.filter((c) => c.users > (page - 1) * PAGE_SIZE);

export const ENDPOINTS: Endpoint[] = [
  {
    name: 'me',
    title: 'Request pipeline: signed-in staff (GET /admin/me)',
    route: 'GET /v1/admin/me',
    p95TargetMs: null,
    paths: () => ['/v1/admin/me'],
    usersArea: false,
  },
  {
    name: 'dashboard',
    title: 'Dashboard cards',
    route: 'GET /v1/admin/dashboard',
    p95TargetMs: null,
    paths: () => ['/v1/admin/dashboard'],
    usersArea: false,
  },
  {
    name: 'search-user',
    title: 'User search (any part of name, username, e-mail or phone)',
    route: 'GET /v1/admin/search-user',
    p95TargetMs: 25,
    paths: (s) => s.searchTerms.map((t) => `/v1/admin/search-user?${q({ search: t })}`),
    bareRule: true,
    usersArea: true,
  },
  {
    name: 'users-by-date',
    title: 'User list by date',
    route: 'GET /v1/admin/search-user-date',
    p95TargetMs: 25,
    paths: (s) =>
      s.dateWindows.map(
        (w, i) =>
          `/v1/admin/search-user-date?${q({ start: w.start, end: w.end, page: somePage(i), pageSize: PAGE_SIZE })}`,
      ),
    atPage: (s, page) =>
      s.deepDateWindows.map(
        (w) => `/v1/admin/search-user-date?${q({ start: w.start, end: w.end, page, pageSize: PAGE_SIZE })}`,
      ),
    usersArea: true,
  },
  {
    name: 'users-by-country',
    title: 'User list by country',
    route: 'GET /v1/admin/users',
    p95TargetMs: 25,
    paths: (s) =>
      countriesFor(s, 20)
        .slice(0, 120)
        .map(
          (c, i) =>
            `/v1/admin/users?${q({ countryType: c.type, countryCode: c.code, page: somePage(i), pageSize: PAGE_SIZE })}`,
        ),
    atPage: (s, page) =>
      countriesFor(s, page).map(
        (c) => `/v1/admin/users?${q({ countryType: c.type, countryCode: c.code, page, pageSize: PAGE_SIZE })}`,
      ),
    usersArea: true,
  },
  {
    name: 'wallet-balance',
    title: 'Wallet balance search',
    route: 'GET /v1/admin/users-by-wallet-balance',
    p95TargetMs: 25,
    paths: (s) => [
      `/v1/admin/users-by-wallet-balance?${q({ currency: 'BUSD', balance: 100, page: 1, pageSize: PAGE_SIZE })}`,
      ...s.balances.map(
        (b, i) =>
          `/v1/admin/users-by-wallet-balance?${q({ currency: b.currency, balance: b.balance, page: somePage(i), pageSize: PAGE_SIZE })}`,
      ),
    ],
    // Deep pages need many matching wallets: small round amounts of each currency.
    atPage: (_s, page) =>
      ['BUSD', 'VLT'].flatMap((currency) =>
        [0.01, 1, 10, 100].map(
          (balance) => `/v1/admin/users-by-wallet-balance?${q({ currency, balance, page, pageSize: PAGE_SIZE })}`,
        ),
      ),
    usersArea: true,
  },
  {
    name: 'profile',
    title: 'Whole profile load (GET /admin/search-details)',
    route: 'GET /v1/admin/search-details',
    p95TargetMs: 40,
    paths: (s) => s.users.map((u) => `/v1/admin/search-details?${q({ id: u.id })}`),
    usersArea: true,
  },
  // Queues (30 a page, as the pages ask). The demo's queue volume follows its users; the issue's
  // 1,000,000 queue items come from `seed-cli.ts --queue-items 1000000 --withdrawal-requests 1000000`.
  // Deep pages: the lists with 150,000 rows or more at that size (page 5,000 of 30).
  {
    name: 'deposit-queue',
    title: 'Deposit queue, pending and done (GET /admin/deposit-queue)',
    route: 'GET /v1/admin/deposit-queue',
    p95TargetMs: 25,
    paths: () =>
      Array.from(
        { length: 20 },
        (_, i) =>
          `/v1/admin/deposit-queue?${q({ status: i % 4 === 3 ? 'done' : 'pending', page: somePage(i), pageSize: 30 })}`,
      ),
    atPage: (_s, page) =>
      ['pending', 'done'].map((status) => `/v1/admin/deposit-queue?${q({ status, page, pageSize: 30 })}`),
    usersArea: false,
  },
  {
    name: 'withdraw-queue',
    title: 'Withdraw queue, pending and done (GET /admin/withdraw-queue)',
    route: 'GET /v1/admin/withdraw-queue',
    p95TargetMs: 25,
    paths: () =>
      Array.from(
        { length: 20 },
        (_, i) =>
          `/v1/admin/withdraw-queue?${q({ status: i % 4 === 3 ? 'done' : 'pending', page: somePage(i), pageSize: 30 })}`,
      ),
    atPage: (_s, page) =>
      ['pending', 'done'].map((status) => `/v1/admin/withdraw-queue?${q({ status, page, pageSize: 30 })}`),
    usersArea: false,
  },
  {
    name: 'withdrawal-requests',
    title: 'Withdrawal Out, every status (GET /admin/withdrawal-requests)',
    route: 'GET /v1/admin/withdrawal-requests',
    p95TargetMs: 25,
    paths: () =>
      [8, 0, 1, 5, 6, 7, 2, 3].flatMap((status) =>
        [1, 2, 3].map((page) => `/v1/admin/withdrawal-requests?${q({ status, page })}`),
      ),
    atPage: (_s, page) => [8, 0, 1].map((status) => `/v1/admin/withdrawal-requests?${q({ status, page })}`),
    usersArea: false,
  },
  {
    name: 'agents-by-usertype',
    title: 'User Type: the agents of a type, with their KYC (GET /admin/sortuser-by-usertype)',
    route: 'GET /v1/admin/sortuser-by-usertype',
    p95TargetMs: 25,
    // The demo types; pages are bounded (at most 1,000), so the deep-page comparison does not apply.
    paths: () =>
      ['Agent', 'Merchant', 'Ambassador'].flatMap((userType) =>
        [1, 1, 2, 5, 20].map((page) => `/v1/admin/sortuser-by-usertype?${q({ userType, page })}`),
      ),
    usersArea: false,
  },
];
