import { sql } from 'drizzle-orm';
import { BATCH_SAVED, PLAN_ID_AND_TYPE, processListMachine, queueItemMachine, stateInfo, type QueueKind } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { credit } from '../../ledger/ledger';
import { itemById, processListById } from '../../queue-records/queue-records';
import type { BatchVerifier, OutcomeReader } from '../../chain/batch-chain';

type SaveBatch = {
  transactionHash: string; action: QueueKind; planIdAndType: string[]; pricePerFullShare: string; initShares: string; finalShares: string;
  protocolName: string; network: number; amount: string; gasUsed: string; block: string; processListId: string;
};

const hashAlreadySaved = () => conflict('This transaction hash is saved already');
const changedMeanwhile = () => conflict('The process list changed while the batch was being saved: reload it, its items differ from the batch');
const listNotFound = () => new AppError('NOT_FOUND', 'Process list not found');

type ListItem = { id: string; plan_id: string; plan_type: string; amount: string };

/**
 * The list's items and their total, checked against what the browser says it sent. `locked`: the
 * re-check under the list's lock, after the same check passed before it; a difference there is a
 * change made meanwhile (an item taken out, its status changed): a 409, not a bad request.
 */
async function checkAgainstList(q: Db | Tx, b: SaveBatch, locked = false) {
  const { rows: [list] } = await q.execute<{ type: QueueKind; status: number; sent_hash: string | null }>(sql`SELECT type, status, sent_hash FROM process_lists WHERE id = ${b.processListId}`);
  if (!list) throw listNotFound();
  if (list.type !== b.action) throw conflict(`The process list is a ${list.type} list, not ${b.action}`);
  if (Number(list.status) !== 0) {
    throw conflict(`Process list is ${stateInfo(processListMachine, Number(list.status) as 0).label}: its batch is saved already`);
  }
  // The list's batch went out with a recorded hash: that transaction is the list's, no other.
  if (list.sent_hash && list.sent_hash !== b.transactionHash) {
    throw conflict(`The process list's batch was sent with ${list.sent_hash}: only that transaction can be saved for it`);
  }
  const { rows: items } = await q.execute<ListItem>(sql`
    SELECT qi.id, qi.plan_id, p.plan_type, trim_scale(qi.amount)::text AS amount
      FROM queue_items qi JOIN savings_plans p ON p.id = qi.plan_id
     WHERE qi.process_list_id = ${b.processListId} AND qi.status = 'processing'`);
  if (!items.length) throw locked ? changedMeanwhile() : conflict('The process list has no items');
  const expected = new Set(items.map((i) => `${i.plan_id} ${i.plan_type === 'flexible' ? 0 : 1} ${i.id}`));
  const given = new Set(b.planIdAndType.map((e) => {
    const m = PLAN_ID_AND_TYPE.exec(e)!;
    return `${m[1]!.toLowerCase()} ${m[2]} ${m[3]!.toLowerCase()}`;
  }));
  const missing = [...expected].filter((e) => !given.has(e));
  const extra = [...given].filter((e) => !expected.has(e));
  if (locked && (missing.length || extra.length)) throw changedMeanwhile();
  if (missing.length || extra.length || given.size !== b.planIdAndType.length) {
    throw badRequest(`planIdAndType: differs from the process list (${missing.length} missing, ${extra.length} not in it)`, { planIdAndType: ['Differs from the process list'] });
  }
  const { rows: [sum] } = await q.execute<{ total: string; equal: boolean }>(sql`
    SELECT trim_scale(sum(amount))::text AS total, sum(amount) = ${b.amount}::numeric AS equal
      FROM queue_items WHERE process_list_id = ${b.processListId} AND status = 'processing'`);
  if (!sum!.equal && locked) throw changedMeanwhile();
  if (!sum!.equal) throw badRequest(`amount: the process list holds ${sum!.total}, not ${b.amount}`, { amount: [`The process list holds ${sum!.total}`] });
  return items;
}

