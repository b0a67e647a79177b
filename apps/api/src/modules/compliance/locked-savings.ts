import { sql } from 'drizzle-orm';
import type { LockedSavings } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { isoSql } from '../../timestamps/iso';
import { pageOffset, pagePayload } from '../../lists/page';
import { money, rows } from './compliance-rows';

/** The Locked Savings list of one plan type, with each plan's lock version. */
export async function lockedSavings(
  db: Db,
  planType: 'fixed' | 'flexible',
  page: number,
  pageSize: number,
): Promise<LockedSavings> {
  // Plans ever locked: still locked (Locked) or unlocked since (Unlocked), latest change first.
  const cond = sql`p.plan_type = ${planType} AND (p.locked OR p.unlocked_at IS NOT NULL)`;
  const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM savings_plans p WHERE ${cond}`);
  const found = await rows<{
    id: string;
    user_id: string;
    full_name: string;
    username: string;
    email: string;
    plan_name: string;
    deposit_amount: string;
    deposit_time: string | null;
    protocol_name: string;
    plan_state: string;
    share_balance: string;
    withdrawal_amount: string | null;
    withdrawal_time: string | null;
    locked: boolean;
    locked_at: string | null;
    locked_comment: string | null;
    locked_admin: string | null;
    unlocked_at: string | null;
    unlocked_admin: string | null;
    locked_amount: string | null;
    created_at: string;
    lock_version: number;
  }>(
    db,
    sql`
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
     LIMIT ${pageSize} OFFSET ${pageOffset({ page, pageSize })}`,
  );
  const records = found.map((r) => ({
    _id: r.id,
    userId: { _id: r.user_id, fullName: r.full_name, username: r.username },
    email: r.email,
    planName: r.plan_name,
    depositAmount: r.deposit_amount,
    depositTime: r.deposit_time,
    protocolName: r.protocol_name,
    planState: r.plan_state,
    shareBalance: r.share_balance,
    withdrawalAmount: r.withdrawal_amount,
    withdrawStatus:
      r.plan_state === 'withdrawn' ? 'withdrawn' : r.withdrawal_time ? 'partly withdrawn' : 'not withdrawn',
    withdrawalTime: r.withdrawal_time,
    locked: r.locked,
    lockedDate: r.locked_at,
    lockedComment: r.locked_comment,
    lockedAdmin: { email: r.locked_admin },
    unLockedDate: r.unlocked_at,
    unLockedAdmin: { email: r.unlocked_admin },
    lockedAmount: r.locked_amount,
    createdAt: r.created_at,
    lockVersion: r.lock_version,
  }));
  return pagePayload({ page, pageSize }, records, c!.n, { totalPage: 'totalPages' });
}
