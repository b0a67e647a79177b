import { sql } from 'drizzle-orm';
import type { QueueKind } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { OutcomeReader } from '../../chain/batch-chain';
import { releaseClaim } from '../../chain/transaction-claims';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { processListById } from '../../queue-records/queue-records';
import { listNotFound } from './batch-checks';

/**
 * Releases a recorded sent hash whose transaction reverted on chain: a reverted vault call
 * moved nothing, so the list may be sent again. Only the chain's word releases it: a
 * transaction that succeeded, or is not mined, is a 409 and the hash stays.
 */
export async function releaseSent(db: Db, outcome: OutcomeReader | null, processListId: string, ctx: RequestContext) {
  const {
    rows: [list],
  } = await db.execute<{ sent_hash: string | null; status: number }>(
    sql`SELECT sent_hash, status FROM process_lists WHERE id = ${processListId}`,
  );
  if (!list) throw listNotFound();
  if (!list.sent_hash || Number(list.status) !== 0)
    throw conflict('The process list has no sent batch waiting to be saved');
  if (!outcome) throw conflict('No chain is configured: transactions cannot be checked');
  const result = await outcome(list.sent_hash as `0x${string}`);
  if (result === 'success')
    throw conflict(`The sent transaction ${list.sent_hash} succeeded on chain: save it, it cannot be released`);
  if (result === 'not-mined')
    throw conflict(
      `The sent transaction ${list.sent_hash} is not mined yet: it may still go through, so it cannot be released`,
    );
  return db.transaction(async (tx) => {
    const {
      rows: [released],
    } = await tx.execute<{ type: QueueKind }>(sql`
      UPDATE process_lists SET sent_hash = NULL, sent_at = NULL, sent_by = NULL, updated_at = now()
       WHERE id = ${processListId} AND status = 0 AND sent_hash = ${list.sent_hash} RETURNING type`);
    if (!released) throw conflict('The process list changed meanwhile: reload it');
    // A reverted call moved nothing: its transaction backs nothing any more.
    await releaseClaim(tx, { kind: `sent.${released.type}`, recordId: processListId });
    await writeAudit(tx, ctx, {
      action: `batch.${released.type}.sent-released`,
      targetType: 'process_list',
      targetId: processListId,
      before: { status: 0, sentHash: list.sent_hash },
      after: { status: 0, sentHash: null, reason: 'reverted on chain' },
    });
    return (await processListById(tx, processListId))!;
  });
}
