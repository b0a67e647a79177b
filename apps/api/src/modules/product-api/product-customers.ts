import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  PRODUCT_CUSTOMER_PLANS_LIMIT,
  PRODUCT_CUSTOMER_WALLETS_LIMIT,
  type ProductCustomer,
  type ProductCustomerCreate,
  type ProductCustomerDetail,
  type ProductCustomerUpdate,
  type ProductDevice,
  type ProductWallet,
  type ProductWalletOpen,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation } from '../../http/errors';
import { toIso } from '../../timestamps/iso';

/**
 * The customers the customer app's backend registers and reads (docs/decisions/integrations.md,
 * "Customers"). Each write is one transaction with its audit row, written as the service client.
 */

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(tx: Tx | Db, query: SQL) => (await tx.execute(query)).rows as T[];
const iso = (v: unknown) => toIso(v as Date | string | null) ?? '';
const notFound = () => new AppError('NOT_FOUND', 'Customer not found');

const CUSTOMER_COLUMNS = sql`u.id, u.full_name, u.username::text AS username, u.email::text AS email, u.phone_no,
  u.residence_country, u.ip_country, u.zone_country, u.referral_code, u.referee_id, u.deactivated,
  u.kyc_level_two_status, u.kyc_level_three_status, u.created_at, u.updated_at`;

const CUSTOMER_COLUMNS_RETURNING = `id, full_name, username::text AS username, email::text AS email, phone_no,
  residence_country, ip_country, zone_country, referral_code, referee_id, deactivated, kyc_level_two_status,
  kyc_level_three_status, created_at, updated_at`;

const toCustomer = (r: Row): ProductCustomer => ({
  customerId: r.id as string,
  fullName: r.full_name as string,
  username: r.username as string,
  email: r.email as string,
  phoneNo: (r.phone_no as string | null) ?? null,
  country: (r.residence_country as string | null) ?? null,
  ipCountry: (r.ip_country as string | null) ?? null,
  zoneCountry: (r.zone_country as string | null) ?? null,
  referralCode: r.referral_code as string,
  referredBy: (r.referee_id as string | null) ?? null,
  deactivated: r.deactivated as boolean,
  kyc: {
    levelTwo: (r.kyc_level_two_status as string | null) ?? null,
    levelThree: (r.kyc_level_three_status as string | null) ?? null,
  },
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** The stored device details, in the shape the staff profile reads (user-profile's registrationDeviceDetails). */
const deviceDetails = (device: ProductDevice, ipCountry: string | null, ip: string | null) => ({
  type: device.type,
  build: device.build ?? null,
  description: device.description ?? null,
  serial: device.serial,
  country: ipCountry,
  ...(ip ? { ip } : {}),
});

/**
 * A blacklisted device is refused (403), at registration and on an update naming it: a regulated
 * company does not onboard a device its compliance team blocked, and a refusal changes nothing.
 */
async function refuseBlacklistedDevice(tx: Tx, device: ProductDevice | undefined) {
  if (!device) return;
  const found = await rowsOf(
    tx,
    sql`SELECT 1 FROM blacklisted_devices WHERE device_id = ${device.serial} AND blacklisted LIMIT 1`,
  );
  if (found.length) throw forbidden('This device is blacklisted: the customer cannot be registered or moved to it');
}

/** An 8-character code of capitals and digits, as the existing customers' codes are. */
const newReferralCode = () =>
  Array.from({ length: 8 }, () => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[randomInt(36)]).join('');

async function customerRow(tx: Tx | Db, customerId: string, lock = false) {
  const [row] = await rowsOf(
    tx,
    lock
      ? sql`SELECT ${CUSTOMER_COLUMNS} FROM users u WHERE u.id = ${customerId} FOR UPDATE`
      : sql`SELECT ${CUSTOMER_COLUMNS} FROM users u WHERE u.id = ${customerId}`,
  );
  if (!row) throw notFound();
  return row;
}

export async function registerCustomer(db: Db, ctx: RequestContext, body: ProductCustomerCreate) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => insertCustomer(tx, ctx, body, newReferralCode()));
    } catch (e) {
      // A generated referral code that already exists (1 in 36^8 per customer): draw another.
      if (attempt < 3 && isUniqueViolation(e, 'users_referral_code_unique')) continue;
      if (isUniqueViolation(e, 'users_email_unique')) throw conflict('A customer with this email already exists');
      if (isUniqueViolation(e, 'users_username_unique')) throw conflict('A customer with this username already exists');
      throw e;
    }
  }
}

