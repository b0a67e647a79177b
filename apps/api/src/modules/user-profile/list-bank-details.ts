import type { Db } from '@vaultdesk/db';
import { isoReq, profileExists, type Row } from './user-profile-shared';

/** A customer's bank accounts (the first 50); an unknown customer is a 404. */
export async function listBankDetails(db: Db, userId: string) {
  const { rows } = await db.$client.query(
    `SELECT id, bank_name, account_name, account_number, country, created_at FROM user_bank_accounts WHERE user_id = $1 ORDER BY created_at, id LIMIT 50`,
    [userId],
  );
  if (!rows.length) await profileExists(db, userId);
  return {
    records: rows.map((r: Row) => ({
      _id: r.id as string,
      bankName: r.bank_name as string,
      accountName: r.account_name as string,
      accountNumber: r.account_number as string,
      country: (r.country as string | null) ?? null,
      createdAt: isoReq(r.created_at),
    })),
  };
}
