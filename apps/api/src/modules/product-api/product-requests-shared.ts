import { sql } from 'drizzle-orm';
import type { Tx } from '@vaultdesk/db';
import { AppError, conflict } from '../../http/errors';

type CustomerRow = { id: string; email: string; deactivated: boolean; blacklisted: boolean };

/**
 * The customer a product request names, read (and share-locked, so a deactivation waits for the
 * request) in the request's transaction: 404 when there is none. `refuse` lists what makes the
 * request a 409: a deactivated account, a registration device on the blacklist.
 */
export async function customerFor(
  tx: Tx,
  customerId: string,
  refuse: { deactivated?: boolean; blacklisted?: boolean } = { deactivated: true },
) {
  const {
    rows: [row],
  } = await tx.execute<CustomerRow>(sql`
    SELECT u.id, u.email::text AS email, u.deactivated,
           EXISTS (SELECT 1 FROM blacklisted_devices b
                    WHERE b.blacklisted AND b.device_id = u.registration_device_details ->> 'serial') AS blacklisted
      FROM users u WHERE u.id = ${customerId} FOR SHARE OF u`);
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found');
  if (refuse.deactivated && row.deactivated) throw conflict('This customer account is deactivated');
  if (refuse.blacklisted && row.blacklisted)
    throw conflict('This customer registered on a blacklisted device: money requests are refused');
  return row;
}

/** The wallet a request pays from: the given one (the customer's, active) or the oldest active one. */
export async function walletFor(tx: Tx, customerId: string, walletId: string | undefined) {
  const {
    rows: [wallet],
  } = await tx.execute<{ id: string; address: string }>(sql`
    SELECT id, address FROM wallets
     WHERE user_id = ${customerId} AND is_active ${walletId ? sql`AND id = ${walletId}` : sql``}
     ORDER BY created_at, id LIMIT 1`);
  if (!wallet) {
    if (walletId) throw new AppError('NOT_FOUND', 'Wallet not found for this customer');
    throw conflict('The customer has no active wallet');
  }
  return wallet;
}

/**
 * Takes the wallet's row lock and checks it covers `amount`: a 409 naming what is
 * available otherwise. Two requests on one balance wait for each other here, so the second
 * reads what the first left (the ledger's trigger refuses a negative balance all the same).
 */
export async function ensureAvailable(tx: Tx, walletId: string, currency: string, amount: string) {
  await tx.execute(sql`SELECT id FROM wallets WHERE id = ${walletId} FOR UPDATE`);
  // Read after the lock, in a statement of its own: it sees what the transaction before committed.
  const {
    rows: [row],
  } = await tx.execute<{ available: string; enough: boolean }>(sql`
    SELECT trim_scale(coalesce(max(balance), 0))::text AS available, coalesce(max(balance), 0) >= ${amount}::numeric AS enough
      FROM wallet_balances WHERE wallet_id = ${walletId} AND currency = ${currency}`);
  if (!row!.enough)
    throw new AppError('CONFLICT', `Insufficient balance: ${row!.available} ${currency} available`, {
      available: [row!.available],
    });
  return row!.available;
}

/** An amount as the database prints it (no trailing zeros). */
export const trimAmount = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
