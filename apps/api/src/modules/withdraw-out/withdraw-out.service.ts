import { sql } from 'drizzle-orm';
import {
  canTransition,
  CURRENCY_CODES,
  stateInfo,
  withdrawalMachine,
  type WithdrawalRequest,
  type WithdrawalStatus,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, isUniqueViolation } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { credit } from '../../ledger/ledger';
import { emitEvent } from '../../outbox/outbox';
import { createQueueLists, pageSql } from '../../lists/queue-lists';
import { toIso as iso } from '../../timestamps/iso';
import type { PayoutVerifier } from '../../chain/payout-chain';
import { claimTransaction, refuseClaimed, type ClaimChain } from '../../chain/transaction-claims';
import { pageOffset, toPage } from '../../lists/page';

type Row = {
  id: string;
  user_id: string;
  full_name: string;
  email: string;
  username: string;
  former_balance: string;
  balance: string;
  currency: number;
  status: number;
  final_amount: string;
  fee: string;
  amount: string;
  initiator: number;
  p2p_ref: string | null;
  destination_address: string;
  in_app_transaction: boolean;
  transaction_hash: string | null;
  processed_by_email: string | null;
  processed_at: string | Date | null;
  changed_by_email: string | null;
  updated_at: string | Date;
  created_at: string | Date;
};

const SELECT = sql`
  SELECT r.id, u.id AS user_id, u.full_name, u.email::text AS email, u.username::text AS username, trim_scale(r.former_balance)::text AS former_balance,
         trim_scale(r.balance)::text AS balance, r.currency, r.status, trim_scale(r.final_amount)::text AS final_amount, trim_scale(r.fee)::text AS fee,
         trim_scale(r.amount)::text AS amount, r.initiator, r.p2p_ref, r.destination_address, r.in_app_transaction, r.transaction_hash,
         pb.email::text AS processed_by_email, r.processed_at, cb.email::text AS changed_by_email, r.updated_at, r.created_at`;
const JOINS = sql`
  JOIN users u ON u.id = r.user_id
  LEFT JOIN staff pb ON pb.id = r.processed_by
  LEFT JOIN staff cb ON cb.id = r.last_status_changed_by`;

const toRequest = (r: Row): WithdrawalRequest => ({
  _id: r.id,
  userId: { _id: r.user_id, fullName: r.full_name, email: r.email, username: r.username },
  formerBalance: r.former_balance,
  balance: r.balance,
  currency: Number(r.currency),
  status: Number(r.status),
  finalAmount: r.final_amount,
  fee: r.fee,
  amount: r.amount,
  initiator: Number(r.initiator),
  p2pRef: r.p2p_ref,
  destinationAddress: r.destination_address,
  inAppTransaction: r.in_app_transaction,
  transactionHash: r.transaction_hash,
  processedBy: r.processed_by_email ? { email: r.processed_by_email } : null,
  processedAt: iso(r.processed_at),
  lastStatusChangedByUserId: r.changed_by_email ? { email: r.changed_by_email } : null,
  updatedAt: iso(r.updated_at)!,
  createdAt: iso(r.created_at)!,
});

const byId = async (q: Db | Tx, id: string) => {
  const { rows } = await q.execute<Row>(sql`${SELECT} FROM withdrawal_requests r ${JOINS} WHERE r.id = ${id}`);
  return rows[0] ? toRequest(rows[0]) : null;
};

const hashTaken = () =>
  conflict('This transaction hash is already recorded for another withdrawal request: one payout pays one request');

const currencyName = (code: number) => CURRENCY_CODES[code as 1 | 2];
/** numeric(38,18) as PostgreSQL prints it, without the trailing zeros. */
const trimmed = (v: unknown) => {
  const s = String(v);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
};

/** A page of withdrawal-out requests in one status, newest first (see lists/queue-lists.ts). */
const PAGE = pageSql(
  'withdrawout',
  `
    r.id, u.id AS user_id, u.full_name, u.email::text AS email, u.username::text AS username, trim_scale(r.former_balance)::text AS former_balance,
    trim_scale(r.balance)::text AS balance, r.currency, r.status, trim_scale(r.final_amount)::text AS final_amount, trim_scale(r.fee)::text AS fee,
    trim_scale(r.amount)::text AS amount, r.initiator, r.p2p_ref, r.destination_address, r.in_app_transaction, r.transaction_hash,
    pb.email::text AS processed_by_email, r.processed_at, cb.email::text AS changed_by_email, r.updated_at, r.created_at`,
  `
  LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN staff pb ON pb.id = r.processed_by
  LEFT JOIN staff cb ON cb.id = r.last_status_changed_by`,
);

