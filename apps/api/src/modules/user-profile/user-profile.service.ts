import { sql } from 'drizzle-orm';
import {
  BALANCE_MISMATCH_TOLERANCE, REFERRAL_PAGE_SIZE,
  type CustomerProfile, type ProfilePlan, type ProfileSavingsTransaction, type ProfileWalletTransaction, type SearchDetails,
} from '@vaultdesk/contract';
import { named, type Db, type Tx } from '@vaultdesk/db';
import { writeAudit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict } from '../../http/errors';
import { toIso } from '../../timestamps/iso';

type Row = Record<string, unknown>;
/** Rows read through node-postgres: times come as `Date`s. */
const iso = (v: unknown) => toIso(v as Date | string | null | undefined);
const isoReq = (v: unknown) => iso(v) ?? '';
const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** The one profile query: details, role, referral count and referrer in one round trip. */
const PROFILE_SQL = `
  SELECT u.id, u.full_name, u.email::text AS email, u.username::text AS username, u.phone_no, u.created_at, u.profile_url,
         u.has_completed_profile, u.deactivated, u.enabled_two_factor, u.is_staff, u.kyc_level_two_status,
         u.kyc_level_three_status, u.trust_score, u.registration_device_details, u.registration_coordinates,
         u.last_login_at, u.last_login_location, cr.id AS role_id, cr.title AS role_title,
         (SELECT count(*)::int FROM referrals r WHERE r.referrer_id = u.id) AS referral_count,
         (SELECT ref.username::text FROM users ref WHERE ref.id = u.referee_id) AS referee_name
    FROM users u
    -- No role stored means the product's default, which follows is_staff.
    LEFT JOIN customer_roles cr ON cr.id = coalesce(u.role_id,
      (SELECT id FROM customer_roles WHERE slug = CASE WHEN u.is_staff THEN 'staff' ELSE 'user' END))
   WHERE u.id = $1`;

/**
 * The whole profile in one round trip: the profile row carries the wallets (with balances) and
 * the balance check as JSON; every part walks only this user's rows through their indexes. A
 * named (prepared) statement: parsing and planning this text cost PostgreSQL more than running it.
 */
const SEARCH_DETAILS = named(
  `SELECT p.*,
     (SELECT coalesce(json_agg(json_build_object(
               'id', w.id, 'name', w.name, 'address', w.address, 'network', w.network, 'is_active', w.is_active,
               'created_at', w.created_at,
               'balances', (SELECT json_object_agg(b.currency, trim_scale(b.balance)::text) FROM wallet_balances b WHERE b.wallet_id = w.id))
             ORDER BY w.created_at, w.id), '[]')
        FROM wallets w WHERE w.user_id = $1) AS wallets,
     -- The ledger is the truth of a balance; a wallet's transactions summed by direction
     -- must agree with it. A deposit credited twice (or any ledger row without its
     -- transaction) shows here as a difference.
     (WITH w AS (SELECT id, address FROM wallets WHERE user_id = $1),
      net AS (SELECT t.wallet_id, t.currency,
                     sum(CASE WHEN t.to_address = w.address THEN t.amount ELSE 0 END)
                   - sum(CASE WHEN t.from_address = w.address THEN t.amount ELSE 0 END) AS net
                FROM wallet_transactions t JOIN w ON w.id = t.wallet_id
               WHERE t.user_id = $1 GROUP BY 1, 2),
      bal AS (SELECT b.wallet_id, b.currency, b.balance FROM wallet_balances b JOIN w ON w.id = b.wallet_id),
      diff AS (SELECT coalesce(bal.wallet_id, net.wallet_id) AS wallet_id, coalesce(bal.currency, net.currency) AS currency,
                      coalesce(bal.balance, 0) AS balance, coalesce(net.net, 0) AS net
                 FROM bal FULL JOIN net ON net.wallet_id = bal.wallet_id AND net.currency = bal.currency)
      SELECT coalesce(json_agg(json_build_object(
               'walletId', wallet_id, 'currency', currency, 'balance', trim_scale(balance)::text,
               'transactionsNet', trim_scale(net)::text, 'difference', trim_scale(balance - net)::text)
             ORDER BY wallet_id, currency), '[]')
        FROM diff WHERE abs(balance - net) > $2) AS mismatch
   FROM (${PROFILE_SQL}) p`);

