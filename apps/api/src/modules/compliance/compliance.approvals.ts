import { sql } from 'drizzle-orm';
import { oneRow, over, type AreaApprovals } from '../approvals/approvals.service';
import { createComplianceService } from './compliance.service';

/** The device blacklist's guarded changes (a blacklist kind). */
export const COMPLIANCE_APPROVALS: AreaApprovals = () => ({
  'device.add': {
    kind: 'blacklist',
    permission: 'devices.blacklist',
    summary: async (_q, { body }) =>
      `Blacklist the device ${String(body.deviceId)}${body.userId ? ` of ${String(body.userId)}` : ''}`,
    snapshot: async () => ({}),
    execute: (tx, ctx, { body }) =>
      createComplianceService(over(tx)).addBlacklistedDevice(ctx, body as { deviceId: string; userId?: string }),
  },
  'device.set': {
    kind: 'blacklist',
    permission: 'devices.blacklist',
    summary: async (q, { body }) => {
      const d = await oneRow<{ device_id: string }>(
        q,
        sql`SELECT device_id FROM blacklisted_devices WHERE id = ${String(body.blacklistedRecordId)}`,
      );
      return `${body.blacklisted ? 'Blacklist' : 'De-list'} the device ${d?.device_id ?? String(body.blacklistedRecordId)}`;
    },
    snapshot: async (q, { body }) => {
      const d = await oneRow<{ blacklisted: boolean }>(
        q,
        sql`SELECT blacklisted FROM blacklisted_devices WHERE id = ${String(body.blacklistedRecordId)}`,
      );
      return { "the device's listing": d ? (d.blacklisted ? 'blacklisted' : 'de-listed') : null };
    },
    execute: (tx, ctx, { body }) =>
      createComplianceService(over(tx)).setBlacklisted(
        ctx,
        body as { blacklistedRecordId: string; blacklisted: boolean },
      ),
  },
});
