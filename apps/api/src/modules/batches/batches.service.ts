import { BATCH_SAVED } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { BatchVerifier, OutcomeReader } from '../../chain/batch-chain';
import type { ClaimChain } from '../../chain/transaction-claims';
import type { RequestContext } from '../../http/context';
import type { SaveBatch } from './batch-checks';
import { recordSent } from './record-sent';
import { releaseSent } from './release-sent';
import { saveBatch } from './save-batch';
import { updateAfterWithdrawal } from './update-after-withdrawal';
import { updateQueueAndPlans } from './update-queue-and-plans';

/**
 * The batches module's public face. Each operation lives in its own file (save-batch,
 * record-sent, release-sent, update-queue-and-plans, update-after-withdrawal; their shared
 * checks in batch-checks) and takes its dependencies explicitly.
 * `chain`: the configured chain (CHAIN_ID, read at each call); a batch the browser says it sent on
 * another network is refused, and the transactions are claimed on it.
 */
export function createBatchesService(
  db: Db,
  verify: BatchVerifier,
  chain: ClaimChain = { chainId: null },
  outcome: OutcomeReader | null = null,
) {
  return {
    save: (b: SaveBatch, permissions: readonly string[], ctx: RequestContext) =>
      saveBatch(db, verify, chain, b, permissions, ctx),
    recordSent: (processListId: string, hash: string, ctx: RequestContext) =>
      recordSent(db, chain, processListId, hash, ctx),
    releaseSent: (processListId: string, ctx: RequestContext) => releaseSent(db, outcome, processListId, ctx),
    process: (processListId: string, permissions: readonly string[], ctx: RequestContext) =>
      updateQueueAndPlans(db, processListId, permissions, ctx),
    updateAfterWithdrawal: (queueId: string, permissions: readonly string[], ctx: RequestContext) =>
      updateAfterWithdrawal(db, queueId, permissions, ctx),
  };
}

export { BATCH_SAVED };
