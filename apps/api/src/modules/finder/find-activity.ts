import { sql } from 'drizzle-orm';
import { FINDER_LIMIT, NOTES_FINDER_LIMIT, type FinderResult } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { NOTE_COLUMNS, scopeCondition, toNote, type NoteScope } from '../notes/notes.service';
import { isoSql as ISO } from '../../timestamps/iso';

/** One customer's sign-ins, newest transactions, the staff actions on them and their notes. */
export async function findActivity(
  db: Db,
  email: string,
  showDevices: boolean,
  notesScope: NoteScope,
): Promise<FinderResult> {
  const {
    rows: [u],
  } = await db.execute<{
    id: string;
    full_name: string;
    username: string;
    email: string;
    created_at: string;
    deactivated: boolean;
    last_login_at: string | null;
    location: Record<string, unknown> | null;
  }>(sql`
    SELECT id, full_name, username::text AS username, email::text AS email, ${ISO('created_at')} AS created_at, deactivated,
           ${ISO('last_login_at')} AS last_login_at, last_login_location AS location
      FROM users WHERE email = ${email}`);
  if (!u) return { user: null, signIns: [], transactions: [], staffActions: [], notes: [] };
  const [txs, actions, notes] = await Promise.all([
    db.execute<{
      id: string;
      kind: 'wallet' | 'savings';
      amount: string;
      currency: string;
      state: number;
      description: string | null;
      created_at: string;
    }>(sql`
      SELECT id, kind, amount, currency, state, description, ${ISO('at')} AS created_at FROM (
        (SELECT id, 'wallet' AS kind, trim_scale(amount)::text AS amount, currency, transaction_state AS state, description, created_at AS at
           FROM wallet_transactions WHERE user_id = ${u.id} ORDER BY created_at DESC LIMIT ${FINDER_LIMIT})
        UNION ALL
        (SELECT id, 'savings', trim_scale(amount)::text, currency, transaction_state, description, created_at
           FROM savings_transactions WHERE user_id = ${u.id} ORDER BY created_at DESC LIMIT ${FINDER_LIMIT})
      ) x ORDER BY at DESC, id DESC LIMIT ${FINDER_LIMIT}`),
    // Changes staff made to the customer, their plans, wallets, transaction records, KYC case
    // (decisions and claims) and withdrawal requests: each found from the record's owner on
    // its user_id index, then the audit rows by (target_type, target_id), never by scanning
    // the before/after JSON.
    db.execute<{
      id: string;
      at: string;
      actor_email: string | null;
      action: string;
      target_type: string;
      target_id: string | null;
    }>(sql`
      SELECT id::text, ${ISO('at')} AS at, actor_email::text AS actor_email, action, target_type, target_id FROM audit_log
       WHERE (target_type = 'user' AND target_id = ${u.id})
          OR (target_type = 'savings_plan' AND target_id IN (SELECT id::text FROM savings_plans WHERE user_id = ${u.id}))
          OR (target_type = 'wallet' AND target_id IN (SELECT id::text FROM wallets WHERE user_id = ${u.id}))
          OR (target_type = 'wallet_transaction' AND target_id IN (SELECT id::text FROM wallet_transactions WHERE user_id = ${u.id}))
          OR (target_type = 'savings_transaction' AND target_id IN (SELECT id::text FROM savings_transactions WHERE user_id = ${u.id}))
          OR (target_type = 'kyc_record' AND target_id IN (SELECT id::text FROM kyc_records WHERE user_id = ${u.id}))
          OR (target_type = 'withdrawal_request' AND target_id IN (SELECT id::text FROM withdrawal_requests WHERE user_id = ${u.id}))
          OR (target_type = 'case_note' AND target_id IN (SELECT id::text FROM case_notes WHERE user_id = ${u.id}))
       ORDER BY at DESC, id DESC LIMIT ${FINDER_LIMIT}`),
    // The customer's newest notes (case_notes_user_idx), those on the KYC case for KYC readers only.
    db.$client.query(
      `SELECT ${NOTE_COLUMNS} FROM case_notes n WHERE n.user_id = $1 AND ${scopeCondition(notesScope)}
        ORDER BY n.created_at DESC, n.id DESC LIMIT ${NOTES_FINDER_LIMIT}`,
      [u.id],
    ),
  ]);
  const loc = u.location ?? {};
  return {
    user: {
      _id: u.id,
      fullName: u.full_name,
      username: u.username,
      email: u.email,
      createdAt: u.created_at,
      deactivated: u.deactivated,
    },
    // The product keeps each customer's latest sign-in only; device details need users.devices, as on the profile.
    signIns: u.last_login_at
      ? [
          {
            at: u.last_login_at,
            country: showDevices && typeof loc.cfIpCountry === 'string' ? loc.cfIpCountry : null,
            device: showDevices
              ? [loc.deviceType, loc.userDevice].filter((v) => typeof v === 'string' && v).join(' · ') || null
              : null,
          },
        ]
      : [],
    transactions: txs.rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      amount: r.amount,
      currency: r.currency,
      transactionState: r.state,
      description: r.description,
      createdAt: r.created_at,
    })),
    staffActions: actions.rows.map((r) => ({
      _id: r.id,
      at: r.at,
      actorEmail: r.actor_email,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
    })),
    notes: notes.rows.map(toNote),
  };
}
