import { sql } from 'drizzle-orm';
import { PLAN_ID_AND_TYPE, processListMachine, stateInfo, type QueueKind } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError, badRequest, conflict } from '../../http/errors';

/** What the batch operations share: the saved batch's shape, the refusals, the checks against the list and the hashes. */

export type SaveBatch = {
  transactionHash: string;
  action: QueueKind;
  planIdAndType: string[];
  pricePerFullShare: string;
  initShares: string;
  finalShares: string;
  protocolName: string;
  network: number;
  amount: string;
  gasUsed: string;
  block: string;
  processListId: string;
};

export const hashAlreadySaved = () => conflict('This transaction hash is saved already');
export const changedMeanwhile = () =>
  conflict('The process list changed while the batch was being saved: reload it, its items differ from the batch');
export const listNotFound = () => new AppError('NOT_FOUND', 'Process list not found');

type ListItem = { id: string; plan_id: string; plan_type: string; amount: string };

/**
 * The list's items and their total, checked against what the browser says it sent. `locked`: the
 * re-check under the list's lock, after the same check passed before it; a difference there is a
 * change made meanwhile (an item taken out, its status changed): a 409, not a bad request.
 */
export async function checkAgainstList(q: Db | Tx, b: SaveBatch, locked = false) {
  const {
    rows: [list],
  } = await q.execute<{ type: QueueKind; status: number; sent_hash: string | null }>(
    sql`SELECT type, status, sent_hash FROM process_lists WHERE id = ${b.processListId}`,
  );
  if (!list) throw listNotFound();
  if (list.type !== b.action) throw conflict(`The process list is a ${list.type} list, not ${b.action}`);
  if (Number(list.status) !== 0) {
    throw conflict(
      `Process list is ${stateInfo(processListMachine, Number(list.status) as 0).label}: its batch is saved already`,
    );
  }
  // The list's batch went out with a recorded hash: that transaction is the list's, no other.
  if (list.sent_hash && list.sent_hash !== b.transactionHash) {
    throw conflict(
      `The process list's batch was sent with ${list.sent_hash}: only that transaction can be saved for it`,
    );
  }
  const { rows: items } = await q.execute<ListItem>(sql`
    SELECT qi.id, qi.plan_id, p.plan_type, trim_scale(qi.amount)::text AS amount
      FROM queue_items qi JOIN savings_plans p ON p.id = qi.plan_id
     WHERE qi.process_list_id = ${b.processListId} AND qi.status = 'processing'`);
  if (!items.length) throw locked ? changedMeanwhile() : conflict('The process list has no items');
  const expected = new Set(items.map((i) => `${i.plan_id} ${i.plan_type === 'flexible' ? 0 : 1} ${i.id}`));
  const given = new Set(
    b.planIdAndType.map((e) => {
      const m = PLAN_ID_AND_TYPE.exec(e)!;
      return `${m[1]!.toLowerCase()} ${m[2]} ${m[3]!.toLowerCase()}`;
    }),
  );
  const missing = [...expected].filter((e) => !given.has(e));
  const extra = [...given].filter((e) => !expected.has(e));
  if (locked && (missing.length || extra.length)) throw changedMeanwhile();
  if (missing.length || extra.length || given.size !== b.planIdAndType.length) {
    throw badRequest(
      `planIdAndType: differs from the process list (${missing.length} missing, ${extra.length} not in it)`,
      { planIdAndType: ['Differs from the process list'] },
    );
  }
  const {
    rows: [sum],
  } = await q.execute<{ total: string; equal: boolean }>(sql`
    SELECT trim_scale(sum(amount))::text AS total, sum(amount) = ${b.amount}::numeric AS equal
      FROM queue_items WHERE process_list_id = ${b.processListId} AND status = 'processing'`);
  if (!sum!.equal && locked) throw changedMeanwhile();
  if (!sum!.equal)
    throw badRequest(`amount: the process list holds ${sum!.total}, not ${b.amount}`, {
      amount: [`The process list holds ${sum!.total}`],
    });
  return items;
}

export const hashSaved = async (q: Db | Tx, hash: string) =>
  (await q.execute(sql`SELECT 1 FROM batches WHERE lower(transaction_hash) = ${hash}`)).rows.length > 0;
/** The process list another batch was sent for with this hash (one transaction is one list's). */
export const sentForOther = async (q: Db | Tx, hash: string, processListId: string) =>
  (
    await q.execute<{ id: string }>(
      sql`SELECT id FROM process_lists WHERE lower(sent_hash) = ${hash} AND id <> ${processListId}`,
    )
  ).rows[0]?.id;
export const sentForAnother = (id: string) =>
  conflict(`This transaction was recorded as the batch sent for process list ${id}`);
