import type pg from 'pg';

type Saved = { name: string; table: string; constraint: string | null; definition: string };

/**
 * Runs `write` (an area's bulk INSERT ... SELECT) with the indexes of `tables` dropped, then
 * builds them again from PostgreSQL's own definitions (same names, same columns, same options),
 * in the caller's transaction: one sort per index instead of an index entry per row, which for
 * random keys (md5 uuids, user ids) outgrows shared_buffers at a million users. The rows are the
 * same: indexes decide no row of an INSERT ... SELECT whose order is fixed by its statement.
 *
 * Kept: indexes that a foreign key depends on (a referenced primary key) and those named in
 * `keep` (an ON CONFLICT arbiter). Primary keys and unique constraints come back as constraints
 * (ALTER TABLE ... ADD CONSTRAINT, which checks them again over the rows). If PostgreSQL refuses
 * the drop (a role that does not own the table), nothing is dropped and `write` runs as before.
 * Only for statements that read none of these tables' indexes while they run.
 */
export async function withIndexesAfter<T>(
  client: pg.PoolClient,
  tables: readonly string[],
  write: () => Promise<T>,
  keep: readonly string[] = [],
): Promise<T> {
  const { rows: saved } = await client.query<Saved>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, i.indrelid::regclass::text AS table,
            quote_ident(k.conname) AS constraint,
            CASE WHEN k.oid IS NOT NULL THEN pg_get_constraintdef(k.oid) ELSE pg_get_indexdef(i.indexrelid) END AS definition
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u')
      WHERE i.indrelid = ANY (SELECT to_regclass(t) FROM unnest($1::text[]) AS t)
        AND NOT (c.relname = ANY ($2::text[]))
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.conindid = i.indexrelid AND f.contype NOT IN ('p', 'u'))
        AND NOT EXISTS (SELECT 1 FROM pg_constraint x WHERE x.conindid = i.indexrelid AND x.contype IN ('p', 'u') AND x.conrelid <> i.indrelid)
        AND (k.oid IS NOT NULL OR NOT EXISTS (SELECT 1 FROM pg_constraint o WHERE o.conindid = i.indexrelid))
      ORDER BY i.indrelid::regclass::text, c.relname`,
    [tables, keep],
  );
  let dropped: Saved[] = [];
  if (saved.length) {
    await client.query('SAVEPOINT demo_indexes_after');
    try {
      for (const s of saved)
        await client.query(
          s.constraint ? `ALTER TABLE ${s.table} DROP CONSTRAINT ${s.constraint}` : `DROP INDEX ${s.name}`,
        );
      await client.query('RELEASE SAVEPOINT demo_indexes_after');
      dropped = saved;
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT demo_indexes_after');
      await client.query('RELEASE SAVEPOINT demo_indexes_after');
    }
  }
  const result = await write();
  for (const s of dropped)
    await client.query(
      s.constraint ? `ALTER TABLE ${s.table} ADD CONSTRAINT ${s.constraint} ${s.definition}` : s.definition,
    );
  return result;
}
