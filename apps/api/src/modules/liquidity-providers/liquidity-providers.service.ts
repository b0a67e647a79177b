import { sql } from 'drizzle-orm';
import type { BridgeSellRequest, LiquidityProvider } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { toIso } from '../../timestamps/iso';
import { offsetPage, sqlPageRead } from '../../lists/page';

type Row = {
  id: string;
  name: string;
  wallet_address: string;
  is_active: boolean;
  edited_by_email: string | null;
  updated_at: string;
};
const toProvider = (r: Row): LiquidityProvider => ({
  _id: r.id,
  name: r.name,
  walletAddress: r.wallet_address,
  isActive: r.is_active,
  editedBy: r.edited_by_email ? { email: r.edited_by_email } : null,
  updatedAt: toIso(r.updated_at)!,
});
const SELECT = sql`SELECT lp.id, lp.name, lp.wallet_address, lp.is_active, st.email::text AS edited_by_email, lp.updated_at
  FROM liquidity_providers lp LEFT JOIN staff st ON st.id = lp.edited_by`;
const byId = async (q: Db | Tx, id: string) => {
  const { rows } = await q.execute<Row>(sql`${SELECT} WHERE lp.id = ${id}`);
  return rows[0] ? toProvider(rows[0]) : null;
};

export function createLiquidityProvidersService(db: Db) {
  return {
    /** A short list (a handful of providers): counted exactly. */
    list(page: number, pageSize: number) {
      const read = sqlPageRead(
        db,
        sql`${SELECT} ORDER BY lp.updated_at DESC, lp.id DESC`,
        sql`liquidity_providers`,
        (r: Row) => toProvider(r),
      );
      return offsetPage({ page, pageSize }, read);
    },

    async add(body: { name: string; walletAddress: string }, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(sql`
          INSERT INTO liquidity_providers (name, wallet_address, edited_by) VALUES (${body.name}, ${body.walletAddress}, ${ctx.actor?.id ?? null})
          ON CONFLICT DO NOTHING RETURNING id`);
        if (!rows[0]) throw conflict('A liquidity provider with this wallet address exists already');
        await writeAudit(tx, ctx, {
          action: 'liquidity-provider.add',
          targetType: 'liquidity_provider',
          targetId: rows[0].id,
          after: { ...body, isActive: true },
        });
        return (await byId(tx, rows[0].id))!;
      });
    },

    /** Activate / Deactivate: a guarded update, so asking for the state it has already is a 409. */
    async setActive(providerId: string, isActive: boolean, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(sql`
          UPDATE liquidity_providers SET is_active = ${isActive}, edited_by = ${ctx.actor?.id ?? null}, updated_at = now()
           WHERE id = ${providerId} AND is_active = ${!isActive} RETURNING id`);
        if (!rows[0]) {
          if (!(await byId(tx, providerId))) throw new AppError('NOT_FOUND', 'Liquidity provider not found');
          throw conflict(`The liquidity provider is ${isActive ? 'active' : 'inactive'} already`);
        }
        await writeAudit(tx, ctx, {
          action: isActive ? 'liquidity-provider.activate' : 'liquidity-provider.deactivate',
          targetType: 'liquidity_provider',
          targetId: providerId,
          before: { isActive: !isActive },
          after: { isActive },
        });
        return (await byId(tx, providerId))!;
      });
    },

    async bridgeRequest(orderReference: string): Promise<BridgeSellRequest | null> {
      const { rows } = await db.execute<{
        order_reference: string;
        user_email: string;
        amount: string;
        pay_in_currency: string;
        destination_address: string;
        created_at: string;
        updated_at: string;
      }>(sql`
        SELECT order_reference, user_email, trim_scale(amount)::text AS amount, pay_in_currency, destination_address, created_at, updated_at
          FROM bridge_sell_requests WHERE lower(order_reference) = lower(${orderReference})`);
      const r = rows[0];
      return r
        ? {
            orderReference: r.order_reference,
            userEmail: r.user_email,
            amount: r.amount,
            payInCurrency: r.pay_in_currency,
            destinationAddress: r.destination_address,
            createdAt: toIso(r.created_at)!,
            updatedAt: toIso(r.updated_at)!,
          }
        : null;
    },
  };
}
