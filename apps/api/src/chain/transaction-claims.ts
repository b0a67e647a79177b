import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { conflict } from '../http/errors';
import { isoSql } from '../timestamps/iso';

/**
 * One chain transaction backs one money event. Every path that records money as moved by a
 * transaction claims the transaction here, inside the database transaction that records the
 * event (`transaction_claims`, migration 0035): the unique key on (chain, hash) decides two
 * claims at once, and an event rolled back takes its claim with it. A second claim, from any
 * path, is a 409 naming the first use.
 *
 * Kinds: a saved batch (`batch.<action>`, record: the batch), a batch recorded as sent and not
 * saved yet (`sent.<action>`, the process list; its save takes the claim over), a plan's part
 * resolved with a transaction of its own (`resolve.<action>`, "batchId/planId"; a part resolved
 * with its batch's own transaction claims nothing: the batch holds it), a withdrawal-out payout
 * (`payout`, `payout.in-app`, the request), a deposit the chain watcher credited (`deposit`, the
 * `chain_deposits` row): a deposit holds one log of its transaction (`log_index`), every other
 * claim the whole transaction; a whole-transaction claim and a log claim of one hash conflict both
 * ways (a per-hash lock decides two at once, since the unique key cannot).
 *
 * Chain 0 is "not recorded" (uses recorded before claims existed whose record names no chain, a
 * server with no chain configured): such a claim holds the hash on every chain.
 */

export type ClaimKind =
  | 'batch.deposit'
  | 'batch.withdraw'
  | 'sent.deposit'
  | 'sent.withdraw'
  | 'resolve.deposit'
  | 'resolve.withdraw'
  | 'payout'
  | 'payout.in-app'
  | 'deposit';

/** The chain a claim is made on: the configured chain, read when the claim is made (the local chain sets it at start). */
export type ClaimChain = { chainId: number | null };

export type ClaimUse = { kind: ClaimKind; recordId: string };
export type Claim = ClaimUse & { hash: string; staffId: string | null };

type ClaimRow = {
  id: number;
  chain_id: number;
  hash: string;
  kind: ClaimKind;
  record_id: string;
  log_index: number | null;
  claimed_at: string;
  email: string | null;
};

const chainOf = (chain: ClaimChain) => chain.chainId ?? 0;

/** What a claim backs, in words. */
export function describeUse(kind: ClaimKind, recordId: string): { what: string; verb: string } {
  const [head, action] = kind.split('.') as [string, string | undefined];
  switch (head) {
    case 'batch':
      return { what: `the ${action} batch ${recordId}`, verb: 'saved' };
    case 'sent':
      return { what: `the ${action} batch sent for process list ${recordId} (not saved yet)`, verb: 'recorded' };
    case 'deposit':
      return { what: `the on-chain deposit ${recordId}`, verb: 'credited' };
    case 'resolve': {
      const [batchId, planId] = recordId.split('/');
      return { what: `plan ${planId}'s part in the ${action} batch ${batchId}`, verb: 'resolved' };
    }
    default:
      return {
        what: `the ${action === 'in-app' ? 'in-app ' : ''}payout of withdrawal request ${recordId}`,
        verb: 'processed',
      };
  }
}

const usedAlready = (c: ClaimRow) => {
  const { what, verb } = describeUse(c.kind, c.record_id);
  const part = c.log_index === null ? '' : ` (its log ${c.log_index})`;
  return conflict(
    `Transaction ${c.hash} already backs ${what}${part}, ${verb} ${c.claimed_at}${c.email ? ` by ${c.email}` : ''}: one transaction backs one money event`,
  );
};

/** The claim holding `hash` on the chain (or on every chain), or null. */
async function claimOf(q: Db | Tx, chainId: number, hash: string) {
  const {
    rows: [c],
  } = await q.execute<ClaimRow>(sql`
    SELECT c.id, c.chain_id, c.hash, c.kind, c.record_id, c.log_index, ${isoSql('c.claimed_at')} AS claimed_at, s.email::text AS email
      FROM transaction_claims c LEFT JOIN staff s ON s.id = c.claimed_by
     WHERE lower(c.hash) = lower(${hash}) AND (c.chain_id = ${chainId} OR c.chain_id = 0 OR ${chainId} = 0)
     ORDER BY c.id LIMIT 1`);
  return c ?? null;
}

const sameUse = (c: ClaimRow, u: ClaimUse) => c.kind === u.kind && c.record_id === u.recordId;

/**
 * The cheap refusal before the chain is asked: a 409 naming the first use when the hash backs
 * anything but `mine` (the uses this call may take over or repeat). Not the decision: the claim is.
 */
export async function refuseClaimed(q: Db | Tx, chain: ClaimChain, hash: string, mine: readonly ClaimUse[] = []) {
  const c = await claimOf(q, chainOf(chain), hash);
  if (c && !mine.some((u) => sameUse(c, u))) throw usedAlready(c);
}

