import { sql } from 'drizzle-orm';
import type { Tx } from '@vaultdesk/db';
import { conflict } from '../http/errors';
import { credit, debit } from '../ledger/ledger';

/** Statuses in which a deposit item's amount is out of the customer's wallet (on its way to, or in, the plan; failed may be retried). */
const HELD = new Set(['pending', 'processing', 'done', 'failed']);

/**
 * A deposit asked through the product API took its amount from the customer's wallet
 * (`savings-deposit`). The hold follows the item's status, in the transaction that changes it
 * (the item's row is locked by the guarded move): cancelled gives the amount back
 * (`savings-deposit-refund`) and takes it off the plan's deposit. Should an item ever leave
 * cancelled, the amount is taken again (409 when the wallet no longer holds it). Items with no
 * such debit (staff and demo items) are left alone.
 */
export async function followDepositHold(tx: Tx, queueItemId: string, status: string, staffId: string | null) {
  const {
    rows: [hold],
  } = await tx.execute<{
    wallet_id: string;
    currency: string;
    amount: string;
    held: boolean;
    user_id: string;
    plan_id: string;
    address: string;
  }>(sql`
    SELECT l.wallet_id, l.currency, trim_scale(qi.amount)::text AS amount, sum(l.amount) < 0 AS held, qi.user_id, qi.plan_id,
           w.address
      FROM ledger_entries l JOIN queue_items qi ON qi.id::text = l.reference_id JOIN wallets w ON w.id = l.wallet_id
     WHERE l.reference_type = 'queue_item' AND l.reference_id = ${queueItemId}
       AND l.kind IN ('savings-deposit', 'savings-deposit-refund')
     GROUP BY l.wallet_id, l.currency, qi.amount, qi.user_id, qi.plan_id, w.address`);
  if (!hold) return null;
  const want = HELD.has(status);
  if (want === hold.held) return null;
  const entry = {
    walletId: hold.wallet_id,
    currency: hold.currency,
    amount: hold.amount,
    reference: { type: 'queue_item', id: queueItemId },
    staffId,
  };
  if (want) {
    const [row] = (
      await tx.execute<{ enough: boolean }>(sql`
        SELECT coalesce(max(balance), 0) >= ${hold.amount}::numeric AS enough
          FROM wallet_balances WHERE wallet_id = ${hold.wallet_id} AND currency = ${hold.currency}`)
    ).rows;
    if (!row?.enough) throw conflict("The customer's wallet no longer holds this deposit's amount");
    await debit(tx, {
      ...entry,
      kind: 'savings-deposit',
      mirror: {
        userId: hold.user_id,
        state: 5,
        type: 'savings',
        description: `Deposit of ${hold.amount} ${hold.currency} taken again`,
        fromAddress: hold.address,
      },
    });
  } else {
    await credit(tx, {
      ...entry,
      kind: 'savings-deposit-refund',
      mirror: {
        userId: hold.user_id,
        state: 0,
        type: 'funding',
        description: `Refund of ${status} deposit ${queueItemId}`,
        toAddress: hold.address,
      },
    });
  }
  await tx.execute(sql`
    UPDATE savings_plans SET deposit_amount = greatest(0, deposit_amount ${want ? sql`+` : sql`-`} ${hold.amount}::numeric), updated_at = now()
     WHERE id = ${hold.plan_id}`);
  return { refunded: !want, amount: hold.amount, currency: hold.currency };
}
