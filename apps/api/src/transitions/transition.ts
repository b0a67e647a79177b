import { sql, type SQL } from 'drizzle-orm';
import { sourcesFor, stateInfo, transitionExists, type StateKey, type StateMachine } from '@vaultdesk/contract';
import type { Tx } from '@vaultdesk/db';
import { AppError, conflict, forbidden } from '../http/errors';

export type TransitionOptions<S extends StateKey> = {
  machine: StateMachine<S>;
  table: string;
  id: string;
  to: S;
  /** The caller's permissions (`req.auth.permissions`). */
  permissions: readonly string[];
  idColumn?: string;
  statusColumn?: string;
  /** Further assignments made with the move, e.g. sql`processed_by = ${staffId}`. */
  set?: SQL;
  /**
   * The state the caller's screen showed. A move still allowed from the state the record is in
   * now, but made from a screen that showed another, is a 409 (the caller decides what they saw,
   * or not at all); a move no longer allowed keeps the machine's own message.
   */
  expectedFrom?: S;
};

export type TransitionResult<S extends StateKey> = { row: Record<string, unknown>; from: S };

/**
 * Moves one record along its state machine inside the caller's transaction: the row is locked,
 * the move is checked against the one transition table, and the update itself is guarded by the
 * allowed source states, so two staff acting at once get one success and one 409.
 * Write the audit row (and any ledger rows) after it, in the same transaction.
 */
export async function transition<S extends StateKey>(tx: Tx, o: TransitionOptions<S>): Promise<TransitionResult<S>> {
  const table = sql.identifier(o.table);
  const idCol = sql.identifier(o.idColumn ?? 'id');
  const statusCol = sql.identifier(o.statusColumn ?? 'status');
  const numeric = typeof o.to === 'number';

  const { rows: current } = await tx.execute<{ status: S }>(
    sql`SELECT ${statusCol} AS status FROM ${table} WHERE ${idCol} = ${o.id} FOR UPDATE`,
  );
  if (!current[0]) throw new AppError('NOT_FOUND', `${o.machine.name} not found`);
  const from = (numeric ? Number(current[0].status) : current[0].status) as S;

  const sources = sourcesFor(o.machine, o.to, o.permissions);
  if (!sources.includes(from)) {
    const move = `${o.machine.name} is ${stateInfo(o.machine, from).label}: it cannot become ${stateInfo(o.machine, o.to).label}`;
    if (transitionExists(o.machine, from, o.to)) throw forbidden(`${move} by your role`);
    throw conflict(move);
  }
  if (o.expectedFrom !== undefined && from !== o.expectedFrom) {
    const label = (state: S) => stateInfo(o.machine, state).label;
    throw conflict(
      `This ${o.machine.name} is ${label(from)} now: it was ${label(o.expectedFrom)} on your screen. Reload it before deciding.`,
    );
  }

  const allowed = numeric
    ? sql`ARRAY[${sql.join(
        sources.map((s) => sql`${s}`),
        sql`, `,
      )}]::int[]`
    : sql`ARRAY[${sql.join(
        sources.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]`;
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    UPDATE ${table} SET ${statusCol} = ${o.to}${o.set ? sql`, ${o.set}` : sql``}
     WHERE ${idCol} = ${o.id} AND ${statusCol}${numeric ? sql`` : sql`::text`} = ANY(${allowed})
     RETURNING *`);
  // The row is locked above, so this can only miss if the caller changed it in between.
  if (!rows[0]) throw conflict(`${o.machine.name} changed while it was being updated`);
  return { row: rows[0], from };
}
