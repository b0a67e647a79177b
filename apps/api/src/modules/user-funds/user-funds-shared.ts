import { type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError } from '../../http/errors';

/** What the user-funds operations share: the row reader and the checks they all make. */

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

export async function rows<T>(tx: Tx | Db, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

export const isPositive = (amount: string) => /[1-9]/.test(amount);
