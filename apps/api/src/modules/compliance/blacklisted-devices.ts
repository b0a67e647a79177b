import { sql } from 'drizzle-orm';
import type { BlacklistedDevice, BlacklistedDevices } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { emitEvent } from '../../outbox/outbox';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { isoSql } from '../../timestamps/iso';
import { pageOffset, pagePayload } from '../../lists/page';
import { notFound, rows } from './compliance-rows';

/** The blacklisted devices: the list, a device added, its flag set or cleared. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DeviceRow = {
  id: string;
  device_id: string;
  username: string | null;
  user_id: string | null;
  blacklisted: boolean;
  created_at: string;
  updated_at: string;
};
const DEVICE_SELECT = sql`
  SELECT d.id, d.device_id, u.username, d.user_id, d.blacklisted, ${isoSql('d.created_at')} AS created_at, ${isoSql('d.updated_at')} AS updated_at
    FROM blacklisted_devices d LEFT JOIN users u ON u.id = d.user_id`;
const toDevice = (r: DeviceRow): BlacklistedDevice => ({
  _id: r.id,
  deviceId: r.device_id,
  userId: r.username,
  customerId: r.user_id,
  blacklisted: r.blacklisted,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * A device blacklisted: one device.blacklisted event per customer holding it, the customer the
 * record names and every customer who registered on that device (their registration device's
 * serial), each once, in id order. A device no customer holds emits nothing (no one to tell).
 */
async function emitBlacklisted(tx: Tx, recordId: string) {
  const holders = await rows<{ user_id: string; device_id: string }>(
    tx,
    sql`
    SELECT DISTINCT u.id AS user_id, d.device_id
      FROM blacklisted_devices d
      JOIN users u ON u.id = d.user_id OR (u.registration_device_details ->> 'serial') = d.device_id
     WHERE d.id = ${recordId}
     ORDER BY u.id`,
  );
  for (const h of holders)
    await emitEvent(tx, {
      type: 'device.blacklisted',
      userId: h.user_id,
      payload: { customerId: h.user_id, deviceId: h.device_id, blacklistedRecordId: recordId },
    });
}

export async function blacklistedDevices(db: Db, page: number, pageSize: number): Promise<BlacklistedDevices> {
  // Devices staff blacklisted by hand: a short list, so OFFSET and an exact count stay.
  const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM blacklisted_devices`);
  const found = await rows<DeviceRow>(
    db,
    sql`${DEVICE_SELECT} ORDER BY d.created_at DESC, d.id LIMIT ${pageSize} OFFSET ${pageOffset({ page, pageSize })}`,
  );
  return pagePayload({ page, pageSize }, found.map(toDevice), c!.n);
}

export async function addBlacklistedDevice(db: Db, ctx: RequestContext, body: { deviceId: string; userId?: string }) {
  return db.transaction(async (tx) => {
    let customerId: string | null = null;
    if (body.userId) {
      // Staff may name the customer by id, username or e-mail.
      const [user] = await rows<{ id: string }>(
        tx,
        UUID.test(body.userId)
          ? sql`SELECT id FROM users WHERE id = ${body.userId.toLowerCase()}`
          : sql`SELECT id FROM users WHERE username = ${body.userId} OR email = ${body.userId} LIMIT 1`,
      );
      if (!user) throw notFound('No customer with this id, username or e-mail');
      customerId = user.id;
    }
    const [created] = await rows<{ id: string }>(
      tx,
      sql`
      INSERT INTO blacklisted_devices (device_id, user_id, blacklisted, created_by, updated_by)
      VALUES (${body.deviceId}, ${customerId}::uuid, true, ${ctx.actor?.id ?? null}::uuid, ${ctx.actor?.id ?? null}::uuid)
      ON CONFLICT (device_id) DO NOTHING RETURNING id`,
    );
    if (!created) throw conflict('This device is already on the list: blacklist or de-list it there');
    const [row] = await rows<DeviceRow>(tx, sql`${DEVICE_SELECT} WHERE d.id = ${created.id}`);
    const device = toDevice(row!);
    await emitBlacklisted(tx, created.id);
    await writeAudit(tx, ctx, {
      action: 'device.blacklist',
      targetType: 'blacklisted_device',
      targetId: device._id,
      after: device,
    });
    return device;
  });
}

/** Sets the flag by a guarded update on its current value, so a stale screen cannot flip it back. */
export async function setBlacklisted(
  db: Db,
  ctx: RequestContext,
  body: { blacklistedRecordId: string; blacklisted: boolean },
) {
  return db.transaction(async (tx) => {
    const [before] = await rows<DeviceRow>(
      tx,
      sql`${DEVICE_SELECT} WHERE d.id = ${body.blacklistedRecordId} FOR UPDATE OF d`,
    );
    if (!before) throw notFound('Blacklisted device record not found');
    const [updated] = await rows<{ id: string }>(
      tx,
      sql`
      UPDATE blacklisted_devices SET blacklisted = ${body.blacklisted}, updated_by = ${ctx.actor?.id ?? null}::uuid, updated_at = now()
       WHERE id = ${body.blacklistedRecordId} AND blacklisted = ${!body.blacklisted} RETURNING id`,
    );
    if (!updated) throw conflict(`This device is already ${body.blacklisted ? 'blacklisted' : 'de-listed'}`);
    if (body.blacklisted) await emitBlacklisted(tx, body.blacklistedRecordId);
    const [after] = await rows<DeviceRow>(tx, sql`${DEVICE_SELECT} WHERE d.id = ${body.blacklistedRecordId}`);
    await writeAudit(tx, ctx, {
      action: body.blacklisted ? 'device.blacklist' : 'device.delist',
      targetType: 'blacklisted_device',
      targetId: body.blacklistedRecordId,
      before: { blacklisted: before.blacklisted },
      after: { blacklisted: body.blacklisted, deviceId: before.device_id },
    });
    return toDevice(after!);
  });
}
