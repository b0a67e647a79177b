import { sql } from 'drizzle-orm';
import type { AdminProfile } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { AuthState } from '../../http/auth';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { isoSql } from '../../timestamps/iso';

/** How many of the account's sign-in attempts the Info tab shows. */
const SIGN_INS_SHOWN = 10;

export function createAdminProfileService(db: Db) {
  return {
    async profile(auth: AuthState): Promise<AdminProfile> {
      const [staffRows, attempts, sessions] = await Promise.all([
        db.execute<{ id: string; full_name: string; email: string; totp_enabled: boolean; created_at: string }>(sql`
          SELECT id, full_name, email::text AS email, totp_enabled, ${isoSql('created_at')} AS created_at FROM staff WHERE id = ${auth.staffId}`),
        db.execute<{ at: string; ip: string; step: string; success: boolean }>(sql`
          SELECT ${isoSql('at')} AS at, ip, step, success FROM login_attempts WHERE email = ${auth.email} ORDER BY at DESC LIMIT ${SIGN_INS_SHOWN}`),
        db.execute<{
          id: string;
          created_at: string;
          expires_at: string;
          ip: string | null;
          user_agent: string | null;
        }>(sql`
          SELECT id, ${isoSql('created_at')} AS created_at, ${isoSql('expires_at')} AS expires_at, ip, user_agent FROM staff_sessions
           WHERE staff_id = ${auth.staffId} AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 50`),
      ]);
      const s = staffRows.rows[0]!;
      return {
        _id: s.id,
        fullName: s.full_name,
        email: s.email,
        role: auth.roleTitle,
        enable2FA: s.totp_enabled,
        createdAt: s.created_at,
        lastSignIns: attempts.rows,
        sessions: sessions.rows.map((r) => ({
          _id: r.id,
          createdAt: r.created_at,
          expiresAt: r.expires_at,
          ip: r.ip,
          userAgent: r.user_agent,
          current: r.id === auth.sessionId,
        })),
      };
    },

    async updateName(ctx: RequestContext, auth: AuthState, fullName: string) {
      return db.transaction(async (tx) => {
        const {
          rows: [before],
        } = await tx.execute<{ full_name: string }>(
          sql`SELECT full_name FROM staff WHERE id = ${auth.staffId} FOR UPDATE`,
        );
        await tx.execute(sql`UPDATE staff SET full_name = ${fullName}, updated_at = now() WHERE id = ${auth.staffId}`);
        await writeAudit(tx, ctx, {
          action: 'admin.profile.update',
          targetType: 'staff',
          targetId: auth.staffId,
          before: { fullName: before!.full_name },
          after: { fullName },
        });
        return { fullName };
      });
    },

    /** Ends every other open session of the caller's account (a lost laptop, a shared machine). */
    async signOutOthers(ctx: RequestContext, auth: AuthState) {
      return db.transaction(async (tx) => {
        const { rowCount } = await tx.execute(sql`
          UPDATE staff_sessions SET revoked_at = now()
           WHERE staff_id = ${auth.staffId} AND id <> ${auth.sessionId} AND revoked_at IS NULL AND expires_at > now()`);
        const revoked = rowCount ?? 0;
        await writeAudit(tx, ctx, {
          action: 'auth.sessions.revoke-others',
          targetType: 'staff',
          targetId: auth.staffId,
          after: { revoked },
        });
        return { revoked };
      });
    },
  };
}
