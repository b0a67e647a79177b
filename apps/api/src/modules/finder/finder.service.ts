import { NOTES_FINDER_LIMIT, type FoundNote } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { NOTE_COLUMNS, scopeCondition, toNote, type NoteScope } from '../notes/notes.service';
import { findActivity } from './find-activity';

/** Activity search: one customer's sign-ins, newest transactions and the staff actions on them. */
export function createFinderService(db: Db) {
  return {
    find: (email: string, showDevices: boolean, notesScope: NoteScope) =>
      findActivity(db, email, showDevices, notesScope),

    /**
     * The newest notes whose text holds `search` (any part, case-insensitive), among those the
     * caller may read. PostgreSQL picks the way from its statistics of the text: for a rare
     * text the trigram index (case_notes_body_trgm_idx) finds the few matches, for a common one
     * it reads the newest notes first (case_notes_created_idx) and stops at the 50th match.
     */
    async searchNotes(search: string, scope: NoteScope): Promise<FoundNote[]> {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await db.$client.query(
        `SELECT ${NOTE_COLUMNS}, u.full_name, u.username::text AS username, u.email::text AS email
           FROM case_notes n JOIN users u ON u.id = n.user_id
          WHERE n.body ILIKE $1 AND ${scopeCondition(scope)}
          ORDER BY n.created_at DESC, n.id DESC LIMIT ${NOTES_FINDER_LIMIT}`,
        [pattern],
      );
      return rows.map((r) => ({
        ...toNote(r),
        user: {
          _id: r.user_id as string,
          fullName: r.full_name as string,
          username: r.username as string,
          email: r.email as string,
        },
      }));
    },
  };
}
