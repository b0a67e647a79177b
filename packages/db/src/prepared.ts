import { hash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A named (prepared) statement per text: for the hot read paths, planning a statement costs more
 * than running it, so each pooled connection plans each text once and then reuses the plan. Only
 * for texts from a small fixed set, with every value passed as a parameter (never spliced in): the
 * name of each text is worked out once and kept.
 */
const statements = new Map<string, Readonly<{ name: string; text: string }>>();
export const named = (text: string) => {
  let statement = statements.get(text);
  if (!statement) {
    statement = Object.freeze({ name: `q-${hash('sha1', text, 'hex').slice(0, 16)}`, text });
    statements.set(text, statement);
  }
  return statement;
};

const dialect = new PgDialect();

/**
 * Runs a drizzle `sql` query as a named statement (see `named`) and returns its rows. Rows come
 * through node-postgres's own type parsers: select dates and timestamps as text.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await db.$client.query({ ...named(text), values: params as unknown[] })).rows as T[];
}

/**
 * Runs a named statement on the pool whose sessions force the cached generic plan
 * (`Db.$generic`). For a statement whose plan does not depend on its values (an anchored list
 * page: every value picks index ranges of a fixed shape) but which PostgreSQL would still re-plan
 * every call, because its generic plan's estimate looks dearer than a custom one: planning that
 * statement costs more than running it.
 */
export async function genericRows<T extends object>(
  db: Db,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<T[]> {
  return (await db.$generic.query<T>({ ...statement, values })).rows;
}