/** `chainId`: the configured chain (CHAIN_ID); a batch the browser says it sent on another network is refused. */
export function createBatchesService(db: Db, verify: BatchVerifier, chainId: number | null = null, outcome: OutcomeReader | null = null) {
  const hashSaved = async (q: Db | Tx, hash: string) =>
    (await q.execute(sql`SELECT 1 FROM batches WHERE lower(transaction_hash) = ${hash}`)).rows.length > 0;
  /** The process list another batch was sent for with this hash (one transaction is one list's). */
  const sentForOther = async (q: Db | Tx, hash: string, processListId: string) =>
    (await q.execute<{ id: string }>(sql`SELECT id FROM process_lists WHERE lower(sent_hash) = ${hash} AND id <> ${processListId}`)).rows[0]?.id;
  const sentForAnother = (id: string) => conflict(`This transaction was recorded as the batch sent for process list ${id}`);

  return {
    /**
     * Saves a batch the browser sent through the vault: checked against the list first (cheap
     * refusals), then against the chain, then saved in one transaction that re-checks the list
     * under its lock (an item added or removed meanwhile changes the set and is refused).
     */
    async save(b: SaveBatch, permissions: readonly string[], ctx: RequestContext) {
      if (chainId !== null && b.network !== chainId) {
        throw badRequest(`network: the batch was sent on chain ${b.network}, the server works with chain ${chainId}`, { network: [`The server works with chain ${chainId}`] });
      }
      if (await hashSaved(db, b.transactionHash)) throw hashAlreadySaved();
      const other = await sentForOther(db, b.transactionHash, b.processListId);
      if (other) throw sentForAnother(other);
      await checkAgainstList(db, b);
      const { rows: senders } = await db.execute<{ address: string }>(sql`SELECT lower(address) AS address FROM custodial_wallets`);
      const onChain = await verify({ hash: b.transactionHash as `0x${string}`, action: b.action, amount: b.amount, block: b.block, senders: senders.map((s) => s.address) });
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM process_lists WHERE id = ${b.processListId} FOR UPDATE`);
        if (await hashSaved(tx, b.transactionHash)) throw hashAlreadySaved();
        const items = await checkAgainstList(tx, b, true);
        const types = new Set(items.map((i) => i.plan_type));
        const { rows: [batch] } = await tx.execute<{ id: string }>(sql`
          INSERT INTO batches (action, plan_type, transaction_hash, status, created_by, process_list_id, amount, price_per_full_share, init_shares,
                               final_shares, protocol_name, network, gas_used, block, from_address)
          VALUES (${b.action}, ${types.size > 1 ? 'mixed' : [...types][0]!}, ${b.transactionHash}, 'confirmed', ${ctx.actor?.id ?? null}, ${b.processListId},
                  ${b.amount}::numeric, ${b.pricePerFullShare}::numeric, ${b.initShares}::numeric, ${b.finalShares}::numeric, ${b.protocolName},
                  ${b.network}, ${onChain.gasUsed.toString()}::numeric, ${b.block}::numeric, ${onChain.from})
          RETURNING id`)
          // The same hash saved meanwhile for another list (its lock is not this one): the unique index decides.
          .catch((e: unknown) => { throw isUniqueViolation(e, 'batches_transaction_hash_uq') ? hashAlreadySaved() : e; });
        await tx.execute(sql`
          INSERT INTO batch_plans (batch_id, plan_id, amount, status)
          SELECT ${batch!.id}, plan_id, sum(amount), 'included' FROM queue_items
           WHERE process_list_id = ${b.processListId} AND status = 'processing' GROUP BY plan_id`);
        await transition(tx, {
          machine: processListMachine, table: 'process_lists', id: b.processListId, to: 1, permissions,
          set: sql`transaction_hash = ${b.transactionHash}, batch_id = ${batch!.id}, updated_at = now()`,
        });
        await writeAudit(tx, ctx, {
          action: `batch.${b.action}.save`, targetType: 'process_list', targetId: b.processListId,
          before: { status: 0 },
          after: { status: 1, batchId: batch!.id, transactionHash: b.transactionHash, amount: b.amount, items: items.length, block: b.block, from: onChain.from },
        });
        return { _id: batch!.id, processListId: b.processListId, transactionHash: b.transactionHash, action: b.action, amount: b.amount, block: b.block };
      });
    },

    /**
     * Records the hash the wallet returned for a list's batch, at once (before the wait before
     * reading shares and the save), so every browser and every member of staff sees that the
     * batch went out and none sends it again. Not checked on chain here (the transaction may not
     * be mined yet): the save checks it. The same hash again is a no-op (200, no audit row); a
     * different hash while one is recorded, a list already saved, or a hash that is another
     * list's or a saved batch's is a 409.
     */
    async recordSent(processListId: string, hash: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { rows: [list] } = await tx.execute<{ type: QueueKind; status: number; sent_hash: string | null; items: number }>(sql`
          SELECT pl.type, pl.status, pl.sent_hash, (SELECT count(*)::int FROM queue_items qi WHERE qi.process_list_id = pl.id) AS items
            FROM process_lists pl WHERE pl.id = ${processListId} FOR UPDATE`);
        if (!list) throw listNotFound();
        if (list.sent_hash === hash) return { list: (await processListById(tx, processListId))!, recorded: false };
        if (list.sent_hash) {
          throw conflict(`The process list's batch was sent already with ${list.sent_hash}: save that transaction; a second one is not recorded for the same list`);
        }
        if (Number(list.status) !== 0) {
          throw conflict(`Process list is ${stateInfo(processListMachine, Number(list.status) as 0).label}: its batch is saved already`);
        }
        if (!list.items) throw conflict('The process list has no items');
        if (await hashSaved(tx, hash)) throw hashAlreadySaved();
        const other = await sentForOther(tx, hash, processListId);
        if (other) throw sentForAnother(other);
        await tx.execute(sql`
          UPDATE process_lists SET sent_hash = ${hash}, sent_at = now(), sent_by = ${ctx.actor?.id ?? null}, updated_at = now()
           WHERE id = ${processListId} AND sent_hash IS NULL AND status = 0`)
          // The same hash recorded for another list meanwhile: the unique index decides.
          .catch((e: unknown) => { throw isUniqueViolation(e, 'process_lists_sent_hash_uq') ? conflict('This transaction was recorded for another process list meanwhile') : e; });
        await writeAudit(tx, ctx, {
          action: `batch.${list.type}.sent`, targetType: 'process_list', targetId: processListId,
          before: { status: 0, sentHash: null }, after: { status: 0, sentHash: hash, items: list.items },
        });
        return { list: (await processListById(tx, processListId))!, recorded: true };
      });
    },

    /**
     * Releases a recorded sent hash whose transaction reverted on chain: a reverted vault call
     * moved nothing, so the list may be sent again. Only the chain's word releases it: a
     * transaction that succeeded, or is not mined, is a 409 and the hash stays.
     */
    async releaseSent(processListId: string, ctx: RequestContext) {
      const { rows: [list] } = await db.execute<{ sent_hash: string | null; status: number }>(sql`SELECT sent_hash, status FROM process_lists WHERE id = ${processListId}`);
      if (!list) throw listNotFound();
      if (!list.sent_hash || Number(list.status) !== 0) throw conflict('The process list has no sent batch waiting to be saved');
      if (!outcome) throw conflict('No chain is configured: transactions cannot be checked');
      const result = await outcome(list.sent_hash as `0x${string}`);
      if (result === 'success') throw conflict(`The sent transaction ${list.sent_hash} succeeded on chain: save it, it cannot be released`);
      if (result === 'not-mined') throw conflict(`The sent transaction ${list.sent_hash} is not mined yet: it may still go through, so it cannot be released`);
      return db.transaction(async (tx) => {
        const { rows: [released] } = await tx.execute<{ type: QueueKind }>(sql`
          UPDATE process_lists SET sent_hash = NULL, sent_at = NULL, sent_by = NULL, updated_at = now()
           WHERE id = ${processListId} AND status = 0 AND sent_hash = ${list.sent_hash} RETURNING type`);
        if (!released) throw conflict('The process list changed meanwhile: reload it');
        await writeAudit(tx, ctx, {
          action: `batch.${released.type}.sent-released`, targetType: 'process_list', targetId: processListId,
          before: { status: 0, sentHash: list.sent_hash }, after: { status: 0, sentHash: null, reason: 'reverted on chain' },
        });
        return (await processListById(tx, processListId))!;
      });
    },

    /**
     * "Update Queue and Plans": the saved list (status 1) becomes finished (2) in one
     * transaction, so it runs once. Deposits: every item done, every plan saved with the hash
     * and its shares at the batch's price. Withdrawals: the plans get the hash; each item is then
     * settled by update-queue-after-withdrawal.
     */
    async process(processListId: string, permissions: readonly string[], ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { row } = await transition(tx, { machine: processListMachine, table: 'process_lists', id: processListId, to: 2, permissions, set: sql`updated_at = now()` });
        const hash = row.transaction_hash as string | null;
        const batchId = row.batch_id as string | null;
        if (!hash || !batchId) throw conflict('The process list has no saved transaction');
        const { rows: [batch] } = await tx.execute<{ price: string | null }>(sql`SELECT price_per_full_share::text AS price FROM batches WHERE id = ${batchId}`);
        // Shares are whole vault units (18 decimals) at the batch's price per full share.
        const price = batch?.price && batch.price !== '0' ? batch.price : '1000000000000000000';
        let items: number;
        if (row.type === 'deposit') {
          const { rows: done } = await tx.execute<{ plan_id: string; amount: string }>(sql`
            UPDATE queue_items SET status = 'done', transaction_hash = ${hash}, updated_at = now(), updated_by = ${ctx.actor?.id ?? null}
             WHERE process_list_id = ${processListId} AND status = 'processing'
            RETURNING plan_id, amount`);
          items = done.length;
          await tx.execute(sql`
            WITH per_plan AS (
              SELECT plan_id, sum(amount) AS amount FROM queue_items WHERE process_list_id = ${processListId} AND status = 'done' GROUP BY plan_id)
            UPDATE savings_plans p SET
                   deposit_transaction_hash = CASE WHEN ${hash} = ANY(p.deposit_transaction_hash) THEN p.deposit_transaction_hash ELSE array_append(p.deposit_transaction_hash, ${hash}::text) END,
                   save_status = 'saved',
                   deposit_time = coalesce(p.deposit_time, now()),
                   share_balance = p.share_balance + trunc(per_plan.amount * 1e18 / ${price}::numeric, 18),
                   updated_at = now()
              FROM per_plan WHERE p.id = per_plan.plan_id`);
          await tx.execute(sql`UPDATE batch_plans SET status = 'resolved', resolved_hash = ${hash}, resolved_at = now() WHERE batch_id = ${batchId} AND status = 'included'`);
        } else {
          const { rows: plans } = await tx.execute(sql`
            UPDATE savings_plans p SET
                   withdrawal_transaction_hash = CASE WHEN ${hash} = ANY(p.withdrawal_transaction_hash) THEN p.withdrawal_transaction_hash ELSE array_append(p.withdrawal_transaction_hash, ${hash}::text) END,
                   updated_at = now()
             WHERE p.id IN (SELECT plan_id FROM queue_items WHERE process_list_id = ${processListId} AND status = 'processing')
            RETURNING p.id`);
          items = plans.length;
        }
        await writeAudit(tx, ctx, {
          action: `batch.${String(row.type)}.update-queue-and-plans`, targetType: 'process_list', targetId: processListId,
          before: { status: 1 }, after: { status: 2, transactionHash: hash, items },
        });
        return (await processListById(tx, processListId))!;
      });
    },

    /** A withdraw item whose list is finished: done, the plan paid out, the amount credited to the customer's wallet through the ledger. */
    async updateAfterWithdrawal(queueId: string, permissions: readonly string[], ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { rows: [item] } = await tx.execute<{ queue: QueueKind; list_status: number | null; hash: string | null; batch_id: string | null; price: string | null }>(sql`
          SELECT qi.queue, pl.status AS list_status, pl.transaction_hash AS hash, pl.batch_id, b.price_per_full_share::text AS price
            FROM queue_items qi LEFT JOIN process_lists pl ON pl.id = qi.process_list_id LEFT JOIN batches b ON b.id = pl.batch_id
           WHERE qi.id = ${queueId}`);
        if (!item || item.queue !== 'withdraw') throw new AppError('NOT_FOUND', 'Withdraw queue item not found');
        if (item.list_status === null || Number(item.list_status) !== 2 || !item.hash) {
          throw conflict('Only a processing item whose process list is finished can be updated after withdrawal');
        }
        const { row, from } = await transition(tx, {
          machine: queueItemMachine, table: 'queue_items', id: queueId, to: 'done', permissions,
          set: sql`transaction_hash = ${item.hash}, updated_at = now(), updated_by = ${ctx.actor?.id ?? null}`,
        });
        if (from !== 'processing') throw conflict(`Queue item was ${stateInfo(queueItemMachine, from).label}: only a processing item can be updated after withdrawal`);
        const amount = String(row.amount).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
        const price = item.price && item.price !== '0' ? item.price : '1000000000000000000';
        const { rows: [plan] } = await tx.execute<{ id: string; user_id: string; currency: string; plan_type: string }>(sql`
          UPDATE savings_plans p SET
                 withdrawal_transaction_hash = CASE WHEN ${item.hash} = ANY(p.withdrawal_transaction_hash) THEN p.withdrawal_transaction_hash ELSE array_append(p.withdrawal_transaction_hash, ${item.hash}::text) END,
                 withdrawal_time = coalesce(p.withdrawal_time, now()),
                 withdrawal_amount = coalesce(p.withdrawal_amount, 0) + ${amount}::numeric,
                 share_balance = greatest(0, p.share_balance - trunc(${amount}::numeric * 1e18 / ${price}::numeric, 18)),
                 plan_state = CASE WHEN p.plan_type = 'fixed' THEN 'withdrawn' ELSE p.plan_state END,
                 updated_at = now()
           WHERE p.id = ${row.plan_id as string}
          RETURNING p.id, p.user_id, p.currency, p.plan_type`);
        if (item.batch_id) {
          await tx.execute(sql`UPDATE batch_plans SET status = 'resolved', resolved_hash = ${item.hash}, resolved_at = now() WHERE batch_id = ${item.batch_id} AND plan_id = ${plan!.id} AND status = 'included'`);
        }
        // The customer's oldest active wallet receives the withdrawal (the profile's primary wallet).
        const { rows: [wallet] } = await tx.execute<{ id: string; address: string }>(sql`
          SELECT id, address FROM wallets WHERE user_id = ${plan!.user_id} AND is_active ORDER BY created_at, id LIMIT 1 FOR UPDATE`);
        if (!wallet) throw conflict('The customer has no active wallet to receive the withdrawal');
        const { balanceAfter } = await credit(tx, {
          walletId: wallet.id, currency: plan!.currency, amount, kind: 'savings-withdrawal',
          reference: { type: 'queue_item', id: queueId }, staffId: ctx.actor?.id ?? null,
          mirror: {
            userId: plan!.user_id, state: plan!.plan_type === 'fixed' ? 7 : 9, type: 'funding',
            description: `Savings withdrawal of ${amount} ${plan!.currency}`, txnHash: item.hash, toAddress: wallet.address,
          },
        });
        await writeAudit(tx, ctx, {
          action: 'queue.withdraw.update-after-withdrawal', targetType: 'queue_item', targetId: queueId,
          before: { status: 'processing' }, after: { status: 'done', transactionHash: item.hash, credited: { walletId: wallet.id, currency: plan!.currency, amount, balanceAfter } },
        });
        return (await itemById(tx, queueId))!;
      });
    },
  };
}

export { BATCH_SAVED };
