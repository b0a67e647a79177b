import { sql, type SQL } from 'drizzle-orm';
import {
  FUNDING_REQUEST_LIMIT,
  type BlacklistedDevice, type BlacklistedDevices, type DoubleFundings, type DoubleFundingStatus, type FundingRequest,
  type LockedSavings, type MaturingPlans, type Watchlist,
} from '@vaultdesk/contract';
import { named, type Db, type Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { bound, raw } from '../../queries/sql-filter';
import { fundingFilter, maturingFilter } from './compliance-filters';
import { isoSql, isoText } from '../../timestamps/iso';
import { toPage, totalPages } from '../../lists/page';

const notFound = (message: string) => new AppError('NOT_FOUND', message);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function rows<T>(q: Tx | Db, query: SQL): Promise<T[]> {
  return (await q.execute(query)).rows as T[];
}
const money = (col: string) => sql.raw(`trim_scale(${col})::text`);

type DeviceRow = { id: string; device_id: string; username: string | null; user_id: string | null; blacklisted: boolean; created_at: string; updated_at: string };
const DEVICE_SELECT = sql`
  SELECT d.id, d.device_id, u.username, d.user_id, d.blacklisted, ${isoSql('d.created_at')} AS created_at, ${isoSql('d.updated_at')} AS updated_at
    FROM blacklisted_devices d LEFT JOIN users u ON u.id = d.user_id`;
const toDevice = (r: DeviceRow): BlacklistedDevice => ({
  _id: r.id, deviceId: r.device_id, userId: r.username, customerId: r.user_id, blacklisted: r.blacklisted, createdAt: r.created_at, updatedAt: r.updated_at,
});

/**
 * The fraud list's and the double-funding lists' pages: the total from the counters the triggers
 * of migration 0012 keep (never a count of the table), the page's ids from an index-only walk,
 * then their rows; one prepared statement, so one round trip and no planning per call. One row
 * with null columns when the page is empty, so the total still comes back.
 */
const WATCHLIST_PAGE = named(`
  SELECT coalesce(t.n, 0) AS total, x.*
    FROM (SELECT (SELECT n FROM compliance_list_counts WHERE list_key = 'watchlist') AS n) t
    LEFT JOIN LATERAL (
      SELECT w.id, w.user_id, u.full_name, u.username, w.reason, ${isoText('w.created_at')} AS created_at, w.created_at AS sort_key
        FROM (SELECT id FROM watchlist ORDER BY created_at DESC, id LIMIT $1 OFFSET $2) page
        JOIN watchlist w ON w.id = page.id JOIN users u ON u.id = w.user_id
    ) x ON true
   ORDER BY x.sort_key DESC, x.id`);
const DOUBLE_FUNDING_PAGE = named(`
  SELECT coalesce(t.n, 0) AS total, x.*
    FROM (SELECT (SELECT n FROM compliance_list_counts WHERE list_key = 'double_fundings:' || $1::text) AS n) t
    LEFT JOIN LATERAL (
      SELECT f.id, u.email, f.status, f.funding_status, trim_scale(f.amount_received)::text AS amount_received,
             trim_scale(f.total_amount_deposited)::text AS total_amount_deposited, f.deposit_address, f.receiving_address,
             s.email AS creator_email, ${isoText('f.created_at')} AS created_at, ${isoText('f.updated_at')} AS updated_at, f.created_at AS sort_key
        FROM (SELECT id FROM double_fundings WHERE status = $1::text ORDER BY created_at DESC, id LIMIT $2 OFFSET $3) page
        JOIN double_fundings f ON f.id = page.id JOIN users u ON u.id = f.user_id LEFT JOIN staff s ON s.id = f.process_list_creator
    ) x ON true
   ORDER BY x.sort_key DESC, x.id`);

export function createComplianceService(db: Db) {
  async function lockedSavings(planType: 'fixed' | 'flexible', page: number, pageSize: number): Promise<LockedSavings> {
    // Plans ever locked: still locked (Locked) or unlocked since (Unlocked), latest change first.
    const cond = sql`p.plan_type = ${planType} AND (p.locked OR p.unlocked_at IS NOT NULL)`;
    const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM savings_plans p WHERE ${cond}`);
    const found = await rows<{
      id: string; user_id: string; full_name: string; username: string; email: string; plan_name: string; deposit_amount: string;
      deposit_time: string | null; protocol_name: string; plan_state: string; share_balance: string; withdrawal_amount: string | null;
      withdrawal_time: string | null; locked: boolean; locked_at: string | null; locked_comment: string | null; locked_admin: string | null;
      unlocked_at: string | null; unlocked_admin: string | null; locked_amount: string | null; created_at: string; lock_version: number;
    }>(db, sql`
      SELECT p.id, p.user_id, u.full_name, u.username, u.email, p.plan_name, ${money('p.deposit_amount')} AS deposit_amount,
             ${isoSql('p.deposit_time')} AS deposit_time, p.protocol_name, p.plan_state, ${money('p.share_balance')} AS share_balance,
             ${money('p.withdrawal_amount')} AS withdrawal_amount, ${isoSql('p.withdrawal_time')} AS withdrawal_time, p.locked,
             ${isoSql('p.locked_at')} AS locked_at, p.locked_comment, sl.email AS locked_admin, ${isoSql('p.unlocked_at')} AS unlocked_at,
             su.email AS unlocked_admin, ${money('p.locked_amount')} AS locked_amount, ${isoSql('p.created_at')} AS created_at,
             (SELECT count(*)::int FROM savings_lock_entries e WHERE e.plan_id = p.id) AS lock_version
        FROM savings_plans p
        JOIN users u ON u.id = p.user_id
        LEFT JOIN staff sl ON sl.id = p.locked_by
        LEFT JOIN staff su ON su.id = p.unlocked_by
       WHERE ${cond}
       ORDER BY coalesce(p.unlocked_at, p.locked_at) DESC, p.id
       LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
    return {
      records: found.map((r) => ({
        _id: r.id, userId: { _id: r.user_id, fullName: r.full_name, username: r.username }, email: r.email, planName: r.plan_name,
        depositAmount: r.deposit_amount, depositTime: r.deposit_time, protocolName: r.protocol_name, planState: r.plan_state,
        shareBalance: r.share_balance, withdrawalAmount: r.withdrawal_amount,
        withdrawStatus: r.plan_state === 'withdrawn' ? 'withdrawn' : r.withdrawal_time ? 'partly withdrawn' : 'not withdrawn',
        withdrawalTime: r.withdrawal_time, locked: r.locked, lockedDate: r.locked_at, lockedComment: r.locked_comment,
        lockedAdmin: { email: r.locked_admin }, unLockedDate: r.unlocked_at, unLockedAdmin: { email: r.unlocked_admin },
        lockedAmount: r.locked_amount, createdAt: r.created_at, lockVersion: r.lock_version,
      })),
      currentPage: page,
      totalRecords: c!.n,
      totalPages: totalPages(c!.n, pageSize),
      pageSize,
    };
  }

  return {
    async blacklistedDevices(page: number, pageSize: number): Promise<BlacklistedDevices> {
      const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM blacklisted_devices`);
      const found = await rows<DeviceRow>(db, sql`${DEVICE_SELECT} ORDER BY d.created_at DESC, d.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
      return toPage(found.map(toDevice), c!.n, page, pageSize);
    },

    async addBlacklistedDevice(ctx: RequestContext, body: { deviceId: string; userId?: string }) {
      return db.transaction(async (tx) => {
        let customerId: string | null = null;
        if (body.userId) {
          // Staff may name the customer by id, username or e-mail.
          const [user] = await rows<{ id: string }>(tx, UUID.test(body.userId)
            ? sql`SELECT id FROM users WHERE id = ${body.userId.toLowerCase()}`
            : sql`SELECT id FROM users WHERE username = ${body.userId} OR email = ${body.userId} LIMIT 1`);
          if (!user) throw notFound('No customer with this id, username or e-mail');
          customerId = user.id;
        }
        const [created] = await rows<{ id: string }>(tx, sql`
          INSERT INTO blacklisted_devices (device_id, user_id, blacklisted, created_by, updated_by)
          VALUES (${body.deviceId}, ${customerId}::uuid, true, ${ctx.actor?.id ?? null}::uuid, ${ctx.actor?.id ?? null}::uuid)
          ON CONFLICT (device_id) DO NOTHING RETURNING id`);
        if (!created) throw conflict('This device is already on the list: blacklist or de-list it there');
        const [row] = await rows<DeviceRow>(tx, sql`${DEVICE_SELECT} WHERE d.id = ${created.id}`);
        const device = toDevice(row!);
        await writeAudit(tx, ctx, { action: 'device.blacklist', targetType: 'blacklisted_device', targetId: device._id, after: device });
        return device;
      });
    },

    /** Sets the flag by a guarded update on its current value, so a stale screen cannot flip it back. */
    async setBlacklisted(ctx: RequestContext, body: { blacklistedRecordId: string; blacklisted: boolean }) {
      return db.transaction(async (tx) => {
        const [before] = await rows<DeviceRow>(tx, sql`${DEVICE_SELECT} WHERE d.id = ${body.blacklistedRecordId} FOR UPDATE OF d`);
        if (!before) throw notFound('Blacklisted device record not found');
        const [updated] = await rows<{ id: string }>(tx, sql`
          UPDATE blacklisted_devices SET blacklisted = ${body.blacklisted}, updated_by = ${ctx.actor?.id ?? null}::uuid, updated_at = now()
           WHERE id = ${body.blacklistedRecordId} AND blacklisted = ${!body.blacklisted} RETURNING id`);
        if (!updated) throw conflict(`This device is already ${body.blacklisted ? 'blacklisted' : 'de-listed'}`);
        const [after] = await rows<DeviceRow>(tx, sql`${DEVICE_SELECT} WHERE d.id = ${body.blacklistedRecordId}`);
        await writeAudit(tx, ctx, {
          action: body.blacklisted ? 'device.blacklist' : 'device.delist', targetType: 'blacklisted_device', targetId: body.blacklistedRecordId,
          before: { blacklisted: before.blacklisted }, after: { blacklisted: body.blacklisted, deviceId: before.device_id },
        });
        return toDevice(after!);
      });
    },

    async watchlist(page: number, pageSize: number): Promise<Watchlist> {
      const found = (await db.$client.query<{
        total: string; id: string | null; user_id: string; full_name: string; username: string; reason: string; created_at: string;
      }>({ ...WATCHLIST_PAGE, values: [pageSize, (page - 1) * pageSize] })).rows;
      const total = Number(found[0]?.total ?? 0);
      const records = found.filter((r) => r.id !== null).map((r) => ({
        _id: r.id!, user: { _id: r.user_id, fullName: r.full_name, username: r.username }, reason: r.reason, createdAt: r.created_at,
      }));
      return toPage(records, total, page, pageSize);
    },

    async doubleFundings(status: DoubleFundingStatus, page: number, pageSize: number): Promise<DoubleFundings> {
      const found = (await db.$client.query<{
        total: string; id: string | null; email: string; status: string; funding_status: string; amount_received: string; total_amount_deposited: string;
        deposit_address: string; receiving_address: string; creator_email: string | null; created_at: string; updated_at: string;
      }>({ ...DOUBLE_FUNDING_PAGE, values: [status, pageSize, (page - 1) * pageSize] })).rows;
      const total = Number(found[0]?.total ?? 0);
      return {
        result: found.filter((r) => r.id !== null).map((r) => ({
          _id: r.id!, userEmail: r.email, status: r.status, fundingStatus: r.funding_status, amountReceived: r.amount_received,
          totalAmountDeposited: r.total_amount_deposited, depositAddress: r.deposit_address, receivingAddress: r.receiving_address,
          processList: { creator: { email: r.creator_email } }, createdAt: r.created_at, updatedAt: r.updated_at,
        })),
        totalRecords: total, pageSize, currentPage: page, totalPage: totalPages(total, pageSize),
      };
    },

    lockedFixedSavings: (page: number, pageSize: number) => lockedSavings('fixed', page, pageSize),
    lockedFlexibleSavings: (page: number, pageSize: number) => lockedSavings('flexible', page, pageSize),

    async fundingRequests(q: { email?: string; transactionHash?: string; receivingAddress?: string }): Promise<{ records: FundingRequest[] }> {
      const cond = bound(fundingFilter(q));
      const found = await rows<{
        id: string; email: string; amount_received: string; currency: string; receiving_address: string; transaction_hash: string; created_at: string; updated_at: string;
      }>(db, sql`
        SELECT f.id, u.email, ${money('f.amount_received')} AS amount_received, f.currency, f.receiving_address, f.transaction_hash,
               ${isoSql('f.created_at')} AS created_at, ${isoSql('f.updated_at')} AS updated_at
          FROM funding_requests f JOIN users u ON u.id = f.user_id
         WHERE ${cond}
         ORDER BY f.created_at DESC, f.id LIMIT ${FUNDING_REQUEST_LIMIT}`);
      return {
        records: found.map((r) => ({
          _id: r.id, userEmail: r.email, amountReceived: r.amount_received, currency: r.currency, receivingAddress: r.receiving_address,
          transactionHash: r.transaction_hash, createdAt: r.created_at, updatedAt: r.updated_at,
        })),
      };
    },

    async maturingPlans(page: number, pageSize: number): Promise<MaturingPlans> {
      const cond = bound(maturingFilter(raw('now()')));
      const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM savings_plans p WHERE ${cond}`);
      const found = await rows<{
        id: string; plan_name: string; user_id: string; email: string; deposit_amount: string; share_balance: string;
        lock_seconds: number | null; reward_usd: string; created_at: string;
      }>(db, sql`
        SELECT p.id, p.plan_name, p.user_id, u.email, ${money('p.deposit_amount')} AS deposit_amount, ${money('p.share_balance')} AS share_balance,
               floor(extract(epoch FROM p.lock_period))::bigint AS lock_seconds,
               trim_scale(round(coalesce(r.vlt, 0) * coalesce((SELECT usd_price FROM token_prices WHERE currency = 'VLT'), 0), 2))::text AS reward_usd,
               ${isoSql('p.created_at')} AS created_at
          FROM (SELECT p.id FROM savings_plans p WHERE ${cond} ORDER BY p.lock_period, p.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) page
          JOIN savings_plans p ON p.id = page.id
          JOIN users u ON u.id = p.user_id
          LEFT JOIN LATERAL (SELECT sum(amount) AS vlt FROM reward_records rr WHERE rr.plan_id = p.id AND rr.currency = 'VLT') r ON true
         ORDER BY p.lock_period, p.id`);
      const records = found.map((r) => ({
        _id: r.id,
        planId: {
          _id: r.id, planName: r.plan_name, userId: { _id: r.user_id, email: r.email }, depositAmount: r.deposit_amount,
          shareBalance: r.share_balance, lockedPeriod: r.lock_seconds === null ? null : Number(r.lock_seconds),
        },
        rewardInUSD: r.reward_usd,
        createdAt: r.created_at,
      }));
      return toPage(records, c!.n, page, pageSize);
    },
  };
}
