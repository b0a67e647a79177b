import type { Db } from '@vaultdesk/db';

/**
 * Everything a refused grant must leave as it was: admins and their roles and states, roles and
 * their permissions, invites, queued mail, open sessions and the audit trail. Compared before and
 * after a refused call, so "changes nothing" is checked on the whole of access, not on one row.
 */
export async function accessFingerprint(db: Db) {
  const {
    rows: [row],
  } = await db.$client.query<Record<string, string | number>>(
    `SELECT md5(coalesce((SELECT string_agg(id || ':' || role_id || ':' || status || ':' || updated_at, ',' ORDER BY id) FROM staff), '')) AS staff,
            md5(coalesce((SELECT string_agg(id || ':' || title || ':' || description || ':' || array_to_string(permissions, '|') || ':' || is_active
                                            || ':' || coalesce(deleted_at::text, '') || ':' || updated_at, ',' ORDER BY id) FROM roles), '')) AS roles,
            (SELECT count(*)::int FROM staff_invites) AS invites,
            (SELECT count(*)::int FROM mail_outbox) AS mail,
            (SELECT count(*)::int FROM staff_sessions WHERE revoked_at IS NULL) AS sessions,
            (SELECT count(*)::int FROM audit_log) AS audit`,
  );
  return row!;
}