async function insertCustomer(tx: Tx, ctx: RequestContext, body: ProductCustomerCreate, referralCode: string) {
  await refuseBlacklistedDevice(tx, body.device);
  const taken = await rowsOf<{ email_taken: boolean; username_taken: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE email = ${body.email}) AS email_taken,
               EXISTS (SELECT 1 FROM users WHERE username = ${body.username}) AS username_taken`,
  );
  if (taken[0]!.email_taken) throw conflict('A customer with this email already exists');
  if (taken[0]!.username_taken) throw conflict('A customer with this username already exists');
  let referrer: { id: string } | undefined;
  if (body.referralCode) {
    [referrer] = await rowsOf<{ id: string }>(
      tx,
      sql`SELECT id FROM users WHERE referral_code = ${body.referralCode.toUpperCase()}`,
    );
    if (!referrer)
      throw badRequest('No customer has this referral code', { referralCode: ['No customer has this referral code'] });
  }
  const ipCountry = body.ipCountry ?? null;
  const [row] = await rowsOf(
    tx,
    sql`INSERT INTO users (full_name, username, email, phone_no, residence_country, ip_country, zone_country,
                           referral_code, referee_id, registration_device_details, registration_coordinates)
        VALUES (${body.fullName}, ${body.username}, ${body.email}, ${body.phoneNo ?? null}, ${body.country},
                ${ipCountry}, ${body.zoneCountry ?? null}, ${referralCode}, ${referrer?.id ?? null},
                ${JSON.stringify(deviceDetails(body.device, ipCountry, body.registrationIp ?? null))}::jsonb,
                ${body.coordinates ? JSON.stringify(body.coordinates) : null}::jsonb)
        RETURNING ${sql.raw(CUSTOMER_COLUMNS_RETURNING)}`,
  );
  const customer = toCustomer(row!);
  if (referrer) {
    // The referral as the staff screens read it: pending until the referred customer passes KYC;
    // the device serial lets the fake-referral warning see one device behind many referrals.
    await tx.execute(
      sql`INSERT INTO referrals (referrer_id, referred_user_id, device_serial_number)
          VALUES (${referrer.id}, ${customer.customerId}, ${body.device.serial})`,
    );
  }
  await writeAudit(tx, ctx, {
    action: 'customer.register',
    targetType: 'user',
    targetId: customer.customerId,
    after: {
      username: customer.username,
      email: customer.email,
      country: customer.country,
      referredBy: customer.referredBy,
      deviceSerial: body.device.serial,
    },
  });
  return customer;
}

export async function updateCustomer(db: Db, ctx: RequestContext, customerId: string, body: ProductCustomerUpdate) {
  return db.transaction(async (tx) => {
    const before = toCustomer(await customerRow(tx, customerId, true));
    await refuseBlacklistedDevice(tx, body.device);
    const sets: SQL[] = [sql`updated_at = now()`];
    if (body.fullName !== undefined) sets.push(sql`full_name = ${body.fullName}`);
    if (body.phoneNo !== undefined) sets.push(sql`phone_no = ${body.phoneNo}`);
    if (body.country !== undefined) sets.push(sql`residence_country = ${body.country}`);
    if (body.ipCountry !== undefined) sets.push(sql`ip_country = ${body.ipCountry}`);
    if (body.zoneCountry !== undefined) sets.push(sql`zone_country = ${body.zoneCountry}`);
    if (body.device)
      sets.push(
        sql`registration_device_details = ${JSON.stringify(deviceDetails(body.device, body.ipCountry ?? before.ipCountry, null))}::jsonb`,
      );
    if (body.coordinates) sets.push(sql`registration_coordinates = ${JSON.stringify(body.coordinates)}::jsonb`);
    const [row] = await rowsOf(
      tx,
      sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${customerId} RETURNING ${sql.raw(CUSTOMER_COLUMNS_RETURNING)}`,
    );
    const after = toCustomer(row!);
    await writeAudit(tx, ctx, {
      action: 'customer.update',
      targetType: 'user',
      targetId: customerId,
      before: pick(before, body),
      after: { ...pick(after, body), ...(body.device ? { deviceSerial: body.device.serial } : {}) },
    });
    return after;
  });
}

/** The changed fields only (device and coordinates are named by the audit row's after). */
function pick(c: ProductCustomer, body: ProductCustomerUpdate) {
  const out: Record<string, unknown> = {};
  for (const k of ['fullName', 'phoneNo', 'country', 'ipCountry', 'zoneCountry'] as const)
    if (body[k] !== undefined) out[k] = c[k];
  return out;
}