function toProfile(r: Row, withDevices: boolean): CustomerProfile {
  const profile: CustomerProfile = {
    _id: r.id as string,
    fullName: r.full_name as string,
    email: r.email as string,
    username: r.username as string,
    phoneNo: (r.phone_no as string | null) ?? null,
    createdAt: isoReq(r.created_at),
    profileUrl: (r.profile_url as string | null) ?? null,
    hasCompletedProfile: r.has_completed_profile as boolean,
    deactivated: r.deactivated as boolean,
    enabledTwoFactor: r.enabled_two_factor as boolean,
    isStaff: r.is_staff as boolean,
    role: { _id: (r.role_id as string | null) ?? null, title: (r.role_title as string | null) ?? (r.is_staff ? 'Staff' : 'User') },
    kycLevelTwoStatus: (r.kyc_level_two_status as string | null) ?? null,
    kycLevelThreeStatus: (r.kyc_level_three_status as string | null) ?? null,
    trustScore: r.trust_score as number,
    referralCount: r.referral_count as number,
    refereeName: (r.referee_name as string | null) ?? null,
  };
  if (withDevices) {
    profile.registrationDeviceDetails = (r.registration_device_details as CustomerProfile['registrationDeviceDetails']) ?? null;
    profile.registrationCoordinates = (r.registration_coordinates as CustomerProfile['registrationCoordinates']) ?? null;
  }
  return profile;
}

type LoginLocation = { deviceType?: string; locationCoordinates?: string; userDevice?: string; cfIpCountry?: string; xRealIp?: string } | null;

function toActivities(r: Row, withDevices: boolean): SearchDetails['userActivities'] {
  const loc = r.last_login_location as LoginLocation;
  return {
    lastLogin: iso(r.last_login_at),
    lastLoginLocation: loc
      ? {
          locationCoordinates: loc.locationCoordinates ?? null,
          ...(withDevices
            ? { deviceType: loc.deviceType ?? null, userDevice: loc.userDevice ?? null, cfIpCountry: loc.cfIpCountry ?? null, xRealIp: loc.xRealIp ?? null }
            : {}),
        }
      : null,
  };
}

const planOf = (r: Row): ProfilePlan => ({
  _id: r.id as string,
  planName: r.plan_name as string,
  protocolName: r.protocol_name as string,
  shareBalance: r.share_balance as string,
  lockPeriod: r.lock_period == null ? null : Math.floor((r.lock_period as Date).getTime() / 1000),
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
  depositTime: iso(r.deposit_time),
  withdrawalTime: iso(r.withdrawal_time),
  depositAmount: r.deposit_amount as string,
  depositTransactionHash: (r.deposit_transaction_hash as string[]) ?? [],
  withdrawalTransactionHash: (r.withdrawal_transaction_hash as string[]) ?? [],
  planState: r.plan_state as string,
  saveStatus: r.save_status as string,
  userId: r.user_id as string,
  planType: r.plan_type as 'fixed' | 'flexible',
  currency: r.currency as string,
  locked: r.locked as boolean,
  lockedAmount: (r.locked_amount as string | null) ?? null,
  lockedComment: (r.locked_comment as string | null) ?? null,
  lockVersion: r.lock_version as number,
});

