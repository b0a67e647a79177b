import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  KYC_CLAIM_MINUTES, KYC_ESCALATION_MESSAGE, KYC_LEVEL_TWO, KYC_MESSAGES, KYC_SUSPECT_FIELDS,
  type KycCount, type KycDecision, type KycDecisionResult, type KycTakeOverResult, type KycLevel, type KycList, type KycRecord,
  type KycRejectionReason, type KycStatus, type KycSuspectField, type KycSuspects, type RejectedKycRecord,
} from '@vaultdesk/contract';
import { genericRows, named, preparedRows, type Db, type Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import { createListReader, KYC_BY_UPDATED, listPageSql, type ListSpec } from '../../lists/list-anchors';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { isoSql as ISO } from '../../timestamps/iso';
import { toPage, totalPages } from '../../lists/page';

const notFound = (message: string) => new AppError('NOT_FOUND', message);

async function rows<T>(q: Tx | Db, query: SQL): Promise<T[]> {
  return (await q.execute(query)).rows as T[];
}

const dialect = new PgDialect();

/** When a hold ends, as the 409 names it (seconds, labelled UTC: the message is read by people). */
const HOLD_END = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"')`);
const money = (col: string) => sql.raw(`trim_scale(${col})::text`);

type LevelRow = { id: string; level_name: string; level_number: number; daily_withdrawal: string; monthly_withdrawal: string; created_at: string; updated_at: string };
const LEVEL_COLUMNS = sql`id, level_name, level_number, ${money('daily_withdrawal')} AS daily_withdrawal, ${money('monthly_withdrawal')} AS monthly_withdrawal,
  ${ISO('created_at')} AS created_at, ${ISO('updated_at')} AS updated_at`;
const toLevel = (r: LevelRow): KycLevel => ({
  _id: r.id, levelName: r.level_name, levelNumber: Number(r.level_number), dailyWithdrawal: r.daily_withdrawal,
  monthlyWithdrawal: r.monthly_withdrawal, createdAt: r.created_at, updatedAt: r.updated_at,
});

type RecordRow = {
  id: string; user_id: string; username: string; email: string; full_name: string; phone_no: string | null; profile_url: string | null;
  referee_name: string | null; kyc_level_two_status: string | null; kyc_level_three_status: string | null; approved_by_email: string | null;
  first_name: string; middle_name: string | null; last_name: string; phone_number: string | null; date_of_birth: string | null;
  gender: string | null; resident_address: string | null; country_code: string | null; device_id: string | null; idcard_type: string | null;
  idcard_number: string | null; idcard_ipfs_hash: string | null; idcard_encrypt_key: string | null; selfie_ipfs_hash: string | null;
  selfie_encrypt_key: string | null; level_two_status: string | null; level_three_status: string | null; rejected_by_email: string | null;
  rejection_time: string | null; level_two_rejection_reason: string | null; level_two_rejection_message: string | null;
  claimed_by_email: string | null; claimed_until: string | null; created_at: string; updated_at: string;
  blacklist_id?: string | null; blacklisted?: boolean | null; kycs_with_device?: number; users_with_device?: number; same_phone?: number; same_idcard?: number;
};

/**
 * One KYC record with its customer and the staff who acted on it. The staff, referee and
 * blacklist lookups are scalar subqueries, not joins: with eight joined relations the
 * planner's join-order search cost about 6 ms per call, five times the query's own run time, and
 * a generic (prepared) plan is far worse for the paged list (it plans for a large LIMIT).
 */
const recordSelect = (more: SQL) => sql`
  SELECT k.id, k.user_id, u.username, u.email, u.full_name, u.phone_no, u.profile_url,
         (SELECT ref.full_name FROM users ref WHERE ref.id = u.referee_id) AS referee_name,
         u.kyc_level_two_status, u.kyc_level_three_status,
         (SELECT sa.email FROM staff sa WHERE sa.id = k.level_two_approved_by) AS approved_by_email,
         k.first_name, k.middle_name, k.last_name, k.phone_number, to_char(k.date_of_birth, 'DD/MM/YYYY') AS date_of_birth,
         k.gender, k.resident_address, k.country_code, k.device_id, k.idcard_type, k.idcard_number,
         k.idcard_ipfs_hash, k.idcard_encrypt_key, k.selfie_ipfs_hash, k.selfie_encrypt_key,
         k.level_two_status, k.level_three_status,
         (SELECT sr.email FROM staff sr WHERE sr.id = k.rejected_by) AS rejected_by_email, ${ISO('k.rejection_time')} AS rejection_time,
         k.level_two_rejection_reason, k.level_two_rejection_message,
         CASE WHEN k.claimed_until > now() THEN (SELECT sc.email FROM staff sc WHERE sc.id = k.claimed_by) END AS claimed_by_email,
         CASE WHEN k.claimed_until > now() THEN ${ISO('k.claimed_until')} END AS claimed_until,
         ${ISO('k.created_at')} AS created_at, ${ISO('k.updated_at')} AS updated_at ${more}
    FROM kyc_records k
    JOIN users u ON u.id = k.user_id`;

const FRAUD_COLUMNS = sql.raw(`,
         (SELECT bd.id FROM blacklisted_devices bd WHERE bd.device_id = k.device_id) AS blacklist_id,
         (SELECT bd.blacklisted FROM blacklisted_devices bd WHERE bd.device_id = k.device_id) AS blacklisted,
         (SELECT count(*)::int FROM kyc_records x WHERE x.device_id = k.device_id) AS kycs_with_device,
         (SELECT count(*)::int FROM users x WHERE x.registration_device_details ->> 'serial' = k.device_id) AS users_with_device,
         (SELECT count(*)::int FROM kyc_records x WHERE x.phone_number = k.phone_number) AS same_phone,
         (SELECT count(*)::int FROM kyc_records x WHERE x.idcard_number = k.idcard_number) AS same_idcard`);
/** One customer's record, fraud indicators included (Manage KYC). */
const RECORD_SELECT = recordSelect(FRAUD_COLUMNS);
/** A list page's records: the columns the list shows, without the fraud indicators. */
const LIST_RECORD_SELECT = recordSelect(sql``);

const toRecord = (r: RecordRow): KycRecord => ({
  _id: r.id,
  userId: {
    _id: r.user_id, username: r.username, email: r.email, fullName: r.full_name, phoneNo: r.phone_no, profileUrl: r.profile_url,
    refereeName: r.referee_name, kycLevelTwoStatus: r.kyc_level_two_status, kycLevelThreeStatus: r.kyc_level_three_status,
    KycLevelTwoApprovedBy: r.approved_by_email,
  },
  firstName: r.first_name, middleName: r.middle_name, lastName: r.last_name, phoneNumber: r.phone_number, dateOfBirth: r.date_of_birth,
  gender: r.gender, residentAddress: r.resident_address, countryCode: r.country_code, deviceId: r.device_id, idcardType: r.idcard_type,
  idcardNumber: r.idcard_number, idcardIpfsHash: r.idcard_ipfs_hash, idcardEncryptKey: r.idcard_encrypt_key,
  selfieIpfsHash: r.selfie_ipfs_hash, selfieEncryptKey: r.selfie_encrypt_key, levelTwoStatus: r.level_two_status,
  levelThreeStatus: r.level_three_status, rejectedBy: r.rejected_by_email, rejectionTime: r.rejection_time,
  levelTwoRejectionReason: r.level_two_rejection_reason, levelTwoRejectionMessage: r.level_two_rejection_message,
  claimedBy: r.claimed_by_email, claimedUntil: r.claimed_until,
  ...(r.kycs_with_device === undefined ? {} : {
    fraud: {
      blacklistDetails: { blacklisted: r.blacklisted === true, blacklistedRecordId: r.blacklist_id ?? null },
      kycsRegisteredWithDevice: r.device_id ? Number(r.kycs_with_device) : 0,
      userRegisteredWithDevice: r.device_id ? Number(r.users_with_device) : 0,
      duplicatephoneNumber: r.phone_number ? Number(r.same_phone) : 0,
      duplicateIdcardNumber: r.idcard_number ? Number(r.same_idcard) : 0,
    },
  }),
  createdAt: r.created_at, updatedAt: r.updated_at,
});

const SUSPECT_COLUMNS: Record<KycSuspectField, string> = { phoneNumber: 'phone_number', idcardNumber: 'idcard_number', deviceId: 'device_id' };

const COUNTS = `(SELECT json_object_agg(c.level || ':' || c.status, c.n) FROM kyc_status_counts c)`;
/** A level list's page: its ids from the anchored list, in list order, with the total. */
type PagedRow = RecordRow & { total: string; scanned: string; deltas: string; pos: number | null; counts: Record<string, number> | null };
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
const PAGED = new Map(['u.level_two_status', 'u.level_three_status'].flatMap((col) => [`${col} = $6`, `${col} IS NOT NULL`])
  .map((filter) => [filter, { spec: KYC_BY_UPDATED(filter), statement: named(pagedText(KYC_BY_UPDATED(filter))) }]));

const kycCountOf = (counts: Record<string, number | string> | null): KycCount => {
  const n = (key: string) => Number(counts?.[key] ?? 0);
  return {
    levelTwosubmittedKyc: n('2:submitted'), levelTwoapprovedKyc: n('2:approved'), levelTworejectedKyc: n('2:rejected'),
    levelThreeSubmittedKyc: n('3:submitted'), levelThreeApprovedKyc: n('3:approved'), levelThreeRejectedKyc: n('3:rejected'),
  };
};

type Hold = { user_id: string; claimed_by: string | null; held: boolean; until: string | null; claimed_until: string | null; holder: string | null };
/**
 * Locks a case and reads its hold (who, until when, whether it still lasts), in one statement.
 * The holder's e-mail is a scalar subquery, not a join: joined to `staff`, a hold committed while
 * this waited for the lock came back with the holder's columns as they were before it (the re-check
 * after the wait re-reads the locked row only and keeps the joined one), while the subquery is
 * evaluated again for the row as it is now.
 */
async function lockHold(tx: Tx, id: string): Promise<Hold> {
  const [row] = await rows<Hold>(tx, sql`
    SELECT k.user_id, k.claimed_by, coalesce(k.claimed_until > clock_timestamp(), false) AS held,
           ${HOLD_END('k.claimed_until')} AS until, ${ISO('k.claimed_until')} AS claimed_until,
           (SELECT s.email FROM staff s WHERE s.id = k.claimed_by) AS holder
      FROM kyc_records k WHERE k.id = ${id} FOR UPDATE`);
  if (!row) throw notFound(`${KYC_LEVEL_TWO.name} not found`);
  return row;
}

export function createKycService(db: Db, log: (msg: string, err?: unknown) => void = () => undefined) {
  const lists = createListReader(db, log);

  /** One customer's record (by user id or e-mail), whatever its state, with the counters. */
  async function byUser(q: { kycLevel: 2 | 3; kycStatus?: string; page: number; pageSize: number; userId?: string; email?: string }): Promise<KycList> {
    const where: SQL[] = [];
    if (q.userId) where.push(sql`k.user_id = ${q.userId}`);
    if (q.email) where.push(sql`k.user_id = (SELECT id FROM users WHERE email = ${q.email})`);
    if (q.kycStatus) where.push(sql`${sql.raw(q.kycLevel === 3 ? 'k.level_three_status' : 'k.level_two_status')} = ${q.kycStatus}`);
    const cond = sql.join(where, sql` AND `);
    const [counted] = await preparedRows<{ counts: Record<string, number> | null }>(db, sql`
      SELECT json_object_agg(c.level || ':' || c.status, c.n) AS counts FROM kyc_status_counts c`);
    const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM kyc_records k WHERE ${cond}`);
    const found = await preparedRows<RecordRow>(db, sql`${RECORD_SELECT}
      JOIN (SELECT k.id FROM kyc_records k WHERE ${cond}
             ORDER BY k.updated_at DESC, k.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}) page ON page.id = k.id
      ORDER BY k.updated_at DESC, k.id DESC`);
    return {
      totalRecords: c!.n,
      pageSize: q.pageSize,
      currentPage: q.page,
      totalPage: totalPages(c!.n, q.pageSize),
      record: found.map(toRecord),
      kycCount: kycCountOf(counted?.counts ?? null),
    };
  }

  return {
    /** Records loaded without the triggers (a bulk load) get their list anchors once, at start. */
    rebuildListsIfMissing: () => lists.rebuildKycIfMissing(),

    async levels(page: number, pageSize: number) {
      const list = await rows<LevelRow>(db, sql`SELECT ${LEVEL_COLUMNS} FROM kyc_levels ORDER BY level_number, created_at LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
      const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM kyc_levels`);
      return { levelList: list.map(toLevel), totalRecords: total!.n, currentPage: page, pageSize };
    },

    async createLevel(ctx: RequestContext, body: { levelName: string; levelNumber: number; dailyWithdrawal: string; monthlyWithdrawal: string }) {
      return db.transaction(async (tx) => {
        const [created] = await rows<LevelRow>(tx, sql`
          INSERT INTO kyc_levels (level_name, level_number, daily_withdrawal, monthly_withdrawal)
          VALUES (${body.levelName}, ${body.levelNumber}, ${body.dailyWithdrawal}::numeric, ${body.monthlyWithdrawal}::numeric)
          ON CONFLICT (level_number) DO NOTHING
          RETURNING ${LEVEL_COLUMNS}`);
        if (!created) throw conflict(`A KYC level with number ${body.levelNumber} already exists: update it instead`);
        const level = toLevel(created);
        await writeAudit(tx, ctx, { action: 'kyc-level.create', targetType: 'kyc_level', targetId: level._id, after: level });
        return level;
      });
    },

    async updateLevel(ctx: RequestContext, id: string, body: { levelName: string; dailyWithdrawal: string; monthlyWithdrawal: string }) {
      return db.transaction(async (tx) => {
        const [before] = await rows<LevelRow>(tx, sql`SELECT ${LEVEL_COLUMNS} FROM kyc_levels WHERE id = ${id} FOR UPDATE`);
        if (!before) throw notFound('KYC level not found');
        const [after] = await rows<LevelRow>(tx, sql`
          UPDATE kyc_levels SET level_name = ${body.levelName}, daily_withdrawal = ${body.dailyWithdrawal}::numeric,
                 monthly_withdrawal = ${body.monthlyWithdrawal}::numeric, updated_at = now()
           WHERE id = ${id} RETURNING ${LEVEL_COLUMNS}`);
        const level = toLevel(after!);
        await writeAudit(tx, ctx, { action: 'kyc-level.update', targetType: 'kyc_level', targetId: id, before: toLevel(before), after: level });
        return level;
      });
    },

    async list(q: { kycLevel: 2 | 3; kycStatus?: string; page: number; pageSize: number; userId?: string; email?: string }): Promise<KycList> {
      if (q.userId || q.email) return byUser(q);
      // A level list: its page and total from the rank anchors, whatever the page's depth, with
      // the page's records and the counters (one statement, one snapshot).
      const status = q.kycLevel === 3 ? 'u.level_three_status' : 'u.level_two_status';
      const { spec, statement } = PAGED.get(q.kycStatus ? `${status} = $6` : `${status} IS NOT NULL`)!;
      const listKey = `${q.kycLevel}:${q.kycStatus ?? 'all'}`;
      // On its generic plan: PostgreSQL would re-plan this statement every call (about 2 ms, more
      // than its run), and no value of it changes the plan's shape.
      const found = await genericRows<PagedRow>(db, statement,
        [listKey, '-infinity', 'infinity', (q.page - 1) * q.pageSize, q.pageSize, ...(q.kycStatus ? [q.kycStatus] : [])]);
      const first = found[0]!;
      lists.checked(spec, listKey, first.scanned, first.deltas);
      const totalRecords = Number(first.total);
      return {
        totalRecords,
        pageSize: q.pageSize,
        currentPage: q.page,
        totalPage: totalPages(totalRecords, q.pageSize),
        // In the list's order (the position of each record's id in the page).
        record: found.filter((r) => r.id !== null).sort((a, b) => a.pos! - b.pos!).map(toRecord),
        kycCount: kycCountOf(first.counts),
      };
    },

    /**
     * Decides a level 2 case. The guarded transition refuses a move the state no longer allows
     * (409: another reviewer decided a moment ago); the user's status, the history row and the
     * audit row are written in the same transaction.
     */
    async decide(
      ctx: RequestContext,
      permissions: readonly string[],
      body: { id: string; kycStatus: KycDecision; RejectionReason?: KycRejectionReason; RejectionMessage?: string; fromStatus?: KycStatus | undefined },
    ): Promise<{ result: KycDecisionResult; message: string }> {
      const actorId = ctx.actor?.id ?? null;
      const approving = body.kycStatus === 'approved';
      const reason = approving ? null : body.RejectionReason ?? null;
      const message = approving
        ? null
        : body.kycStatus === 'escalated'
          ? [body.RejectionMessage, KYC_ESCALATION_MESSAGE].filter(Boolean).join(' ')
          : body.RejectionMessage ?? null;
      return db.transaction(async (tx) => {
        // The hold is read under the row's lock, before the move: a claim or a take-over
        // committed a moment ago is seen (the lock waits for it), and one that comes later waits
        // for this decision, which releases the hold. An expired hold binds no one.
        const hold = await lockHold(tx, body.id);
        if (hold.held && hold.claimed_by !== actorId) throw conflict(KYC_MESSAGES.heldBy(hold.holder ?? 'another reviewer', hold.until!));
        const set = approving
          ? sql`level_two_approved_by = ${actorId}::uuid, level_two_approved_at = now(), claimed_by = NULL, claimed_until = NULL, updated_at = now()`
          : sql`rejected_by = ${actorId}::uuid, rejection_time = now(), level_two_rejection_reason = ${reason},
                level_two_rejection_message = ${message}, level_two_approved_by = NULL, level_two_approved_at = NULL,
                claimed_by = NULL, claimed_until = NULL, updated_at = now()`;
        const { row, from } = await transition(tx, {
          machine: KYC_LEVEL_TWO, table: 'kyc_records', id: body.id, to: body.kycStatus, permissions, statusColumn: 'level_two_status', set,
          // Without it, 'approved' then 'rejected' from two screens showing 'submitted' would both
          // pass, since the machine lets an approval be revoked.
          expectedFrom: body.fromStatus,
        });
        const userId = String(row.user_id);
        await tx.execute(sql`UPDATE users SET kyc_level_two_status = ${body.kycStatus}, updated_at = now() WHERE id = ${userId}`);
        await tx.execute(sql`
          INSERT INTO kyc_history (kyc_id, user_id, level, from_status, to_status, staff_id, staff_email, reason, message)
          VALUES (${body.id}, ${userId}, 2, ${from}, ${body.kycStatus}, ${actorId}::uuid, ${ctx.actor?.email ?? null}, ${reason}, ${message})`);
        const result: KycDecisionResult = {
          _id: body.id, userId, levelTwoStatus: body.kycStatus, previousStatus: from,
          levelTwoRejectionReason: reason, levelTwoRejectionMessage: message,
        };
        await writeAudit(tx, ctx, {
          action: `kyc.${body.kycStatus}`,
          targetType: 'kyc_record',
          targetId: body.id,
          before: { levelTwoStatus: from, userId },
          after: { levelTwoStatus: body.kycStatus, userId, reason, message },
        });
        return { result, message: approving ? KYC_MESSAGES.approved : KYC_MESSAGES.decided(body.kycStatus) };
      });
    },

    /**
     * Hands the reviewer the oldest submitted case nobody holds, for KYC_CLAIM_MINUTES. A reviewer
     * holds one case at a time: asking again releases the previous one and hands out another.
     * SKIP LOCKED makes concurrent reviewers pass over a case another is claiming this instant.
     */
    async claimRandom(ctx: RequestContext): Promise<string> {
      const actorId = ctx.actor!.id;
      return db.transaction(async (tx) => {
        // One press of a reviewer at a time (a double click, two tabs): without this, two presses
        // would each release what the other had not committed yet and the reviewer would end up
        // holding two cases. The staff row's lock queues them; other reviewers do not wait.
        await tx.execute(sql`SELECT id FROM staff WHERE id = ${actorId} FOR NO KEY UPDATE`);
        const released = await rows<{ id: string }>(tx, sql`
          UPDATE kyc_records SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ${actorId} RETURNING id`);
        const releasedIds = `{${released.map((r) => r.id).join(',')}}`;
        const [claimed] = await rows<{ id: string; user_id: string; claimed_until: string }>(tx, sql`
          UPDATE kyc_records k SET claimed_by = ${actorId}, claimed_until = now() + make_interval(mins => ${KYC_CLAIM_MINUTES})
           WHERE k.id = (
             SELECT c.id FROM kyc_records c
              WHERE c.level_two_status = 'submitted' AND (c.claimed_until IS NULL OR c.claimed_until < now())
                AND c.id <> ALL(${releasedIds}::uuid[])
              ORDER BY c.created_at, c.id
              LIMIT 1
                FOR UPDATE SKIP LOCKED)
             AND k.level_two_status = 'submitted'
          RETURNING k.id, k.user_id, ${ISO('k.claimed_until')} AS claimed_until`);
        if (!claimed) throw notFound(KYC_MESSAGES.noUnattended);
        await writeAudit(tx, ctx, {
          action: 'kyc.claim',
          targetType: 'kyc_record',
          targetId: claimed.id,
          before: { released: released.map((r) => r.id) },
          after: { claimedBy: actorId, claimedUntil: claimed.claimed_until, userId: claimed.user_id },
        });
        return claimed.user_id;
      });
    },

    /**
     * Super Admin's take-over: the hold moves to the caller for a fresh KYC_CLAIM_MINUTES, from the
     * holder the caller's screen showed (anyone else holding it by now is a 409, so concurrent
     * take-overs leave one holder). Like Manage Random KYC, the taker holds one case at a time:
     * any other case they held is released. Audited with the previous holder.
     */
    async takeOver(ctx: RequestContext, body: { id: string; claimedBy: string }): Promise<KycTakeOverResult> {
      const actorId = ctx.actor!.id;
      return db.transaction(async (tx) => {
        // The same lock order as claimRandom (the taker's staff row, then the case).
        await tx.execute(sql`SELECT id FROM staff WHERE id = ${actorId} FOR NO KEY UPDATE`);
        const c = await lockHold(tx, body.id);
        if (!c.held) throw conflict('Nobody holds this case now: it can be decided without taking it over');
        if (c.claimed_by === actorId) throw conflict('You already hold this case');
        if ((c.holder ?? '').toLowerCase() !== body.claimedBy.toLowerCase()) {
          throw conflict(`This case is held by ${c.holder ?? 'another reviewer'} until ${c.until} now, not by ${body.claimedBy} as on your screen. Reload it before taking it over.`);
        }
        const released = await rows<{ id: string }>(tx, sql`
          UPDATE kyc_records SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ${actorId} AND id <> ${body.id} RETURNING id`);
        const [taken] = await rows<{ claimed_until: string }>(tx, sql`
          UPDATE kyc_records SET claimed_by = ${actorId}, claimed_until = now() + make_interval(mins => ${KYC_CLAIM_MINUTES})
           WHERE id = ${body.id}
          RETURNING ${ISO('claimed_until')} AS claimed_until`);
        await writeAudit(tx, ctx, {
          action: 'kyc.take-over',
          targetType: 'kyc_record',
          targetId: body.id,
          before: { claimedBy: c.claimed_by, claimedByEmail: c.holder, claimedUntil: c.claimed_until, released: released.map((r) => r.id) },
          after: { claimedBy: actorId, claimedByEmail: ctx.actor!.email, claimedUntil: taken!.claimed_until, userId: c.user_id },
        });
        return { _id: body.id, userId: c.user_id, claimedBy: ctx.actor!.email, claimedUntil: taken!.claimed_until, previousHolder: c.holder ?? '' };
      });
    },

    async rejectedHistory(userId: string): Promise<{ records: RejectedKycRecord[] }> {
      const found = await rows<{ id: string; to_status: string; staff_email: string | null; created_at: string; reason: string | null; message: string | null }>(db, sql`
        SELECT id::text AS id, to_status, staff_email, ${ISO('created_at')} AS created_at, reason, message
          FROM kyc_history WHERE user_id = ${userId} AND to_status IN ('rejected', 'escalated')
         ORDER BY created_at DESC, id DESC LIMIT 100`);
      return {
        records: found.map((r) => ({
          _id: r.id, status: r.to_status, rejectedBy: r.staff_email, rejectionTime: r.created_at,
          levelTwoRejectionReason: r.reason, levelTwoRejectionMessage: r.message,
        })),
      };
    },

    async suspects(q: { page: number; pageSize: number } & Partial<Record<KycSuspectField, string>>): Promise<KycSuspects> {
      const field = KYC_SUSPECT_FIELDS.find((f) => q[f])!;
      const col = sql.raw(`k.${SUSPECT_COLUMNS[field]}`);
      const value = q[field]!;
      // One statement: the count, and the page's keys found on the value's (value, created_at,
      // id) index alone (index-only, so a deep page of a device behind thousands of accounts skips
      // index entries, not rows and their users), then only those rows read and joined.
      const all = await rows<{
        n: number; id: string | null; user_id: string; username: string; email: string; full_name: string; first_name: string; last_name: string;
        phone_number: string | null; idcard_number: string | null; device_id: string | null; level_two_status: string | null; created_at: string;
      }>(db, sql`
        WITH page AS (
          SELECT k.id, k.created_at FROM kyc_records k WHERE ${col} = ${value}
           ORDER BY k.created_at DESC, k.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}
        )
        SELECT (SELECT count(*)::int FROM kyc_records k WHERE ${col} = ${value}) AS n, r.* FROM (SELECT 1) one LEFT JOIN LATERAL (
          SELECT k.id, k.user_id, u.username, u.email, u.full_name, k.first_name, k.last_name, k.phone_number, k.idcard_number,
                 k.device_id, k.level_two_status, ${ISO('k.created_at')} AS created_at, page.created_at AS sort_at
            FROM page JOIN kyc_records k ON k.id = page.id JOIN users u ON u.id = k.user_id
        ) r ON true
        ORDER BY r.sort_at DESC, r.id`);
      const c = { n: all[0]?.n ?? 0 };
      const found = all.flatMap((r) => (r.id === null ? [] : [{ ...r, id: r.id }]));
      const records = found.map((r) => ({
        _id: r.id, userId: { _id: r.user_id, username: r.username, email: r.email, fullName: r.full_name },
        firstName: r.first_name, lastName: r.last_name, phoneNumber: r.phone_number, idcardNumber: r.idcard_number,
        deviceId: r.device_id, levelTwoStatus: r.level_two_status, createdAt: r.created_at,
      }));
      return toPage(records, c.n, q.page, q.pageSize);
    },
  };
}
