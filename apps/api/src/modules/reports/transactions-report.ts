import { REPORT_PAGE_SIZE, type TransactionsFilter, type TransactionsPage } from '@vaultdesk/contract';
import { genericRows, named, type Db } from '@vaultdesk/db';
import { listPageSql, TRANSACTIONS_BY_CREATED, type ListSpec } from '../../lists/list-anchors';
import { pageOffset } from '../../lists/page';
import { paging, reportPage, resolveRange, type ListReader } from './reports-shared';

type TxRow = {
  id: string;
  user_id: string;
  username: string;
  email: string;
  profile_url: string | null;
  amount: string;
  currency: string;
  network: number;
  txn_hash: string | null;
  transaction_state: number;
  description: string | null;
  is_active: boolean;
  created_at: string;
};

/**
 * The Transactions report's page statements, one per list shape (savings or wallet, with or
 * without a state), each text built once: the page's keys and total from the anchors
 * (listPageSql), folded into one row of ids, then the rows by id (an index lookup each, whatever
 * plan the statement is cached with), with each row's position in the page.
 */
const txPagedText = (spec: ListSpec, type: 'savings' | 'wallet') => {
  const network = type === 'wallet' ? '(SELECT w.network FROM wallets w WHERE w.id = t.wallet_id)' : 't.network';
  return `
WITH p AS (${listPageSql(spec)}),
page AS (
  SELECT max(p.total) AS total, max(p.scanned) AS scanned, max(p.deltas) AS deltas,
         coalesce(array_agg(p.sort_id ORDER BY p.sort_key DESC, p.sort_id DESC) FILTER (WHERE p.sort_id IS NOT NULL), '{}') AS ids
    FROM p
)
SELECT page.total, page.scanned, page.deltas, array_position(page.ids, r.id) AS pos, r.*
  FROM page LEFT JOIN LATERAL (
    SELECT t.id, t.user_id, u.username::text AS username, u.email::text AS email, u.profile_url, trim_scale(t.amount)::text AS amount, t.currency,
           ${network} AS network, t.txn_hash, t.transaction_state, t.description, t.is_active,
           to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
      FROM ${spec.table} t JOIN users u ON u.id = t.user_id
     WHERE t.id = ANY (page.ids)
  ) r ON true`;
};
const TX_PAGED = Object.fromEntries(
  (['savings', 'wallet'] as const).flatMap((type) => {
    const table = type === 'wallet' ? 'wallet_transactions' : 'savings_transactions';
    return (
      [
        ['all', 'true'],
        ['state', 'u.transaction_state = $6::smallint'],
      ] as const
    ).map(([shape, filter]) => {
      const spec = TRANSACTIONS_BY_CREATED(table, filter);
      return [`${type}:${shape}`, { spec, statement: named(txPagedText(spec, type)) }];
    });
  }),
) as Record<
  `${'savings' | 'wallet'}:${'all' | 'state'}`,
  { spec: ListSpec; statement: { name: string; text: string } }
>;

/**
 * Savings or wallet transactions in the range (and state), newest first: the page's ids and
 * the exact total from the list's rank anchors (page 500 costs what page 1 does), the rows by
 * those ids, in one statement on its cached generic plan.
 */
export async function transactionsReport(db: Db, lists: ListReader, q: TransactionsFilter): Promise<TransactionsPage> {
  const range = resolveRange(q);
  const { spec, statement } = TX_PAGED[`${q.type}:${q.transactionState === undefined ? 'all' : 'state'}`];
  const listKey = `${q.type}:${q.transactionState ?? 'all'}`;
  const found = await genericRows<TxRow & { total: number; scanned: number; deltas: number; pos: number | null }>(
    db,
    statement,
    [
      listKey,
      range.lo,
      range.hi,
      pageOffset(reportPage(q.page)),
      REPORT_PAGE_SIZE,
      ...(q.transactionState === undefined ? [] : [q.transactionState]),
    ],
  );
  const first = found[0]!;
  lists.checked(spec, listKey, first.scanned, first.deltas);
  const page = found.filter((r) => r.id !== null).sort((a, b) => a.pos! - b.pos!);
  return {
    ...paging(q.page, Number(first.total), false, range),
    type: q.type,
    records: page.map((r) => ({
      _id: r.id,
      userId: { _id: r.user_id, username: r.username, email: r.email, profileUrl: r.profile_url },
      amount: r.amount,
      currency: r.currency,
      network: r.network,
      txnHash: r.txn_hash,
      transactionState: r.transaction_state,
      description: r.description,
      isActive: r.is_active,
      createdAt: r.created_at,
    })),
  };
}