/** YYYY/MM/DD to the UTC instants [start of start day, start of the day after end). */
function range(start: string, end: string | undefined) {
  const from = new Date(start.replace(/\//g, '-') + 'T00:00:00Z');
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
  const to = end ? new Date(end.replace(/\//g, '-') + 'T00:00:00Z') : today;
  if (from > to) throw badRequest('start must not be after end', { start: ['start must not be after end'] });
  if (to > today) throw badRequest('end must not be after today', { end: ['end must not be after today'] });
  return { from, until: new Date(to.getTime() + 86_400_000) };
}

async function userIdByUsername(db: Db, username: string) {
  const { rows } = await db.$client.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]);
  if (!rows[0]) throw notFound('User');
  return rows[0].id;
}

async function lockedProfileRow(tx: Tx, userId: string) {
  const { rows } = await tx.execute(sql`SELECT id, trust_score, enabled_two_factor, is_staff, role_id FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!rows[0]) throw notFound('User');
  return rows[0] as { id: string; trust_score: number; enabled_two_factor: boolean; is_staff: boolean; role_id: string | null };
}

export function createUserProfileService(db: Db) {
  const profileRow = async (id: string) => {
    const { rows } = await db.$client.query(PROFILE_SQL, [id]);
    if (!rows[0]) throw notFound('User');
    return rows[0] as Row;
  };

  return {
    async searchDetails(id: string, withDevices: boolean): Promise<SearchDetails> {
      const { rows } = await db.$client.query({ ...SEARCH_DETAILS, values: [id, BALANCE_MISMATCH_TOLERANCE] });
      const row = rows[0] as Row | undefined;
      if (!row) throw notFound('User');
      type WalletJson = { id: string; name: string; address: string; network: number; is_active: boolean; created_at: string; balances: Record<string, string> | null };
      const wallets = row.wallets as WalletJson[];
      const entries = row.mismatch as SearchDetails['balanceMismatch']['entries'];
      const bal = (w: WalletJson, cur: string) => w.balances?.[cur] ?? '0';
      return {
        profile: toProfile(row, withDevices),
        balances: wallets.map((w) => ({
          walletId: w.id, name: w.name, busd: bal(w, 'BUSD'), vlt: bal(w, 'VLT'), bnb: bal(w, 'BNB'), xbusd: bal(w, 'xBUSD'),
        })),
        wallets: wallets.map((w) => ({
          _id: w.id, name: w.name, network: w.network, isActive: w.is_active, createdAt: new Date(w.created_at).toISOString(),
        })),
        addresses: wallets.map((w) => ({ walletId: w.id, address: w.address })),
        userActivities: toActivities(row, withDevices),
        balanceMismatch: { flagged: entries.length > 0, tolerance: BALANCE_MISMATCH_TOLERANCE, entries },
      };
    },

    async userPlans(userId: string) {
      const { rows } = await db.$client.query(
        `SELECT id, plan_name, protocol_name, share_balance::text AS share_balance, lock_period, created_at, updated_at,
                deposit_time, withdrawal_time, deposit_amount::text AS deposit_amount, deposit_transaction_hash,
                withdrawal_transaction_hash, plan_state, save_status, user_id, plan_type, currency, locked,
                locked_amount::text AS locked_amount, locked_comment,
                (SELECT count(*)::int FROM savings_lock_entries e WHERE e.plan_id = savings_plans.id) AS lock_version
           FROM savings_plans WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 500`,
        [userId],
      );
      if (!rows.length) await profileExists(db, userId);
      return { records: rows.map(planOf), totalRecords: rows.length };
    },

    async walletTransactions(userId: string, page: number, pageSize: number) {
      return recordsPage(
        db, 'wallet_transactions',
        `id, is_active, amount::text AS amount, currency, type_of_transaction, transaction_state, description, txn_hash,
         to_address, from_address, created_at, final_amount::text AS final_amount, user_id, wallet_id`,
        userId, page, pageSize,
        (r): ProfileWalletTransaction => ({
          _id: r.id as string, isActive: r.is_active as boolean, amount: r.amount as string, currency: r.currency as string,
          typeOfTransaction: r.type_of_transaction as string, transactionState: r.transaction_state as number,
          description: (r.description as string | null) ?? null, txnHash: (r.txn_hash as string | null) ?? null,
          toAddress: (r.to_address as string | null) ?? null, fromAddress: (r.from_address as string | null) ?? null,
          createdAt: isoReq(r.created_at), finalAmount: r.final_amount as string, userId: r.user_id as string, walletId: r.wallet_id as string,
        }),
      );
    },

    async savingsTransactions(userId: string, page: number, pageSize: number) {
      return recordsPage(
        db, 'savings_transactions',
        'id, amount::text AS amount, currency, network, txn_hash, transaction_state, description, is_active, created_at, plan_id, user_id',
        userId, page, pageSize,
        (r): ProfileSavingsTransaction => ({
          _id: r.id as string, amount: r.amount as string, currency: r.currency as string, network: r.network as number,
          txnHash: (r.txn_hash as string | null) ?? null, transactionState: r.transaction_state as number,
          description: (r.description as string | null) ?? null, isActive: r.is_active as boolean, createdAt: isoReq(r.created_at),
          planId: r.plan_id as string, userId: r.user_id as string,
        }),
      );
    },

    async bankDetails(userId: string) {
      const { rows } = await db.$client.query(
        `SELECT id, bank_name, account_name, account_number, country, created_at FROM user_bank_accounts WHERE user_id = $1 ORDER BY created_at, id LIMIT 50`,
        [userId],
      );
      if (!rows.length) await profileExists(db, userId);
      return {
        records: rows.map((r: Row) => ({
          _id: r.id as string, bankName: r.bank_name as string, accountName: r.account_name as string,
          accountNumber: r.account_number as string, country: (r.country as string | null) ?? null, createdAt: isoReq(r.created_at),
        })),
      };
    },

    async userTypes(userId: string) {
      const { rows } = await db.$client.query(
        `SELECT ut.id, ut.name::text AS name, uu.created_at FROM user_usertypes uu JOIN user_types ut ON ut.id = uu.user_type_id
          WHERE uu.user_id = $1 ORDER BY ut.name`,
        [userId],
      );
      if (!rows.length) await profileExists(db, userId);
      return { records: rows.map((r: Row) => ({ _id: r.id as string, usertype: { _id: r.id as string, name: r.name as string }, createdAt: isoReq(r.created_at) })) };
    },

    async referredUsers(q: { username: string; start: string; end?: string | undefined; page: number }) {
      const { from, until } = range(q.start, q.end);
      const referrerId = await userIdByUsername(db, q.username);
      const [list, total] = await Promise.all([
        db.$client.query(
          `SELECT r.referral_state, r.created_at, r.device_serial_number, u.id, u.username::text AS username, u.email::text AS email
             FROM referrals r JOIN users u ON u.id = r.referred_user_id
            WHERE r.referrer_id = $1 AND r.created_at >= $2 AND r.created_at < $3
            ORDER BY r.created_at DESC, r.id DESC LIMIT $4 OFFSET $5`,
          [referrerId, from, until, REFERRAL_PAGE_SIZE, (q.page - 1) * REFERRAL_PAGE_SIZE],
        ),
        db.$client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM referrals WHERE referrer_id = $1 AND created_at >= $2 AND created_at < $3',
          [referrerId, from, until],
        ),
      ]);
      return {
        records: list.rows.map((r: Row) => ({
          refferalState: r.referral_state as string,
          userIdUsedRef: { _id: r.id as string, username: r.username as string, email: r.email as string, deviceSerialNumber: (r.device_serial_number as string | null) ?? null },
          createdAt: isoReq(r.created_at),
        })),
        currentPage: q.page,
        totalRecords: total.rows[0]!.n,
      };
    },

    async referralInfo(q: { username: string; start: string; end?: string | undefined }) {
      const { from, until } = range(q.start, q.end);
      const referrerId = await userIdByUsername(db, q.username);
      const { rows } = await db.$client.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE referral_state = 'pending')::int AS unverified,
                count(DISTINCT device_serial_number)::int AS devices
           FROM referrals WHERE referrer_id = $1 AND created_at >= $2 AND created_at < $3`,
        [referrerId, from, until],
      );
      const r = rows[0] as Row;
      return { totalReferrals: r.total as number, unverified: r.unverified as number, numOfUniqueDeviceIds: r.devices as number };
    },

    async updateTrustScore(body: { userId: string; trustScore: number }, ctx: RequestContext, withDevices: boolean) {
      await db.transaction(async (tx) => {
        const before = await lockedProfileRow(tx, body.userId);
        await tx.execute(sql`UPDATE users SET trust_score = ${body.trustScore}, updated_at = now() WHERE id = ${body.userId}`);
        await writeAudit(tx, ctx, {
          action: 'user.trust-score.update', targetType: 'user', targetId: body.userId,
          before: { trustScore: before.trust_score }, after: { trustScore: body.trustScore },
        });
      });
      return toProfile(await profileRow(body.userId), withDevices);
    },

    async deactivateTwoFactor(userId: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        await lockedProfileRow(tx, userId);
        // Guarded: two staff removing it at once change it once and the second gets 409.
        const { rows } = await tx.execute(sql`UPDATE users SET enabled_two_factor = false, updated_at = now() WHERE id = ${userId} AND enabled_two_factor RETURNING id`);
        if (!rows[0]) throw conflict('Two-factor authentication is already off for this user');
        await writeAudit(tx, ctx, { action: 'user.2fa.deactivate', targetType: 'user', targetId: userId, before: { enabledTwoFactor: true }, after: { enabledTwoFactor: false } });
        return { userId, enabledTwoFactor: false };
      });
    },

    async switchRecord(kind: 'wallet' | 'savings', recordId: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { rows } = kind === 'wallet'
          ? await tx.execute(sql`UPDATE wallet_transactions SET is_active = NOT is_active WHERE id = ${recordId} RETURNING id, is_active, user_id`)
          : await tx.execute(sql`UPDATE savings_transactions SET is_active = NOT is_active WHERE id = ${recordId} RETURNING id, is_active, user_id`);
        const row = rows[0] as { id: string; is_active: boolean; user_id: string } | undefined;
        if (!row) throw notFound('Record');
        await writeAudit(tx, ctx, {
          action: `${kind}-transaction.visibility.switch`, targetType: `${kind}_transaction`, targetId: recordId,
          before: { isActive: !row.is_active, userId: row.user_id }, after: { isActive: row.is_active, userId: row.user_id },
        });
        return { _id: row.id, isActive: row.is_active };
      });
    },

    async changeRole(body: { roleId: string; userId: string }, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { rows: roles } = await tx.execute(sql`SELECT id, title, slug, is_active FROM customer_roles WHERE id = ${body.roleId}`);
        const role = roles[0] as { id: string; title: string; slug: string; is_active: boolean } | undefined;
        if (!role || !role.is_active) throw badRequest('Choose an active customer role', { roleId: ['No active customer role with this id'] });
        const before = await lockedProfileRow(tx, body.userId);
        const { rows: current } = await tx.execute(sql`
          SELECT id, title FROM customer_roles WHERE id = coalesce(${before.role_id}::uuid,
            (SELECT id FROM customer_roles WHERE slug = CASE WHEN ${before.is_staff} THEN 'staff' ELSE 'user' END))`);
        const was = current[0] as { id: string; title: string } | undefined;
        if (was?.id === role.id) throw conflict(`The user already has the role ${role.title}`);
        // is_staff mirrors the Staff role, so lists and the product that read the flag agree.
        const isStaff = role.slug === 'staff';
        await tx.execute(sql`UPDATE users SET role_id = ${role.id}, is_staff = ${isStaff}, updated_at = now() WHERE id = ${body.userId}`);
        await writeAudit(tx, ctx, {
          action: 'user.role.change', targetType: 'user', targetId: body.userId,
          before: { roleId: was?.id ?? null, role: was?.title ?? null, isStaff: before.is_staff },
          after: { roleId: role.id, role: role.title, isStaff },
        });
        return { userId: body.userId, role: { _id: role.id, title: role.title }, isStaff };
      });
    },
  };
}

/** Called only when a list of the customer's came back empty: an unknown customer is a 404, not an empty list. */
async function profileExists(db: Db, userId: string) {
  const { rows } = await db.$client.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (!rows[0]) throw notFound('User');
}

/**
 * One page of a customer's records in a per-customer table (newest first) with their count:
 * bounded by one customer's rows, so OFFSET and count are fine here. An empty page of an unknown
 * customer is a 404.
 */
async function recordsPage<T>(
  db: Db, table: 'wallet_transactions' | 'savings_transactions', columns: string,
  userId: string, page: number, pageSize: number, map: (r: Row) => T,
) {
  const [list, total] = await Promise.all([
    db.$client.query(`SELECT ${columns} FROM ${table} WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [userId, pageSize, (page - 1) * pageSize]),
    db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId]),
  ]);
  const totalRecords = total.rows[0]!.n;
  if (!totalRecords) await profileExists(db, userId);
  return { records: list.rows.map(map), currentPage: page, totalRecords, pageSize };
}
