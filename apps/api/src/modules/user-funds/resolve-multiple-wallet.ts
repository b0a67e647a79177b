import { sql } from 'drizzle-orm';
import type { ResolveWalletResult } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { move } from '../../ledger/ledger';
import { isPositive, notFound, rows } from './user-funds-shared';

/**
 * Folds a duplicate wallet into the customer's primary (oldest active) wallet: every balance
 * moves by a debit and a credit in the ledger, then the duplicate is deactivated by a guarded
 * update. The customer's wallets are locked first, so two resolves run one after the other.
 */
export async function resolveMultipleWallet(
  db: Db,
  ctx: RequestContext,
  walletId: string,
): Promise<ResolveWalletResult> {
  const actorId = ctx.actor!.id;
  return db.transaction(async (tx) => {
    const [target] = await rows<{ user_id: string }>(tx, sql`SELECT user_id FROM wallets WHERE id = ${walletId}`);
    if (!target) throw notFound('Wallet not found');

    const wallets = await rows<{ id: string; address: string; is_active: boolean }>(
      tx,
      sql`
      SELECT id, address, is_active FROM wallets WHERE user_id = ${target.user_id} ORDER BY created_at, id FOR UPDATE`,
    );
    const duplicate = wallets.find((w) => w.id === walletId)!;
    if (!duplicate.is_active) throw conflict('This wallet has already been resolved');
    const active = wallets.filter((w) => w.is_active);
    if (active.length < 2) throw conflict('The customer has only one active wallet: there is nothing to resolve');
    const primary = active[0]!;
    if (primary.id === walletId)
      throw conflict("This is the customer's primary wallet: resolve the duplicate wallet instead");

    const balances = await rows<{ wallet_id: string; currency: string; balance: string }>(
      tx,
      sql`
      SELECT wallet_id, currency, trim_scale(balance)::text AS balance FROM wallet_balances
       WHERE wallet_id IN (${primary.id}, ${walletId})
       ORDER BY wallet_id, currency
         FOR UPDATE`,
    );
    const toMove = balances.filter((b) => b.wallet_id === walletId && isPositive(b.balance));

    const moved: ResolveWalletResult['moved'] = [];
    for (const b of toMove) {
      // Both wallets' histories explain the move (transfer send 2 / receive 3).
      await move(tx, {
        from: { walletId, address: duplicate.address },
        to: { walletId: primary.id, address: primary.address },
        currency: b.currency,
        amount: b.balance,
        kind: 'wallet-merge',
        reference: { type: 'wallet-merge', id: walletId },
        staffId: actorId,
        userId: target.user_id,
        description: `Duplicate wallet resolved: ${b.balance} ${b.currency} moved to the primary wallet`,
      });
      moved.push({ currency: b.currency, amount: b.balance });
    }

    const [deactivated] = await rows<{ id: string }>(
      tx,
      sql`
      UPDATE wallets SET is_active = false WHERE id = ${walletId} AND is_active = true RETURNING id`,
    );
    if (!deactivated) throw conflict('This wallet has already been resolved');

    await writeAudit(tx, ctx, {
      action: 'wallet.resolve',
      targetType: 'wallet',
      targetId: walletId,
      before: {
        isActive: true,
        userId: target.user_id,
        balances: balances
          .filter((b) => b.wallet_id === walletId)
          .map(({ currency, balance }) => ({ currency, balance })),
      },
      after: { isActive: false, primaryWalletId: primary.id, moved },
    });
    return { walletId, isActive: false, primaryWalletId: primary.id, moved };
  });
}