/**
 * `verifyPayout`: checks a payout hash on the configured chain (chain/payout-chain.ts); by default none is.
 * `chain`: the configured chain (read at each call), on which a payout's transaction is claimed.
 */
export function createWithdrawOutService(
  db: Db,
  log: (msg: string, err?: unknown) => void = () => {},
  verifyPayout: PayoutVerifier = async () => false,
  chain: ClaimChain = { chainId: null },
) {
  const lists = createQueueLists(db, log);
  /** Cancel: status 3 and the amount back to the customer's wallet, one ledger credit, exactly once (guarded move + unique refund index). */
  async function refund(tx: Tx, row: Record<string, unknown>, ctx: RequestContext) {
    const currency = currencyName(Number(row.currency));
    const {
      rows: [wallet],
    } = await tx.execute<{ address: string }>(sql`SELECT address FROM wallets WHERE id = ${row.wallet_id as string}`);
    const { balanceAfter } = await credit(tx, {
      walletId: row.wallet_id as string,
      currency,
      amount: String(row.amount),
      kind: 'withdrawal-refund',
      reference: { type: 'withdrawal_request', id: row.id as string },
      staffId: ctx.actor?.id ?? null,
      mirror: {
        userId: row.user_id as string,
        state: 0,
        type: 'funding',
        description: `Refund of cancelled withdrawal ${String(row.id)}`,
        toAddress: wallet!.address,
      },
    });
    return { walletId: row.wallet_id as string, currency, amount: trimmed(row.amount), balanceAfter };
  }

  return {
    async list(query: { page: number; status: WithdrawalStatus; pageSize: number }) {
      const { total, rows } = await lists.page<Row>(
        PAGE,
        'withdrawout',
        String(query.status),
        pageOffset(query),
        query.pageSize,
      );
      return toPage(rows.map(toRequest), total, query.page, query.pageSize);
    },

    /** A status change; status 3 (Cancel Request) also refunds. Done (1) only comes from processing a request. */
    async setStatus(requestId: string, status: WithdrawalStatus, permissions: readonly string[], ctx: RequestContext) {
      if (status === 1) throw conflict('A request becomes Done only by processing it (Process Request)');
      return db.transaction(async (tx) => {
        const { row, from } = await transition(tx, {
          machine: withdrawalMachine,
          table: 'withdrawal_requests',
          id: requestId,
          to: status,
          permissions,
          set: sql`last_status_changed_by = ${ctx.actor?.id ?? null}, updated_at = now()`,
        });
        const refunded = status === 3 ? await refund(tx, row, ctx) : null;
        if (refunded) {
          const customerId = String(row.user_id);
          await emitEvent(tx, {
            type: 'withdrawal.cancelled',
            userId: customerId,
            payload: {
              customerId,
              withdrawalId: requestId,
              source: 'withdrawOut',
              currency: refunded.currency,
              amount: refunded.amount,
              refunded: true,
            },
          });
          await emitEvent(tx, {
            type: 'withdrawal.refunded',
            userId: customerId,
            payload: { customerId, withdrawalId: requestId, ...refunded },
          });
        }
        await writeAudit(tx, ctx, {
          action: status === 3 ? 'withdrawal.cancel' : 'withdrawal.status',
          targetType: 'withdrawal_request',
          targetId: requestId,
          before: { status: from, label: stateInfo(withdrawalMachine, from).label },
          after: { status, label: stateInfo(withdrawalMachine, status).label, ...(refunded ? { refunded } : {}) },
        });
        return (await byId(tx, requestId))!;
      });
    },

    /**
     * Process Request: the payout was made (hash, channel "human") and the request is Done.
     * An in-app request pays the destination wallet inside the product through the ledger instead.
     */
    async process(
      kind: 'chain' | 'inApp',
      body: { requestId: string; hash: string; channel: 'human' },
      permissions: readonly string[],
      ctx: RequestContext,
    ) {
      const {
        rows: [current],
      } = await db.execute<{
        in_app_transaction: boolean;
        status: number;
        currency: number;
        destination_address: string;
        final_amount: string;
      }>(sql`
        SELECT in_app_transaction, status, currency, destination_address, trim_scale(final_amount)::text AS final_amount FROM withdrawal_requests WHERE id = ${body.requestId}`);
      if (!current) throw new AppError('NOT_FOUND', 'Withdrawal request not found');
      const claimKind = kind === 'inApp' ? 'payout.in-app' : 'payout';
      if (current.in_app_transaction !== (kind === 'inApp')) {
        throw conflict(
          kind === 'inApp'
            ? 'This request pays out on chain: use process-withdraw-request'
            : 'This request is an in-app transfer: use process-inApp-transaction',
        );
      }
      // One payout pays one request: a hash another request holds is refused before the chain is
      // asked, and by the unique index for two requests processed with the same hash at once.
      const { rows: held } = await db.execute(sql`
        SELECT 1 FROM withdrawal_requests WHERE lower(transaction_hash) = ${body.hash} AND id <> ${body.requestId} LIMIT 1`);
      if (held.length) throw hashTaken();
      // One transaction backs one money event: a hash a batch, a sent batch or a resolve holds is refused too.
      await refuseClaimed(db, chain, body.hash, [{ kind: claimKind, recordId: body.requestId }]);
      // A payout on chain is checked there first (when a chain is configured), outside the
      // transaction; a request that cannot become Done is left to the move below to refuse (409).
      if (
        kind === 'chain' &&
        canTransition(withdrawalMachine, Number(current.status) as WithdrawalStatus, 1, permissions)
      ) {
        await verifyPayout({
          hash: body.hash as `0x${string}`,
          currency: currencyName(Number(current.currency)),
          to: current.destination_address,
          amount: current.final_amount,
        });
      }
      return db.transaction(async (tx) => {
        const { row, from } = await transition(tx, {
          machine: withdrawalMachine,
          table: 'withdrawal_requests',
          id: body.requestId,
          to: 1,
          permissions,
          set: sql`transaction_hash = ${body.hash}, channel = ${body.channel}, processed_by = ${ctx.actor?.id ?? null}, processed_at = now(),
                   last_status_changed_by = ${ctx.actor?.id ?? null}, updated_at = now()`,
        }).catch((e: unknown) => {
          throw isUniqueViolation(e, 'withdrawal_requests_transaction_hash_uq') ? hashTaken() : e;
        });
        await claimTransaction(tx, chain, {
          hash: body.hash,
          kind: claimKind,
          recordId: body.requestId,
          staffId: ctx.actor?.id ?? null,
        });
        let credited: Record<string, string> | null = null;
        if (kind === 'inApp') {
          const currency = currencyName(Number(row.currency));
          const {
            rows: [dest],
          } = await tx.execute<{ id: string; user_id: string }>(sql`
            SELECT id, user_id FROM wallets WHERE lower(address) = lower(${row.destination_address as string}) AND is_active LIMIT 1`);
          if (!dest) throw conflict('The destination address is not an active wallet in the product');
          const { balanceAfter } = await credit(tx, {
            walletId: dest.id,
            currency,
            amount: String(row.final_amount),
            kind: 'withdrawal-in-app',
            reference: { type: 'withdrawal_request', id: body.requestId },
            staffId: ctx.actor?.id ?? null,
            mirror: {
              userId: dest.user_id,
              state: 3,
              type: 'transfer',
              description: `In-app transfer from withdrawal ${body.requestId}`,
              txnHash: body.hash,
              toAddress: row.destination_address as string,
              fromAddress: null,
            },
          });
          credited = { walletId: dest.id, currency, amount: trimmed(row.final_amount), balanceAfter };
        }
        await emitEvent(tx, {
          type: 'withdrawal.processed',
          userId: String(row.user_id),
          payload: {
            customerId: String(row.user_id),
            withdrawalId: body.requestId,
            source: 'withdrawOut',
            currency: currencyName(Number(row.currency)),
            amount: trimmed(row.final_amount),
            transactionHash: body.hash,
            inApp: kind === 'inApp',
            planId: null,
          },
        });
        await writeAudit(tx, ctx, {
          action: kind === 'inApp' ? 'withdrawal.process-in-app' : 'withdrawal.process',
          targetType: 'withdrawal_request',
          targetId: body.requestId,
          before: { status: from },
          after: { status: 1, transactionHash: body.hash, channel: body.channel, ...(credited ? { credited } : {}) },
        });
        return (await byId(tx, body.requestId))!;
      });
    },
  };
}
