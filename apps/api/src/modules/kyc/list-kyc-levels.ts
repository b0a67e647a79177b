import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { offsetPage, sqlPageRead } from '../../lists/page';
import { LEVEL_COLUMNS, toLevel, type LevelRow } from './kyc-shared';

/** The KYC levels, by number, one page. */
export function listKycLevels(db: Db, page: number, pageSize: number) {
  const select = sql`SELECT ${LEVEL_COLUMNS} FROM kyc_levels ORDER BY level_number, created_at`;
  const read = sqlPageRead(db, select, sql`kyc_levels`, (r: LevelRow) => toLevel(r));
  return offsetPage({ page, pageSize }, read, { records: 'levelList', totalPage: false });
}
