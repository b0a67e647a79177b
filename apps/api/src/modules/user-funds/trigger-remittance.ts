import { sql } from 'drizzle-orm';
import { REMITTANCE_CURRENCIES, type RemittanceCurrencyCode, type RemittanceResult } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { debit } from '../../ledger/ledger';
import { emitEvent } from '../../outbox/outbox';
import { isPositive, notFound, rows } from './user-funds-shared';

/** A numeric[] literal; drizzle would spread a JS array into separate parameters. */
const pgNumericArray = (amounts: string[]) => `{${amounts.join(',')}}`;

/**
 * Moves the customer's whole balance in one currency, over all their wallets, into a pending
 * remittance. The balance rows are locked first, so a second request waits, then finds the
 * pending remittance (or nothing left) and is refused; the partial unique index on pending
 * remittances backs this up.
 */
export async function triggerRemittance(
  db: Db,
  ctx: RequestContext,
  body: { userId: string; currency: RemittanceCurrencyCode },
): Promise<RemittanceResult> {
  const currency = REMITTANCE_CURRENCIES[body.currency];
  const actorId = ctx.actor!.id;
  return db.transaction(async (tx) => {
    const [user] = await rows<{ id: string }>(tx, sql`SELECT id FROM users WHERE id = ${body.userId}`);
    if (!user) throw notFound('User not found');

    // The customer's wallets first, in the order the wallet merge locks them: a merge and a
    // remittance of one customer run one after the other, and the balances read below are the
    // committed ones. The amount remitted is the sum of exactly the rows locked and debited.
    await tx.execute(sql`SELECT id FROM wallets WHERE user_id = ${body.userId} ORDER BY created_at, id FOR SHARE`);
    const balances = await rows<{ wallet_id: string; address: string; balance: string }>(
      tx,
      sql`
      SELECT wb.wallet_id, w.address, trim_scale(wb.balance)::text AS balance
        FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id
       WHERE w.user_id = ${body.userId} AND wb.currency = ${currency}
       ORDER BY wb.wallet_id, wb.currency
         FOR UPDATE OF wb`,
    );

    const [pending] = await rows<{ id: string }>(
      tx,
      sql`
      SELECT id FROM remittances WHERE user_id = ${body.userId} AND currency = ${currency} AND status = 'pending'`,
    );
    if (pending) throw conflict(`A ${currency} remittance for this customer is already pending`);

    const funded = balances.filter((b) => isPositive(b.balance));
    if (funded.length === 0) throw conflict(`There is no ${currency} balance to remit`);

    const [remittance] = await rows<{
      id: string;
      amount: string;
      status: string;
      requested_by: string;
      created_at: string;
    }>(
      tx,
      sql`
      INSERT INTO remittances (user_id, currency, amount, status, requested_by)
      SELECT ${body.userId}, ${currency}, sum(b), 'pending', ${actorId}
        FROM unnest(${pgNumericArray(funded.map((b) => b.balance))}::numeric[]) AS b
      ON CONFLICT (user_id, currency) WHERE status = 'pending' DO NOTHING
      RETURNING id, trim_scale(amount)::text AS amount, status, requested_by,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
    );
    if (!remittance) throw conflict(`A ${currency} remittance for this customer is already pending`);

    const debits: RemittanceResult['debits'] = [];
    for (const b of funded) {
      // The customer's own history shows where the money went (a withdrawal, state 1).
      const { balanceAfter } = await debit(tx, {
        walletId: b.wallet_id,
        currency,
        amount: b.balance,
        kind: 'remittance',
        reference: { type: 'remittance', id: remittance.id },
        staffId: actorId,
        mirror: {
          userId: body.userId,
          state: 1,
          type: 'withdraw',
          description: `Remittance of ${b.balance} ${currency} (remittance ${remittance.id})`,
          fromAddress: b.address,
        },
      });
      debits.push({ walletId: b.wallet_id, amount: b.balance, balanceAfter });
    }

    await emitEvent(tx, {
      type: 'funds.remitted',
      userId: body.userId,
      payload: {
        customerId: body.userId,
        remittanceId: remittance.id,
        currency,
        amount: remittance.amount,
        status: remittance.status,
        walletIds: debits.map((d) => d.walletId),
      },
    });
    await writeAudit(tx, ctx, {
      action: 'remittance.trigger',
      targetType: 'user',
      targetId: body.userId,
      before: { currency, balances: funded.map((b) => ({ walletId: b.wallet_id, balance: b.balance })) },
      after: { remittanceId: remittance.id, currency, amount: remittance.amount, status: remittance.status, debits },
    });

    return {
      _id: remittance.id,
      userId: body.userId,
      currency,
      currencyCode: body.currency,
      amount: remittance.amount,
      status: remittance.status,
      requestedBy: remittance.requested_by,
      createdAt: remittance.created_at,
      debits,
    };
  });
}
