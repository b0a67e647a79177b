import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { LEVEL_COLUMNS, rows, toLevel, type LevelRow } from './kyc-shared';

/** The KYC levels, by number, one page. */
export async function listKycLevels(db: Db, page: number, pageSize: number) {
  const list = await rows<LevelRow>(
    db,
    sql`SELECT ${LEVEL_COLUMNS} FROM kyc_levels ORDER BY level_number, created_at LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM kyc_levels`);
  return { levelList: list.map(toLevel), totalRecords: total!.n, currentPage: page, pageSize };
}
