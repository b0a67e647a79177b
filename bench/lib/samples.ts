import type pg from 'pg';
import { rng } from './stats';

export type SampleUser = {
  id: string;
  fullName: string;
  username: string;
  email: string;
  phoneNo: string | null;
  zoneCountry: string | null;
  ipCountry: string | null;
  residenceCountry: string | null;
};
export type CountryType = 'zone' | 'ip' | 'residence';

/** Inputs drawn from the bench database, the same on every run over the same data. */
export type Samples = {
  users: SampleUser[];
  /** Parts of names, usernames, e-mails and phone numbers, as staff type them. */
  searchTerms: string[];
  /** Every country of each type with its user count, largest first. */
  countries: { type: CountryType; code: string; users: number }[];
  /** Date windows (YYYY-MM-DD, inclusive) of various lengths inside the sign-up history. */
  dateWindows: { start: string; end: string }[];
  /** Windows holding enough users for a deep page (at least `deepRows` users each). */
  deepDateWindows: { start: string; end: string; users: number }[];
  /** Existing non-zero balances per currency, as decimal strings without trailing zeros. */
  balances: { currency: string; balance: string }[];
  firstSignup: string;
  today: string;
};

const day = (d: Date) => d.toISOString().slice(0, 10);
const trimDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
const SEED = 20261122;

function searchTerm(u: SampleUser, kind: number, r: ReturnType<typeof rng>): string {
  const slice = (s: string, len: number) => {
    if (s.length <= len) return s;
    const at = r.int(0, s.length - len);
    return s.slice(at, at + len);
  };
  switch (kind) {
    case 0:
      return u.fullName.split(' ').at(-1)!; // a surname: many matches
    case 1:
      return u.fullName.split(' ')[0]!.slice(0, 4).toLowerCase(); // the start of a first name
    case 2:
      return slice(u.username, 5);
    case 3:
      return slice(u.email.split('@')[0]!, 6);
    default:
      return u.phoneNo ? slice(u.phoneNo.replace(/\D/g, ''), 7) : u.username;
  }
}

/**
 * The share of a table's pages to sample for about `wanted` rows (four times over, so a LIMIT
 * still has a choice); 100 on a small table. Page sampling: fast on millions of rows.
 */
async function samplePercent(client: pg.Client, table: string, wanted: number): Promise<number> {
  const rows = Number(
    (
      await client.query<{ n: number }>(
        `SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = $1::regclass`,
        [table],
      )
    ).rows[0]?.n ?? 0,
  );
  return rows > 0 ? Math.min(100, (400 * wanted) / rows) : 100;
}

export async function loadSamples(client: pg.Client, opts: { users: number; deepRows: number }): Promise<Samples> {
  const r = rng(SEED);
  const users = (
    await client.query<SampleUser>(
      `SELECT id, full_name AS "fullName", username::text, email::text, phone_no AS "phoneNo", zone_country AS "zoneCountry",
            ip_country AS "ipCountry", residence_country AS "residenceCountry"
       FROM users TABLESAMPLE SYSTEM (${await samplePercent(client, 'users', opts.users)}) REPEATABLE (${SEED % 1000}) ORDER BY id LIMIT $1`,
      [opts.users],
    )
  ).rows;
  if (!users.length)
    throw new Error('the bench database has no users: generate the dataset first (see bench/README.md)');
  const searchTerms = users.map((u, i) => searchTerm(u, i % 5, r)).filter((t) => t.length >= 3);

  const countries = (
    await client.query<{ type: CountryType; code: string; users: number }>(
      `SELECT 'zone' AS type, zone_country AS code, count(*)::int AS users FROM users WHERE zone_country IS NOT NULL GROUP BY 2
     UNION ALL SELECT 'ip', ip_country, count(*)::int FROM users WHERE ip_country IS NOT NULL GROUP BY 2
     UNION ALL SELECT 'residence', residence_country, count(*)::int FROM users WHERE residence_country IS NOT NULL GROUP BY 2
     ORDER BY users DESC`,
    )
  ).rows;

  const span = (
    await client.query<{ first: Date; last: Date }>(
      'SELECT min(created_at) AS first, max(created_at) AS last FROM users',
    )
  ).rows[0]!;
  const today = day(new Date());
  const firstMs = span.first.getTime();
  const lastMs = Math.min(Date.now(), span.last.getTime());
  const dateWindows: Samples['dateWindows'] = [{ start: day(span.first), end: today }];
  for (let i = 0; i < 200; i++) {
    const lengthDays = r.pick([1, 7, 30, 90, 365, 730]);
    const startMs = firstMs + r.next() * Math.max(0, lastMs - firstMs - lengthDays * 86_400_000);
    const endMs = Math.min(Date.now(), startMs + (lengthDays - 1) * 86_400_000);
    dateWindows.push({ start: day(new Date(startMs)), end: day(new Date(endMs)) });
  }
  const deepDateWindows: Samples['deepDateWindows'] = [];
  for (const w of dateWindows) {
    if (deepDateWindows.length >= 20) break;
    const n = (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE created_at >= $1::date AND created_at < $2::date + 1`,
        [w.start, w.end],
      )
    ).rows[0]!.n;
    if (n >= opts.deepRows) deepDateWindows.push({ ...w, users: n });
  }

  const balances = (
    await client.query<{ currency: string; balance: string }>(
      `SELECT currency::text, balance::text FROM wallet_balances TABLESAMPLE SYSTEM (${await samplePercent(client, 'wallet_balances', opts.users)}) REPEATABLE (${SEED % 1000})
      WHERE balance > 0 ORDER BY wallet_id, currency LIMIT $1`,
      [opts.users],
    )
  ).rows.map((b) => ({ currency: b.currency, balance: trimDecimal(b.balance) }));

  return { users, searchTerms, countries, dateWindows, deepDateWindows, balances, firstSignup: day(span.first), today };
}