/**
 * Claims `hash` for the use, inside the event's database transaction. The same use again is a
 * no-op; `takeOver`: a use this one replaces (a list's sent batch becoming its saved batch).
 * Any other claim of the hash is a 409 naming it; a claim made meanwhile by another transaction is
 * waited for by the unique key and then named.
 */
export async function claimTransaction(tx: Tx, chain: ClaimChain, claim: Claim, takeOver?: ClaimUse) {
  const chainId = chainOf(chain);
  const hash = claim.hash.toLowerCase();
  await lockHash(tx, hash);
  // A deposit's claim on one log of the transaction (log_index set) holds it as well.
  const { rows: made } = await tx.execute(sql`
    INSERT INTO transaction_claims (chain_id, hash, kind, record_id, claimed_by)
    SELECT ${chainId}, ${hash}, ${claim.kind}, ${claim.recordId}, ${claim.staffId}
     WHERE NOT EXISTS (SELECT 1 FROM transaction_claims WHERE lower(hash) = ${hash} AND (chain_id = 0 OR ${chainId} = 0))
       AND NOT EXISTS (SELECT 1 FROM transaction_claims WHERE lower(hash) = ${hash} AND chain_id = ${chainId} AND log_index IS NOT NULL)
    ON CONFLICT (chain_id, lower(hash), COALESCE(log_index, '-1'::integer)) DO NOTHING
    RETURNING id`);
  if (made.length) return;
  const c = await claimOf(tx, chainId, hash);
  if (!c) throw conflict(`Transaction ${hash} is being claimed by another request: try again`);
  if (sameUse(c, claim)) return;
  if (takeOver && sameUse(c, takeOver)) {
    await tx.execute(sql`
      UPDATE transaction_claims SET chain_id = ${chainId}, kind = ${claim.kind}, record_id = ${claim.recordId},
             claimed_by = ${claim.staffId}, claimed_at = now()
       WHERE id = ${c.id}`);
    return;
  }
  throw usedAlready(c);
}

/**
 * Two claims of one hash at once, one of the whole transaction and one of a log, do not meet in
 * the unique key (their log indexes differ): a lock per hash, held to the end of the transaction,
 * makes the second wait for the first and then see it.
 */
async function lockHash(tx: Tx, hash: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`claim:${hash}`}, 0))`);
}

/**
 * Claims one log of a transaction for a deposit (`deposit`, record: the deposit), inside the
 * credit's database transaction. The same deposit again is a no-op (false: claimed before); a
 * claim of the whole transaction, on this chain or chain 0, or of this log by another deposit,
 * is a 409 naming it.
 */
export async function claimTransactionLog(
  tx: Tx,
  chain: ClaimChain,
  claim: { hash: string; logIndex: number; recordId: string },
): Promise<boolean> {
  const chainId = chainOf(chain);
  const hash = claim.hash.toLowerCase();
  await lockHash(tx, hash);
  const { rows: made } = await tx.execute(sql`
    INSERT INTO transaction_claims (chain_id, hash, kind, record_id, claimed_by, log_index)
    SELECT ${chainId}, ${hash}, 'deposit', ${claim.recordId}, NULL, ${claim.logIndex}
     WHERE NOT EXISTS (SELECT 1 FROM transaction_claims WHERE lower(hash) = ${hash}
                          AND (chain_id = ${chainId} OR chain_id = 0 OR ${chainId} = 0) AND log_index IS NULL)
    ON CONFLICT (chain_id, lower(hash), COALESCE(log_index, '-1'::integer)) DO NOTHING
    RETURNING id`);
  if (made.length) return true;
  const {
    rows: [c],
  } = await tx.execute<ClaimRow>(sql`
    SELECT c.id, c.chain_id, c.hash, c.kind, c.record_id, c.log_index, ${isoSql('c.claimed_at')} AS claimed_at, s.email::text AS email
      FROM transaction_claims c LEFT JOIN staff s ON s.id = c.claimed_by
     WHERE lower(c.hash) = ${hash} AND (c.chain_id = ${chainId} OR c.chain_id = 0 OR ${chainId} = 0)
       AND (c.log_index IS NULL OR c.log_index = ${claim.logIndex})
     ORDER BY c.id LIMIT 1`);
  if (!c) throw conflict(`Transaction ${hash} is being claimed by another request: try again`);
  if (c.kind === 'deposit' && c.record_id === claim.recordId && c.log_index === claim.logIndex) return false;
  throw usedAlready(c);
}

/** Gives a claim back (a sent batch whose transaction reverted): the hash backs nothing any more. */
export async function releaseClaim(tx: Tx, use: ClaimUse) {
  await tx.execute(sql`DELETE FROM transaction_claims WHERE kind = ${use.kind} AND record_id = ${use.recordId}`);
}
