import pg from 'pg';
import {
  RECONCILIATION_ROW_CAP,
  type BatchCheckRow,
  type DepositUnbackedRow,
  type FlaggedRow,
  type HoldDriftRow,
  type LedgerDriftRow,
  type Reconciliation,
  type ReconciliationKind,
  type ReconciliationSummary,
  type TransactionUsedTwiceRow,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { pageOffset, toPage } from '../../lists/page';

/** The chain saved batches are compared with (the app's `config.chain`, read when the report runs). */
export type ReconcileChain = Pick<Config['chain'], 'rpcUrls' | 'tokenAddresses' | 'chainId'>;

/** A connection of its own (not one of the API's pool), or any client the parts may run on. */
export type Conn = pg.ClientBase;

/**
 * A connection of its own for a run, outside the API's pool: the run holds it for the whole
 * report (tens of seconds on the million-user data) without taking one from the screens.
 */
export async function dedicatedConnection(db: Db): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: db.$client.options.connectionString });
  // A connection the server ends mid-run fails the run's query; it must not bring the process down.
  c.on('error', () => undefined);
  await c.connect();
  return c;
}

/**
 * Each part is one statement in a read-only snapshot, so it compares a balance and its ledger
 * rows, or its transactions, as they were at one instant. The statements read tens of millions of
 * rows on the million-user data; they run one after the other on one connection, with memory
 * enough for their hash aggregates and joins to stay off disk (one part at a time, so once).
 */
export async function inSnapshot<T>(c: Conn, run: () => Promise<T>): Promise<T> {
  await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await c.query(`SET LOCAL work_mem = '256MB'`);
    const out = await run();
    await c.query('COMMIT');
    return out;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** The owner of a wallet, for the rows. */
export const OWNER = `LEFT JOIN wallets w ON w.id = d.wallet_id LEFT JOIN users u ON u.id = w.user_id`;

const slice = <T>(all: T[], total: number, page: number, pageSize: number) =>
  toPage(all.slice(pageOffset({ page, pageSize }), page * pageSize), total, page, pageSize);

/** How many rows of each list a run keeps (and stores); the figures count them all. */
export const RUN_ROW_CAP = RECONCILIATION_ROW_CAP;

export type Computed = {
  summary: ReconciliationSummary;
  lists: {
    ledger: LedgerDriftRow[];
    flagged: FlaggedRow[];
    holds: HoldDriftRow[];
    batches: BatchCheckRow[];
    transactions: TransactionUsedTwiceRow[];
    deposits: DepositUnbackedRow[];
  };
};
export const totalsOf = (s: ReconciliationSummary): Record<ReconciliationKind, number> => ({
  ledger: s.ledger.drift,
  flagged: s.flagged.total,
  holds: s.holds.drift,
  batches: s.batches.saved,
  // Runs stored before this figure have none.
  transactions: s.transactions?.usedTwice ?? 0,
  deposits: s.deposits?.unbacked ?? 0,
});

export const firstPages = (
  summary: ReconciliationSummary,
  lists: Computed['lists'],
  pageSize: number,
): Reconciliation => {
  const totals = totalsOf(summary);
  return {
    ...summary,
    rows: {
      ledger: slice(lists.ledger, totals.ledger, 1, pageSize),
      flagged: slice(lists.flagged, totals.flagged, 1, pageSize),
      holds: slice(lists.holds, totals.holds, 1, pageSize),
      batches: slice(lists.batches, totals.batches, 1, pageSize),
      transactions: slice(lists.transactions, totals.transactions, 1, pageSize),
      deposits: slice(lists.deposits, totals.deposits, 1, pageSize),
    },
  };
};
