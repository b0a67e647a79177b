import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { LEVEL_COLUMNS, rows, toLevel, type LevelRow } from './kyc-shared';

/** A new KYC level; its number is unique (a second one is a 409), audited. */
export async function createKycLevel(
  db: Db,
  ctx: RequestContext,
  body: { levelName: string; levelNumber: number; dailyWithdrawal: string; monthlyWithdrawal: string },
) {
  return db.transaction(async (tx) => {
    const [created] = await rows<LevelRow>(
      tx,
      sql`
      INSERT INTO kyc_levels (level_name, level_number, daily_withdrawal, monthly_withdrawal)
      VALUES (${body.levelName}, ${body.levelNumber}, ${body.dailyWithdrawal}::numeric, ${body.monthlyWithdrawal}::numeric)
      ON CONFLICT (level_number) DO NOTHING
      RETURNING ${LEVEL_COLUMNS}`,
    );
    if (!created) throw conflict(`A KYC level with number ${body.levelNumber} already exists: update it instead`);
    const level = toLevel(created);
    await writeAudit(tx, ctx, {
      action: 'kyc-level.create',
      targetType: 'kyc_level',
      targetId: level._id,
      after: level,
    });
    return level;
  });
}