export async function openWallet(db: Db, ctx: RequestContext, customerId: string, body: ProductWalletOpen) {
  try {
    return await db.transaction(async (tx) => {
      // The customer's row lock: two opens at once for one customer are taken one after the other.
      await customerRow(tx, customerId, true);
      const held = await rowsOf<{ user_id: string }>(
        tx,
        sql`SELECT user_id FROM wallets WHERE lower(address) = lower(${body.address}) LIMIT 1`,
      );
      if (held[0])
        throw conflict(
          held[0].user_id === customerId
            ? 'This customer already has a wallet with this address'
            : 'This address belongs to another customer',
        );
      const mine = await rowsOf<{ network: number }>(
        tx,
        sql`SELECT network FROM wallets WHERE user_id = ${customerId} AND is_active`,
      );
      if (mine.some((w) => w.network === body.network))
        throw conflict(`This customer already has a wallet on network ${body.network}`);
      if (mine.length >= PRODUCT_CUSTOMER_WALLETS_LIMIT)
        throw conflict(`A customer holds at most ${PRODUCT_CUSTOMER_WALLETS_LIMIT} wallets`);
      const name = body.name ?? (mine.length === 0 ? 'Main Wallet' : `Wallet ${mine.length + 1}`);
      const [w] = await rowsOf(
        tx,
        sql`INSERT INTO wallets (user_id, name, address, network) VALUES (${customerId}, ${name}, ${body.address}, ${body.network})
            RETURNING id, name, address, network, is_active, created_at`,
      );
      const wallet: ProductWallet = { ...toWallet(w!), balances: [] };
      await writeAudit(tx, ctx, {
        action: 'wallet.open',
        targetType: 'wallet',
        targetId: wallet.walletId,
        after: { customerId, name, address: wallet.address, network: wallet.network },
      });
      return wallet;
    });
  } catch (e) {
    // Another customer's open of the same address committed first.
    if (isUniqueViolation(e, 'wallets_address_idx')) throw conflict('This address belongs to another customer');
    throw e;
  }
}

const toWallet = (r: Row): Omit<ProductWallet, 'balances'> => ({
  walletId: r.id as string,
  name: r.name as string,
  address: r.address as string,
  network: Number(r.network),
  isActive: r.is_active as boolean,
  createdAt: iso(r.created_at),
});

/** One customer: profile, KYC state, wallets with their ledger balances, the newest plans (bounded). */
export async function readCustomer(db: Db, customerId: string): Promise<ProductCustomerDetail> {
  const customer = toCustomer(await customerRow(db, customerId));
  const wallets = await rowsOf(
    db,
    sql`SELECT w.id, w.name, w.address, w.network, w.is_active, w.created_at,
               coalesce(json_agg(json_build_object('currency', b.currency, 'balance', b.balance::text)
                          ORDER BY b.currency) FILTER (WHERE b.currency IS NOT NULL), '[]') AS balances
          FROM wallets w LEFT JOIN wallet_balances b ON b.wallet_id = w.id
         WHERE w.user_id = ${customerId}
         GROUP BY w.id ORDER BY w.created_at, w.id LIMIT ${PRODUCT_CUSTOMER_WALLETS_LIMIT * 2}`,
  );
  const plans = await rowsOf(
    db,
    sql`SELECT id, plan_name, plan_type, currency, deposit_amount::text AS deposit_amount,
               share_balance::text AS share_balance, plan_state, save_status, locked, lock_period, created_at
          FROM savings_plans WHERE user_id = ${customerId}
         ORDER BY created_at DESC, id DESC LIMIT ${PRODUCT_CUSTOMER_PLANS_LIMIT + 1}`,
  );
  return {
    ...customer,
    wallets: wallets.map((w) => ({
      ...toWallet(w),
      balances: w.balances as { currency: string; balance: string }[],
    })),
    plans: plans.slice(0, PRODUCT_CUSTOMER_PLANS_LIMIT).map((p) => ({
      planId: p.id as string,
      planName: p.plan_name as string,
      planType: p.plan_type as string,
      currency: p.currency as string,
      depositAmount: p.deposit_amount as string,
      shareBalance: p.share_balance as string,
      planState: p.plan_state as string,
      saveStatus: p.save_status as string,
      locked: p.locked as boolean,
      lockPeriod: p.lock_period ? iso(p.lock_period) : null,
      createdAt: iso(p.created_at),
    })),
    plansTruncated: plans.length > PRODUCT_CUSTOMER_PLANS_LIMIT,
  };
}
