import { sql } from 'drizzle-orm';
import type { MaturingPlans } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { bound, raw } from '../../queries/sql-filter';
import { maturingFilter } from './compliance-filters';
import { isoSql } from '../../timestamps/iso';
import { pageOffset, pagePayload } from '../../lists/page';
import { money, rows } from './compliance-rows';

/** The plans about to mature, shortest lock first, with the VLT rewards they earned in USD. */
export async function maturingPlans(db: Db, page: number, pageSize: number): Promise<MaturingPlans> {
  const cond = bound(maturingFilter(raw('now()')));
  const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM savings_plans p WHERE ${cond}`);
  const found = await rows<{
    id: string;
    plan_name: string;
    user_id: string;
    email: string;
    deposit_amount: string;
    share_balance: string;
    lock_seconds: number | null;
    reward_usd: string;
    created_at: string;
  }>(
    db,
    sql`
    SELECT p.id, p.plan_name, p.user_id, u.email, ${money('p.deposit_amount')} AS deposit_amount, ${money('p.share_balance')} AS share_balance,
           floor(extract(epoch FROM p.lock_period))::bigint AS lock_seconds,
           trim_scale(round(coalesce(r.vlt, 0) * coalesce((SELECT usd_price FROM token_prices WHERE currency = 'VLT'), 0), 2))::text AS reward_usd,
           ${isoSql('p.created_at')} AS created_at
      FROM (SELECT p.id FROM savings_plans p WHERE ${cond} ORDER BY p.lock_period, p.id LIMIT ${pageSize} OFFSET ${pageOffset({ page, pageSize })}) page
      JOIN savings_plans p ON p.id = page.id
      JOIN users u ON u.id = p.user_id
      LEFT JOIN LATERAL (SELECT sum(amount) AS vlt FROM reward_records rr WHERE rr.plan_id = p.id AND rr.currency = 'VLT') r ON true
     ORDER BY p.lock_period, p.id`,
  );
  const records = found.map((r) => ({
    _id: r.id,
    planId: {
      _id: r.id,
      planName: r.plan_name,
      userId: { _id: r.user_id, email: r.email },
      depositAmount: r.deposit_amount,
      shareBalance: r.share_balance,
      lockedPeriod: r.lock_seconds === null ? null : Number(r.lock_seconds),
    },
    rewardInUSD: r.reward_usd,
    createdAt: r.created_at,
  }));
  return pagePayload({ page, pageSize }, records, c!.n);
}
