import { sql } from 'drizzle-orm';
import type { ChainClient } from '@vaultdesk/chain';
import type { Db } from '@vaultdesk/db';
import { claimTransactionLog } from '../../chain/transaction-claims';
import { AppError, isUniqueViolation } from '../../http/errors';
import { credit } from '../../ledger/ledger';
import { recipientsOf } from './scan-blocks';
import { emitEvent } from '../../outbox/outbox';
import type { ChainWatchSettings } from './watch-settings';

/** How many confirmed transfers one pass credits at most (the next pass takes the rest). */
export const CREDIT_BATCH = 500;

type Due = {
  id: string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  token: string;
  currency: string;
  from_address: string;
  to_address: string;
  amount_wei: string;
  amount: string;
};

export type CreditOutcome = { credited: number; ignored: number; replacedFrom: number | null };

/**
 * Credits the `seen` transfers that have the confirmations at `head`, each in its own
 * transaction. Their blocks are checked against the chain first: a block that changed is a
 * reorganisation the scan has not met yet, answered as `replacedFrom` (the caller undoes from
 * there) and nothing of that block or after it is credited in this pass.
 */
export async function creditConfirmed(
  db: Db,
  client: ChainClient,
  s: ChainWatchSettings,
  head: number,
): Promise<CreditOutcome> {
  const out: CreditOutcome = { credited: 0, ignored: 0, replacedFrom: null };
  const checked = new Map<number, string | null>();
  // Batch after batch until what is due is done (a backlog after a pause is credited in one pass).
  for (;;) {
    const { rows: due } = await db.execute<Due>(sql`
      SELECT id, tx_hash, log_index, block_number, block_hash, token, currency, from_address, to_address,
             amount_wei::text AS amount_wei, trim_scale(amount)::text AS amount
        FROM chain_deposits
       WHERE chain_id = ${s.chainId} AND status = 'seen' AND block_number <= ${head - s.confirmations + 1}
       ORDER BY block_number, id LIMIT ${CREDIT_BATCH}`);
    let decided = 0;
    for (const d of due) {
      const n = Number(d.block_number);
      if (!checked.has(n)) {
        const block = await client.getBlock({ blockNumber: BigInt(n) }).catch((err: unknown) => {
          if ((err as { name?: string }).name === 'BlockNotFoundError') return null;
          throw err;
        });
        checked.set(n, block?.hash ?? null);
      }
      if (checked.get(n) !== d.block_hash) {
        out.replacedFrom = n;
        return out;
      }
      const result = await creditOne(db, s, d, head - n + 1);
      if (result === 'credited') out.credited++;
      if (result === 'ignored') out.ignored++;
      decided++;
    }
    if (due.length < CREDIT_BATCH || decided === 0) return out;
  }
}

/**
 * One credit, all or nothing: the guarded move seen -> credited, the claim of the transaction's
 * log, the ledger credit with its history row, the ids written back, and the `deposit.credited`
 * event in the outbox. A transfer another row already credited (the same log re-mined in another
 * block), a customer blacklisted since it was seen, or a transaction claimed by another use is
 * `ignored` with the reason instead.
 */
async function creditOne(db: Db, s: ChainWatchSettings, d: Due, confirmations: number) {
  try {
    return await db.transaction(async (tx) => {
      const ignore = async (reason: string) => {
        const { rows } = await tx.execute(sql`
          UPDATE chain_deposits SET status = 'ignored', reason = ${reason}, decided_at = now(), confirmations = ${confirmations}
           WHERE id = ${d.id} AND status = 'seen' RETURNING id`);
        return rows.length ? ('ignored' as const) : ('gone' as const);
      };
      const {
        rows: [before],
      } = await tx.execute<{ id: string }>(sql`
        SELECT id FROM chain_deposits WHERE chain_id = ${s.chainId} AND tx_hash = ${d.tx_hash} AND log_index = ${d.log_index}
           AND status = 'credited' LIMIT 1`);
      if (before) return ignore(`already-credited: deposit ${before.id}`);
      const who = (await recipientsOf(tx, [d.to_address])).get(d.to_address);
      if (!who) return ignore('unknown-address');
      if (!who.is_active) return ignore('wallet-inactive');
      if (who.blacklisted) return ignore('blacklisted');
      const {
        rows: [won],
      } = await tx.execute<{ id: string }>(sql`
        UPDATE chain_deposits SET status = 'credited', decided_at = now(), confirmations = ${confirmations},
               wallet_id = ${who.wallet_id}::uuid, user_id = ${who.user_id}::uuid
         WHERE id = ${d.id} AND status = 'seen' RETURNING id`);
      // Credited or decided by another watcher meanwhile: nothing more to do.
      if (!won) return 'gone' as const;
      await claimTransactionLog(tx, { chainId: s.chainId }, { hash: d.tx_hash, logIndex: d.log_index, recordId: d.id });
      const applied = await credit(tx, {
        walletId: who.wallet_id,
        currency: d.currency,
        amount: d.amount,
        kind: 'chain-deposit',
        reference: { type: 'chain-deposit', id: d.id },
        staffId: null,
        mirror: {
          userId: who.user_id,
          state: 0,
          type: 'funding',
          description: `Deposit received on chain (${confirmations} confirmations)`,
          txnHash: d.tx_hash,
          fromAddress: d.from_address,
          toAddress: d.to_address,
        },
      });
      await tx.execute(sql`
        UPDATE chain_deposits SET ledger_entry_id = ${applied.ledgerEntryId}, wallet_transaction_id = ${applied.walletTransactionId}::uuid
         WHERE id = ${d.id}`);
      await emitEvent(tx, {
        type: 'deposit.credited',
        userId: who.user_id,
        payload: {
          customerId: who.user_id,
          depositId: String(d.id),
          userId: who.user_id,
          walletId: who.wallet_id,
          address: d.to_address,
          from: d.from_address,
          currency: d.currency,
          token: d.token,
          amount: d.amount,
          amountWei: d.amount_wei,
          chainId: s.chainId,
          txHash: d.tx_hash,
          logIndex: d.log_index,
          blockNumber: Number(d.block_number),
          blockHash: d.block_hash,
          confirmations,
          balanceAfter: applied.balanceAfter,
        },
      });
      return 'credited' as const;
    });
  } catch (err) {
    // The transaction already backs another use (a batch, a payout): recorded, not credited.
    // The same log credited through another row at the same moment: the unique index decided.
    const twice = isUniqueViolation(err, 'chain_deposits_credited_uq');
    if ((err instanceof AppError && err.code === 'CONFLICT') || twice) {
      const reason = twice ? 'already-credited' : `claimed: ${(err as Error).message}`.slice(0, 1000);
      const { rows } = await db.execute(sql`
        UPDATE chain_deposits SET status = 'ignored', reason = ${reason}, decided_at = now(),
               confirmations = ${confirmations}
         WHERE id = ${d.id} AND status = 'seen' RETURNING id`);
      return rows.length ? ('ignored' as const) : ('gone' as const);
    }
    throw err;
  }
}
