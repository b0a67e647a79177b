import {
  RECONCILIATION_PAGE_SIZE,
  RECONCILIATION_TOLERANCE,
  type Reconciliation,
  type ReconciliationKind,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { batchesPart } from './check-batches';
import { flaggedPart } from './check-flagged';
import { holdsPart } from './check-holds';
import { ledgerPart } from './check-ledger';
import { transactionsPart } from './check-transactions';
import { depositsPart } from './check-deposits';
import {
  dedicatedConnection,
  firstPages,
  inSnapshot,
  type Computed,
  type Conn,
  type ReconcileChain,
} from './reconciliation-shared';

/**
 * The whole report on one connection, the parts one after the other (`onStep` is told each part
 * before it starts), keeping the first `keep` rows of each list.
 */
export async function compute(
  c: Conn,
  chain: ReconcileChain,
  keep: number,
  onStep: (kind: ReconciliationKind) => Promise<unknown> = async () => undefined,
): Promise<Computed> {
  const checkedAt = new Date().toISOString();
  await onStep('ledger');
  const ledger = await inSnapshot(c, () => ledgerPart(c, keep));
  await onStep('flagged');
  const flagged = await inSnapshot(c, () => flaggedPart(c, keep));
  await onStep('holds');
  const holds = await inSnapshot(c, () => holdsPart(c, keep));
  await onStep('batches');
  const batches = await batchesPart(c, chain);
  await onStep('transactions');
  const transactions = await inSnapshot(c, () => transactionsPart(c, keep));
  await onStep('deposits');
  const deposits = await depositsPart(c, chain);
  return {
    summary: {
      checkedAt,
      tolerance: RECONCILIATION_TOLERANCE,
      chainId: chain.rpcUrls.length ? chain.chainId : null,
      unexplained:
        ledger.drift +
        flagged.unexplained +
        holds.drift +
        batches.summary.mismatching +
        transactions.usedTwice +
        deposits.summary.unbacked,
      ledger: { users: ledger.users, wallets: ledger.wallets, balances: ledger.balances, drift: ledger.drift },
      flagged: { total: flagged.total, explained: flagged.explained, unexplained: flagged.unexplained },
      holds: { plans: holds.plans, drift: holds.drift },
      batches: batches.summary,
      transactions: { recorded: transactions.recorded, usedTwice: transactions.usedTwice },
      deposits: deposits.summary,
    },
    lists: {
      ledger: ledger.records,
      flagged: flagged.records,
      holds: holds.records,
      batches: batches.all.slice(0, keep),
      transactions: transactions.records,
      deposits: deposits.all.slice(0, keep),
    },
  };
}

/**
 * The reconciliation report computed now, on a connection of its own (the job's computation; for
 * other code, the crash test: `(await reconcile(db, config.chain)).unexplained` is 0 when
 * everything is accounted for): the figures and the first page of every row list.
 */
export async function reconcile(
  db: Db,
  chain: ReconcileChain,
  pageSize = RECONCILIATION_PAGE_SIZE,
): Promise<Reconciliation> {
  const c = await dedicatedConnection(db);
  try {
    const r = await compute(c, chain, pageSize);
    return firstPages(r.summary, r.lists, pageSize);
  } finally {
    await c.end().catch(() => undefined);
  }
}
