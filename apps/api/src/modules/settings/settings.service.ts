import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { offsetPage, sqlPageRead, type PageQuery } from '../../lists/page';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { toIso as iso } from '../../timestamps/iso';

/** Timestamps from raw SQL come back as text or Date depending on the driver path. */

type Row = {
  id: string;
  vlt_token_usd_price: string;
  busd_token_usd_price: string;
  vlt_token_apr: string;
  changed_by_email: string | null;
  created_at: Date | string;
};

/** numeric(38,18) as text without the trailing zeros: "0.250000000000000000" -> "0.25". */
const trim = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
const out = (r: Row) => ({
  _id: String(r.id),
  vltTokenUsdPrice: trim(r.vlt_token_usd_price),
  busdTokenUsdPrice: trim(r.busd_token_usd_price),
  vltTokenAPR: trim(r.vlt_token_apr),
  updatedBy: r.changed_by_email,
  updatedAt: iso(r.created_at),
});
const COLUMNS = sql`id, vlt_token_usd_price::text, busd_token_usd_price::text, vlt_token_apr::text, changed_by_email, created_at`;

/** `amount` (in `currency`) times the current internal settings' USD price of that currency: what four eyes values a money request at. */
export async function usdAtCurrentPrices(q: Tx, amount: string, currency: string) {
  const {
    rows: [r],
  } = await q.execute<{ usd: string }>(sql`
    SELECT trim_scale(${amount}::numeric * CASE ${currency} WHEN 'VLT' THEN vlt_token_usd_price ELSE busd_token_usd_price END)::text AS usd
      FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`);
  return r?.usd ?? amount;
}

export function createSettingsService(db: Db) {
  return {
    /** The current settings: the newest version. */
    async current() {
      const { rows } = await db.execute<Row>(
        sql`SELECT ${COLUMNS} FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
      );
      return rows.map(out);
    },

    history(q: PageQuery) {
      const select = sql`SELECT ${COLUMNS} FROM process_settings_versions ORDER BY created_at DESC, id DESC`;
      return offsetPage(q, sqlPageRead(db, select, sql`process_settings_versions`, out), { totalPage: false });
    },

    /**
     * Writes a new version (the old ones stay as history) and the VLT and BUSD prices the rest
     * of the back office reads, in one transaction with the audit row. Concurrent updates are
     * serialised so each one's "before" is the version it replaced.
     */
    async update(
      body: { vltTokenUsdPrice: string; busdTokenUsdPrice: string; vltTokenAPR: string },
      ctx: RequestContext,
    ) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vaultdesk.process-settings'))`);
        const {
          rows: [before],
        } = await tx.execute<Row>(
          sql`SELECT ${COLUMNS} FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
        );
        const {
          rows: [row],
        } = await tx.execute<Row>(sql`
          INSERT INTO process_settings_versions (vlt_token_usd_price, busd_token_usd_price, vlt_token_apr, changed_by, changed_by_email, created_at)
          VALUES (${body.vltTokenUsdPrice}, ${body.busdTokenUsdPrice}, ${body.vltTokenAPR}, ${ctx.actor?.id ?? null}, ${ctx.actor?.email ?? null},
                  greatest(clock_timestamp(), ${before?.created_at ?? new Date(0)}::timestamptz + interval '1 microsecond'))
          RETURNING ${COLUMNS}`);
        await tx.execute(sql`
          INSERT INTO token_prices (currency, usd_price, updated_by, updated_at)
          VALUES ('VLT', ${body.vltTokenUsdPrice}, ${ctx.actor?.id ?? null}, now()), ('BUSD', ${body.busdTokenUsdPrice}, ${ctx.actor?.id ?? null}, now())
          ON CONFLICT (currency) DO UPDATE SET usd_price = EXCLUDED.usd_price, updated_by = EXCLUDED.updated_by, updated_at = now()`);
        const after = out(row!);
        await writeAudit(tx, ctx, {
          action: 'settings.update',
          targetType: 'process_settings',
          targetId: after._id,
          before: before
            ? {
                vltTokenUsdPrice: trim(before.vlt_token_usd_price),
                busdTokenUsdPrice: trim(before.busd_token_usd_price),
                vltTokenAPR: trim(before.vlt_token_apr),
              }
            : null,
          after: {
            vltTokenUsdPrice: after.vltTokenUsdPrice,
            busdTokenUsdPrice: after.busdTokenUsdPrice,
            vltTokenAPR: after.vltTokenAPR,
          },
        });
        return after;
      });
    },
  };
}
