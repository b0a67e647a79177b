/** Notes on cases: staff notes on a customer (user profile) and on their KYC case (Manage KYC). */
import { z } from 'zod';
import { pageNumber, pagedRecords, pageSizeOf } from './paging';
import { boundedText, readableText, TEXT_LIMITS } from './text';

export const NOTES_PAGE_SIZE = 10;
export const NOTES_MAX_PAGE_SIZE = 50;
/** Activity Search's note search: at least this many characters (a trigram needs three). */
export const NOTE_SEARCH_MIN_LENGTH = 3;
/** The newest notes Activity Search shows, for one customer and for a text search. */
export const NOTES_FINDER_LIMIT = 50;
export const NOTE_MESSAGES = {
  added: 'Note added',
  required: 'Please write a note',
  searchTooShort: `Type at least ${NOTE_SEARCH_MIN_LENGTH} characters to search the notes`,
} as const;

/** What a note is written on: the customer (profile) or the customer's KYC case (Manage KYC). */
export const NOTE_SUBJECTS = ['customer', 'kyc'] as const;
export type NoteSubject = (typeof NOTE_SUBJECTS)[number];
export const NOTE_SUBJECT_LABELS: Record<NoteSubject, string> = { customer: 'Customer', kyc: 'KYC case' };

const noteId = (label: string) => z.guid(`${label} must be a valid id`);
const page = pageNumber(10_000, { min: 'page starts at 1' });
const pageSize = pageSizeOf(NOTES_PAGE_SIZE, NOTES_MAX_PAGE_SIZE);

export const caseNote = z.object({
  _id: z.string(),
  userId: z.string(),
  on: z.enum(NOTE_SUBJECTS),
  kycRecordId: z.string().nullable(),
  /** The earlier note this one corrects (notes are never edited: a correction is a new note). */
  correctsId: z.string().nullable(),
  note: z.string(),
  authorEmail: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type CaseNote = z.infer<typeof caseNote>;
export const caseNotesPage = pagedRecords(caseNote);
export type CaseNotesPage = z.infer<typeof caseNotesPage>;

export const noteText = readableText('Note', {
  max: TEXT_LIMITS.note,
  required: NOTE_MESSAGES.required,
  lines: 'several',
});

export const userNotesQuery = z.object({ userId: noteId('userId'), page, pageSize });
export type UserNotesQuery = z.input<typeof userNotesQuery>;
export const addUserNoteBody = z.object({
  userId: noteId('userId'),
  note: noteText,
  correctsId: noteId('correctsId').optional(),
});
export type AddUserNoteBody = z.input<typeof addUserNoteBody>;

export const kycNotesQuery = z.object({ kycId: noteId('kycId'), page, pageSize });
export type KycNotesQuery = z.input<typeof kycNotesQuery>;
export const addKycNoteBody = z.object({
  kycId: noteId('kycId'),
  note: noteText,
  correctsId: noteId('correctsId').optional(),
});
export type AddKycNoteBody = z.input<typeof addKycNoteBody>;

/** Activity Search over the text of every note the caller may read. */
export const noteSearchQuery = z.object({
  search: boundedText('Search', {
    min: NOTE_SEARCH_MIN_LENGTH,
    max: TEXT_LIMITS.search,
    required: NOTE_MESSAGES.searchTooShort,
  }),
});
export type NoteSearchQuery = z.input<typeof noteSearchQuery>;
export const foundNote = caseNote.extend({
  user: z.object({ _id: z.string(), fullName: z.string(), username: z.string(), email: z.string() }),
});
export type FoundNote = z.infer<typeof foundNote>;
export const noteSearchResult = z.array(foundNote);
