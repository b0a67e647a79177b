import { sql } from 'drizzle-orm';
import type { Tx } from '@vaultdesk/db';
import { heldWithMoneyOn, oneRow, over, type AreaApprovals } from '../approvals/approvals.service';
import { createSettingsService } from './settings.service';

async function settingsVersion(q: Tx) {
  const r = await oneRow<{ id: string }>(
    q,
    sql`SELECT id::text AS id FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return r?.id ?? null;
}

/** Whether the body's USD prices differ from the ones in force (the prices requests are valued at). */
async function pricesChange(q: Tx, body: Record<string, unknown>) {
  const r = await oneRow<{ changed: boolean }>(
    q,
    sql`
    SELECT (${String(body.vltTokenUsdPrice)}::numeric IS DISTINCT FROM vlt_token_usd_price
            OR ${String(body.busdTokenUsdPrice)}::numeric IS DISTINCT FROM busd_token_usd_price) AS changed
      FROM process_settings_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return r?.changed ?? true;
}

/** The internal settings' guarded change. */
export const SETTINGS_APPROVALS: AreaApprovals = () => ({
  'settings.update': {
    kind: 'settings',
    permission: 'settings.manage',
    summary: async (_q, { body }) =>
      `Set the internal settings: VLT price ${String(body.vltTokenUsdPrice)} USD, BUSD price ${String(body.busdTokenUsdPrice)} USD, VLT APR ${String(body.vltTokenAPR)}%`,
    // The prices value the money kinds' requests: while a threshold is on, changing them waits too.
    decide: heldWithMoneyOn((q, { body }) => pricesChange(q, body)),
    snapshot: async (q) => ({ 'the internal settings version': await settingsVersion(q) }),
    execute: (tx, ctx, { body }) =>
      createSettingsService(over(tx)).update(
        body as { vltTokenUsdPrice: string; busdTokenUsdPrice: string; vltTokenAPR: string },
        ctx,
      ),
  },
});
