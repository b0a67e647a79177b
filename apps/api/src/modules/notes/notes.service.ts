import { sql } from 'drizzle-orm';
import type { CaseNote, CaseNotesPage } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { offsetPage } from '../../lists/page';

/** Which notes the caller may read: customer notes need users.read, KYC case notes kyc.read. */
export type NoteScope = { customer: boolean; kyc: boolean };
/** The scope of a caller's permissions (customer notes are read with users.read, the profile's; KYC case notes with kyc.read, Manage KYC's). */
export const noteScopeFor = (permissions: readonly string[] | undefined): NoteScope => ({
  customer: !!permissions?.includes('users.read'),
  kyc: !!permissions?.includes('kyc.read'),
});
export type NoteAuthor = { id: string; email: string; fullName: string };

type NoteRow = {
  id: string;
  user_id: string;
  kyc_record_id: string | null;
  corrects_id: string | null;
  body: string;
  author_email: string;
  author_name: string;
  created_at: string;
};

/** The columns a note is read with (alias n), times as ISO 8601 in UTC. */
export const NOTE_COLUMNS = `n.id, n.user_id, n.kyc_record_id, n.corrects_id, n.body, n.author_email::text AS author_email, n.author_name,
  to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at`;

/** The notes of the scope, as a SQL condition on alias n (never empty: a caller with neither reads nothing). */
export const scopeCondition = (scope: NoteScope) =>
  scope.customer && scope.kyc
    ? 'true'
    : scope.customer
      ? 'n.kyc_record_id IS NULL'
      : scope.kyc
        ? 'n.kyc_record_id IS NOT NULL'
        : 'false';

export const toNote = (r: NoteRow): CaseNote => ({
  _id: r.id,
  userId: r.user_id,
  on: r.kyc_record_id ? 'kyc' : 'customer',
  kycRecordId: r.kyc_record_id,
  correctsId: r.corrects_id,
  note: r.body,
  authorEmail: r.author_email,
  authorName: r.author_name,
  createdAt: r.created_at,
});

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/**
 * One page of a customer's notes, newest first, with their count: bounded by one customer's
 * notes (case_notes_user_idx), so OFFSET and count are fine here. `kycId` narrows to one case.
 */
async function notesPage(
  db: Db,
  where: { userId: string; kycId?: string },
  scope: NoteScope,
  pageNo: number,
  pageSize: number,
): Promise<CaseNotesPage> {
  const cond = where.kycId ? 'n.kyc_record_id = $2' : `n.user_id = $1 AND ${scopeCondition(scope)}`;
  const params = where.kycId ? [where.userId, where.kycId] : [where.userId];
  return offsetPage(
    { page: pageNo, pageSize },
    {
      rows: async (limit, offset) =>
        (
          await db.$client.query<NoteRow>(
            `SELECT ${NOTE_COLUMNS} FROM case_notes n WHERE n.user_id = $1 AND ${cond}
        ORDER BY n.created_at DESC, n.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          )
        ).rows.map(toNote),
      count: async () =>
        (
          await db.$client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM case_notes n WHERE n.user_id = $1 AND ${cond}`,
            params,
          )
        ).rows[0]!.n,
    },
  );
}

/** Adds one note (customer or KYC case) and its audit row in one transaction. */
async function addNote(
  db: Db,
  target: { userId: string; kycId: string | null },
  body: { note: string; correctsId?: string },
  author: NoteAuthor,
  ctx: RequestContext,
) {
  return db.transaction(async (tx) => {
    if (body.correctsId) {
      const { rows } = await tx.execute<{ user_id: string }>(
        sql`SELECT user_id FROM case_notes WHERE id = ${body.correctsId}`,
      );
      if (rows[0]?.user_id !== target.userId) {
        throw badRequest('A correction names an earlier note about the same customer', {
          correctsId: ['No note about this customer with this id'],
        });
      }
    }
    const { rows } = await tx.execute<NoteRow>(sql`
      INSERT INTO case_notes AS n (user_id, kyc_record_id, corrects_id, body, author_id, author_email, author_name)
      VALUES (${target.userId}, ${target.kycId}, ${body.correctsId ?? null}, ${body.note}, ${author.id}, ${author.email}, ${author.fullName})
      RETURNING ${sql.raw(NOTE_COLUMNS)}`);
    const note = toNote(rows[0]!);
    // The text goes into the audit row too: the audit trail's hash chain then seals it as well.
    await writeAudit(tx, ctx, {
      action: 'note.add',
      targetType: 'case_note',
      targetId: note._id,
      after: {
        userId: note.userId,
        on: note.on,
        kycRecordId: note.kycRecordId,
        correctsId: note.correctsId,
        note: note.note,
      },
    });
    return note;
  });
}

export function createNotesService(db: Db) {
  return {
    async userNotes(userId: string, scope: NoteScope, pageNo: number, pageSize: number) {
      const result = await notesPage(db, { userId }, scope, pageNo, pageSize);
      if (!result.totalRecords) {
        const { rows } = await db.$client.query('SELECT 1 FROM users WHERE id = $1', [userId]);
        if (!rows[0]) throw notFound('User');
      }
      return result;
    },

    async kycNotes(kycId: string, scope: NoteScope, pageNo: number, pageSize: number) {
      const { rows } = await db.$client.query<{ user_id: string }>('SELECT user_id FROM kyc_records WHERE id = $1', [
        kycId,
      ]);
      if (!rows[0]) throw notFound('KYC record');
      // With users.read too, the case's screen shows the customer's notes beside the case's own.
      return notesPage(
        db,
        scope.customer ? { userId: rows[0].user_id } : { userId: rows[0].user_id, kycId },
        scope,
        pageNo,
        pageSize,
      );
    },

    async addUserNote(
      body: { userId: string; note: string; correctsId?: string },
      author: NoteAuthor,
      ctx: RequestContext,
    ) {
      const { rows } = await db.$client.query('SELECT 1 FROM users WHERE id = $1', [body.userId]);
      if (!rows[0]) throw notFound('User');
      return addNote(db, { userId: body.userId, kycId: null }, body, author, ctx);
    },

    async addKycNote(
      body: { kycId: string; note: string; correctsId?: string },
      author: NoteAuthor,
      ctx: RequestContext,
    ) {
      const { rows } = await db.$client.query<{ user_id: string }>('SELECT user_id FROM kyc_records WHERE id = $1', [
        body.kycId,
      ]);
      if (!rows[0]) throw notFound('KYC record');
      return addNote(db, { userId: rows[0].user_id, kycId: body.kycId }, body, author, ctx);
    },
  };
}
