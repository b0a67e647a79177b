import { sql, type SQL } from 'drizzle-orm';
import { KYC_LEVEL_TWO, type KycLevel } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError } from '../../http/errors';
import { isoSql as ISO } from '../../timestamps/iso';

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

export async function rows<T>(q: Tx | Db, query: SQL): Promise<T[]> {
  return (await q.execute(query)).rows as T[];
}

/** When a hold ends, as the 409 names it (seconds, labelled UTC: the message is read by people). */
const HOLD_END = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"')`);
const money = (col: string) => sql.raw(`trim_scale(${col})::text`);

export type LevelRow = {
  id: string;
  level_name: string;
  level_number: number;
  daily_withdrawal: string;
  monthly_withdrawal: string;
  created_at: string;
  updated_at: string;
};
export const LEVEL_COLUMNS = sql`id, level_name, level_number, ${money('daily_withdrawal')} AS daily_withdrawal, ${money('monthly_withdrawal')} AS monthly_withdrawal,
  ${ISO('created_at')} AS created_at, ${ISO('updated_at')} AS updated_at`;
export const toLevel = (r: LevelRow): KycLevel => ({
  _id: r.id,
  levelName: r.level_name,
  levelNumber: Number(r.level_number),
  dailyWithdrawal: r.daily_withdrawal,
  monthlyWithdrawal: r.monthly_withdrawal,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

type Hold = {
  user_id: string;
  claimed_by: string | null;
  held: boolean;
  until: string | null;
  claimed_until: string | null;
  holder: string | null;
};
/**
 * Locks a case and reads its hold (who, until when, whether it still lasts), in one statement.
 * The holder's e-mail is a scalar subquery, not a join: joined to `staff`, a hold committed while
 * this waited for the lock came back with the holder's columns as they were before it (the re-check
 * after the wait re-reads the locked row only and keeps the joined one), while the subquery is
 * evaluated again for the row as it is now.
 */
export async function lockHold(tx: Tx, id: string): Promise<Hold> {
  const [row] = await rows<Hold>(
    tx,
    sql`
    SELECT k.user_id, k.claimed_by, coalesce(k.claimed_until > clock_timestamp(), false) AS held,
           ${HOLD_END('k.claimed_until')} AS until, ${ISO('k.claimed_until')} AS claimed_until,
           (SELECT s.email FROM staff s WHERE s.id = k.claimed_by) AS holder
      FROM kyc_records k WHERE k.id = ${id} FOR UPDATE`,
  );
  if (!row) throw notFound(`${KYC_LEVEL_TWO.name} not found`);
  return row;
}
