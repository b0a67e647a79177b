import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { KycList } from '@vaultdesk/contract';
import { genericRows, named, preparedRows, type Db } from '@vaultdesk/db';
import { KYC_BY_UPDATED, listPageSql, type createListReader, type ListSpec } from '../../lists/list-anchors';
import { pageOffset, pagePayload } from '../../lists/page';
import { kycCountOf, LIST_RECORD_SELECT, RECORD_SELECT, toRecord, type RecordRow } from './kyc-records';
import { rows } from './kyc-shared';

export type KycListQuery = {
  kycLevel: 2 | 3;
  kycStatus?: string;
  page: number;
  pageSize: number;
  userId?: string;
  email?: string;
};

const dialect = new PgDialect();

const COUNTS = `(SELECT json_object_agg(c.level || ':' || c.status, c.n) FROM kyc_status_counts c)`;
/** A level list's page: its ids from the anchored list, in list order, with the total. */
type PagedRow = RecordRow & {
  total: string;
  scanned: string;
  deltas: string;
  pos: number | null;
  counts: Record<string, number> | null;
};
/**
 * One statement, one round trip: the page's ids from the anchors (listPageSql), folded into one
 * row with the total, then that row's records by id and the counters. The records are looked up
 * by the id array rather than joined row by row with the page: joined, the planner's cached
 * (generic) plan for the statement was a poor one and it went on planning every call instead,
 * which cost more than running it. At least one row comes back, with null record columns when
 * the page is empty.
 */
const pagedText = (spec: ListSpec) => `
WITH p AS (${listPageSql(spec)}),
page AS (
  SELECT max(p.total) AS total, max(p.scanned) AS scanned, max(p.deltas) AS deltas,
         coalesce(array_agg(p.sort_id ORDER BY p.sort_key DESC, p.sort_id DESC) FILTER (WHERE p.sort_id IS NOT NULL), '{}') AS ids
    FROM p
)
SELECT page.total, page.scanned, page.deltas, array_position(page.ids, r.id) AS pos, ${COUNTS} AS counts, r.*
  FROM page LEFT JOIN LATERAL (${dialect.sqlToQuery(LIST_RECORD_SELECT).sql} WHERE k.id = ANY (page.ids)) r ON true`;
/** The four lists' shapes (level 2 or 3, with or without a status), each text built once. */
const PAGED = new Map(
  ['u.level_two_status', 'u.level_three_status']
    .flatMap((col) => [`${col} = $6`, `${col} IS NOT NULL`])
    .map((filter) => [filter, { spec: KYC_BY_UPDATED(filter), statement: named(pagedText(KYC_BY_UPDATED(filter))) }]),
);

/** One customer's record (by user id or e-mail), whatever its state, with the counters. */
async function byUser(db: Db, q: KycListQuery): Promise<KycList> {
  const where: SQL[] = [];
  if (q.userId) where.push(sql`k.user_id = ${q.userId}`);
  if (q.email) where.push(sql`k.user_id = (SELECT id FROM users WHERE email = ${q.email})`);
  if (q.kycStatus)
    where.push(sql`${sql.raw(q.kycLevel === 3 ? 'k.level_three_status' : 'k.level_two_status')} = ${q.kycStatus}`);
  const cond = sql.join(where, sql` AND `);
  const [counted] = await preparedRows<{ counts: Record<string, number> | null }>(
    db,
    sql`
    SELECT json_object_agg(c.level || ':' || c.status, c.n) AS counts FROM kyc_status_counts c`,
  );
  // One customer's records only: OFFSET and count over them stay cheap.
  const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM kyc_records k WHERE ${cond}`);
  const found = await preparedRows<RecordRow>(
    db,
    sql`${RECORD_SELECT}
    JOIN (SELECT k.id FROM kyc_records k WHERE ${cond}
           ORDER BY k.updated_at DESC, k.id DESC LIMIT ${q.pageSize} OFFSET ${pageOffset(q)}) page ON page.id = k.id
    ORDER BY k.updated_at DESC, k.id DESC`,
  );
  return {
    ...pagePayload(q, found.map(toRecord), c!.n, { records: 'record' }),
    kycCount: kycCountOf(counted?.counts ?? null),
  };
}

/** A level list, or one customer's record (by user id or e-mail). */
export async function listKyc(db: Db, lists: ReturnType<typeof createListReader>, q: KycListQuery): Promise<KycList> {
  if (q.userId || q.email) return byUser(db, q);
  // A level list: its page and total from the rank anchors, whatever the page's depth, with
  // the page's records and the counters (one statement, one snapshot).
  const status = q.kycLevel === 3 ? 'u.level_three_status' : 'u.level_two_status';
  const { spec, statement } = PAGED.get(q.kycStatus ? `${status} = $6` : `${status} IS NOT NULL`)!;
  const listKey = `${q.kycLevel}:${q.kycStatus ?? 'all'}`;
  // On its generic plan: PostgreSQL would re-plan this statement every call (about 2 ms, more
  // than its run), and no value of it changes the plan's shape.
  const found = await genericRows<PagedRow>(db, statement, [
    listKey,
    '-infinity',
    'infinity',
    pageOffset(q),
    q.pageSize,
    ...(q.kycStatus ? [q.kycStatus] : []),
  ]);
  const first = found[0]!;
  lists.checked(spec, listKey, first.scanned, first.deltas);
  // In the list's order (the position of each record's id in the page).
  const records = found
    .filter((r) => r.id !== null)
    .sort((a, b) => a.pos! - b.pos!)
    .map(toRecord);
  return {
    ...pagePayload(q, records, Number(first.total), { records: 'record' }),
    kycCount: kycCountOf(first.counts),
  };
}
