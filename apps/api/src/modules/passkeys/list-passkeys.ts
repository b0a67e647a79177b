import { sql } from 'drizzle-orm';
import { PASSKEY_MAX_PER_ACCOUNT, type PasskeyList } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { AuthState } from '../../http/auth';
import { ISO, isRecent, recordOut, type PasskeyRow } from './passkey-ceremony';

/** The account's own passkeys, whether its role requires one, and whether it may add another now. */
export async function listPasskeys(db: Db, a: AuthState): Promise<PasskeyList> {
  const [
    { rows },
    {
      rows: [role],
    },
  ] = await Promise.all([
    db.execute<PasskeyRow>(sql`
      SELECT id, name, ${ISO('created_at')} AS created_at, ${ISO('last_used_at')} AS last_used_at, device_type, backed_up
        FROM staff_passkeys WHERE staff_id = ${a.staffId} ORDER BY created_at, id`),
    db.execute<{ require_passkey: boolean }>(
      sql`SELECT r.require_passkey FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = ${a.staffId}`,
    ),
  ]);
  return {
    records: rows.map(recordOut),
    required: !!role?.require_passkey,
    canAdd: isRecent(a) && rows.length < PASSKEY_MAX_PER_ACCOUNT,
  };
}
