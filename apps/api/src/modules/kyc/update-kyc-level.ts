import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { LEVEL_COLUMNS, notFound, rows, toLevel, type LevelRow } from './kyc-shared';

/** A KYC level's name and limits changed under the row's lock, audited with before and after. */
export async function updateKycLevel(
  db: Db,
  ctx: RequestContext,
  id: string,
  body: { levelName: string; dailyWithdrawal: string; monthlyWithdrawal: string },
) {
  return db.transaction(async (tx) => {
    const [before] = await rows<LevelRow>(tx, sql`SELECT ${LEVEL_COLUMNS} FROM kyc_levels WHERE id = ${id} FOR UPDATE`);
    if (!before) throw notFound('KYC level not found');
    const [after] = await rows<LevelRow>(
      tx,
      sql`
      UPDATE kyc_levels SET level_name = ${body.levelName}, daily_withdrawal = ${body.dailyWithdrawal}::numeric,
             monthly_withdrawal = ${body.monthlyWithdrawal}::numeric, updated_at = now()
       WHERE id = ${id} RETURNING ${LEVEL_COLUMNS}`,
    );
    const level = toLevel(after!);
    await writeAudit(tx, ctx, {
      action: 'kyc-level.update',
      targetType: 'kyc_level',
      targetId: id,
      before: toLevel(before),
      after: level,
    });
    return level;
  });
}
