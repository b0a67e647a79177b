import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError } from '../../http/errors';

/** What the compliance lists and actions share: the row reader, the money column, the not-found answer. */

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

export async function rows<T>(q: Tx | Db, query: SQL): Promise<T[]> {
  return (await q.execute(query)).rows as T[];
}
export const money = (col: string) => sql.raw(`trim_scale(${col})::text`);
