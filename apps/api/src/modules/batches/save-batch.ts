import { sql } from 'drizzle-orm';
import { processListMachine } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { BatchVerifier } from '../../chain/batch-chain';
import { claimTransaction, refuseClaimed, type ClaimChain } from '../../chain/transaction-claims';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, isUniqueViolation } from '../../http/errors';
import { transition } from '../../transitions/transition';
import {
  checkAgainstList,
  hashAlreadySaved,
  hashSaved,
  sentForAnother,
  sentForOther,
  type SaveBatch,
} from './batch-checks';

/**
 * Saves a batch the browser sent through the vault: checked against the list first (cheap
 * refusals), then against the chain, then saved in one transaction that re-checks the list
 * under its lock (an item added or removed meanwhile changes the set and is refused).
 * `chain`: the configured chain (CHAIN_ID); a batch the browser says it sent on another network is refused.
 * The transaction is claimed for the batch in the same transaction (chain/transaction-claims.ts):
 * one used by any other money event is a 409 naming it; the list's own sent batch is taken over.
 */
export async function saveBatch(
  db: Db,
  verify: BatchVerifier,
  chain: ClaimChain,
  b: SaveBatch,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  const chainId = chain.chainId;
  if (chainId !== null && b.network !== chainId) {
    throw badRequest(`network: the batch was sent on chain ${b.network}, the server works with chain ${chainId}`, {
      network: [`The server works with chain ${chainId}`],
    });
  }
  if (await hashSaved(db, b.transactionHash)) throw hashAlreadySaved();
  const other = await sentForOther(db, b.transactionHash, b.processListId);
  if (other) throw sentForAnother(other);
  const sent = { kind: `sent.${b.action}`, recordId: b.processListId } as const;
  await refuseClaimed(db, chain, b.transactionHash, [sent]);
  await checkAgainstList(db, b);
  const { rows: senders } = await db.execute<{ address: string }>(
    sql`SELECT lower(address) AS address FROM custodial_wallets`,
  );
  const onChain = await verify({
    hash: b.transactionHash as `0x${string}`,
    action: b.action,
    amount: b.amount,
    block: b.block,
    senders: senders.map((s) => s.address),
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM process_lists WHERE id = ${b.processListId} FOR UPDATE`);
    if (await hashSaved(tx, b.transactionHash)) throw hashAlreadySaved();
    const items = await checkAgainstList(tx, b, true);
    const types = new Set(items.map((i) => i.plan_type));
    const {
      rows: [batch],
    } = await tx
      .execute<{ id: string }>(
        sql`
      INSERT INTO batches (action, plan_type, transaction_hash, status, created_by, process_list_id, amount, price_per_full_share, init_shares,
                           final_shares, protocol_name, network, gas_used, block, from_address)
      VALUES (${b.action}, ${types.size > 1 ? 'mixed' : [...types][0]!}, ${b.transactionHash}, 'confirmed', ${ctx.actor?.id ?? null}, ${b.processListId},
              ${b.amount}::numeric, ${b.pricePerFullShare}::numeric, ${b.initShares}::numeric, ${b.finalShares}::numeric, ${b.protocolName},
              ${b.network}, ${onChain.gasUsed.toString()}::numeric, ${b.block}::numeric, ${onChain.from})
      RETURNING id`,
      )
      // The same hash saved meanwhile for another list (its lock is not this one): the unique index decides.
      .catch((e: unknown) => {
        throw isUniqueViolation(e, 'batches_transaction_hash_uq') ? hashAlreadySaved() : e;
      });
    await claimTransaction(
      tx,
      chain,
      { hash: b.transactionHash, kind: `batch.${b.action}`, recordId: batch!.id, staffId: ctx.actor?.id ?? null },
      sent,
    );
    await tx.execute(sql`
      INSERT INTO batch_plans (batch_id, plan_id, amount, status)
      SELECT ${batch!.id}, plan_id, sum(amount), 'included' FROM queue_items
       WHERE process_list_id = ${b.processListId} AND status = 'processing' GROUP BY plan_id`);
    await transition(tx, {
      machine: processListMachine,
      table: 'process_lists',
      id: b.processListId,
      to: 1,
      permissions,
      set: sql`transaction_hash = ${b.transactionHash}, batch_id = ${batch!.id}, updated_at = now()`,
    });
    await writeAudit(tx, ctx, {
      action: `batch.${b.action}.save`,
      targetType: 'process_list',
      targetId: b.processListId,
      before: { status: 0 },
      after: {
        status: 1,
        batchId: batch!.id,
        transactionHash: b.transactionHash,
        amount: b.amount,
        items: items.length,
        block: b.block,
        from: onChain.from,
      },
    });
    return {
      _id: batch!.id,
      processListId: b.processListId,
      transactionHash: b.transactionHash,
      action: b.action,
      amount: b.amount,
      block: b.block,
    };
  });
}
