import { sql } from 'drizzle-orm';
import { processListMachine, stateInfo, type QueueKind } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import { claimTransaction, type ClaimChain } from '../../chain/transaction-claims';
import type { RequestContext } from '../../http/context';
import { conflict, isUniqueViolation } from '../../http/errors';
import { processListById } from '../../queue-records/queue-records';
import { hashAlreadySaved, hashSaved, listNotFound, sentForAnother, sentForOther } from './batch-checks';

/**
 * Records the hash the wallet returned for a list's batch, at once (before the wait before
 * reading shares and the save), so every browser and every member of staff sees that the
 * batch went out and none sends it again. Not checked on chain here (the transaction may not
 * be mined yet): the save checks it. The same hash again is a no-op (200, no audit row); a
 * different hash while one is recorded, a list already saved, or a hash that is another
 * list's or a saved batch's is a 409. The transaction is claimed for the list (its save takes the
 * claim over): one backing any other money event is a 409 naming it.
 */
export async function recordSent(db: Db, chain: ClaimChain, processListId: string, hash: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    const {
      rows: [list],
    } = await tx.execute<{ type: QueueKind; status: number; sent_hash: string | null; items: number }>(sql`
      SELECT pl.type, pl.status, pl.sent_hash, (SELECT count(*)::int FROM queue_items qi WHERE qi.process_list_id = pl.id) AS items
        FROM process_lists pl WHERE pl.id = ${processListId} FOR UPDATE`);
    if (!list) throw listNotFound();
    if (list.sent_hash === hash) return { list: (await processListById(tx, processListId))!, recorded: false };
    if (list.sent_hash) {
      throw conflict(
        `The process list's batch was sent already with ${list.sent_hash}: save that transaction; a second one is not recorded for the same list`,
      );
    }
    if (Number(list.status) !== 0) {
      throw conflict(
        `Process list is ${stateInfo(processListMachine, Number(list.status) as 0).label}: its batch is saved already`,
      );
    }
    if (!list.items) throw conflict('The process list has no items');
    if (await hashSaved(tx, hash)) throw hashAlreadySaved();
    const other = await sentForOther(tx, hash, processListId);
    if (other) throw sentForAnother(other);
    await tx
      .execute(
        sql`
      UPDATE process_lists SET sent_hash = ${hash}, sent_at = now(), sent_by = ${ctx.actor?.id ?? null}, updated_at = now()
       WHERE id = ${processListId} AND sent_hash IS NULL AND status = 0`,
      )
      // The same hash recorded for another list meanwhile: the unique index decides.
      .catch((e: unknown) => {
        throw isUniqueViolation(e, 'process_lists_sent_hash_uq')
          ? conflict('This transaction was recorded for another process list meanwhile')
          : e;
      });
    await claimTransaction(tx, chain, {
      hash,
      kind: `sent.${list.type}`,
      recordId: processListId,
      staffId: ctx.actor?.id ?? null,
    });
    await writeAudit(tx, ctx, {
      action: `batch.${list.type}.sent`,
      targetType: 'process_list',
      targetId: processListId,
      before: { status: 0, sentHash: null },
      after: { status: 0, sentHash: hash, items: list.items },
    });
    return { list: (await processListById(tx, processListId))!, recorded: true };
  });
}
