import { useState } from 'react';
import { App, Button, Tag } from 'antd';
import { NOTE_MESSAGES, NOTE_SUBJECT_LABELS, type CaseNote, type CaseNotesPage } from '@vaultdesk/contract';
import { errorMessage } from '../api/client';
import { formatDateTime, timeZoneName } from './date-time';
import { Card } from './light-card';
import { Pager } from './pager';
import { Typography } from './typography';
import { CaseNoteForm } from './case-note-form';
import './data-table.css';
import './case-notes.css';

/** What the card sends: the text, and the earlier note it corrects when it is a correction. */
export type NewNote = { note: string; correctsId?: string };

/** One note: who wrote it and when, on what, and the text as plain text (never HTML). */
const NoteItem = ({
  n,
  corrected,
  onCorrect,
}: {
  n: CaseNote;
  corrected: CaseNote | undefined;
  onCorrect?: () => void;
}) => (
  <li className="vd-note" data-testid="case-note" data-note-id={n._id}>
    <div className="vd-note-head">
      <Typography.Text strong>{n.authorName}</Typography.Text>
      <Typography.Text type="secondary">{n.authorEmail}</Typography.Text>
      <Typography.Text
        type="secondary"
        data-testid="case-note-time"
      >{`${formatDateTime(n.createdAt, { seconds: true })} (${timeZoneName()})`}</Typography.Text>
      <Tag color={n.on === 'kyc' ? 'purple' : 'blue'}>{NOTE_SUBJECT_LABELS[n.on]}</Tag>
      {n.correctsId && (
        <Tag color="orange" title={corrected ? `Corrects: ${corrected.note}` : undefined}>
          {corrected ? `Corrects the note of ${formatDateTime(corrected.createdAt)}` : 'Corrects an earlier note'}
        </Tag>
      )}
      {onCorrect && (
        <Button
          size="small"
          type="link"
          onClick={onCorrect}
          aria-label={`Correct the note of ${formatDateTime(n.createdAt, { seconds: true })}`}
        >
          Correct
        </Button>
      )}
    </div>
    {/* React escapes the text: a note holding markup shows the markup as characters. */}
    <p className="vd-note-text" data-testid="case-note-text">
      {n.note}
    </p>
  </li>
);

/**
 * A customer's notes, newest first, one server page at a time, with the form that adds one when
 * the viewer holds notes.write. Notes are never edited or deleted: "Correct" writes a new note
 * that names the one it corrects. Used by the user profile and Manage KYC.
 */
export const CaseNotesCard = ({
  title,
  placeholder,
  notes,
  add,
  page,
  onPage,
  canWrite,
  testId,
}: {
  title: string;
  placeholder: string;
  /** The page of notes being read (a query's result). */
  notes: { data: CaseNotesPage | undefined; isFetching: boolean };
  /** The call that adds a note; once it is added the card goes back to page 1, where it stands. */
  add: { mutateAsync: (note: NewNote) => Promise<unknown>; isPending: boolean };
  page: number;
  onPage: (page: number) => void;
  canWrite: boolean;
  testId: string;
}) => {
  const { data, isFetching: loading } = notes;
  const adding = add.isPending;
  const onAdd = (note: NewNote) => add.mutateAsync(note).then(() => onPage(1));
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [correcting, setCorrecting] = useState<CaseNote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const records = data?.records ?? [];
  const byId = new Map(records.map((n) => [n._id, n]));

  const submit = () => {
    const note = text.trim();
    if (!note) return setError(NOTE_MESSAGES.required);
    setError(null);
    onAdd({ note, ...(correcting ? { correctsId: correcting._id } : {}) }).then(
      () => {
        void message.success(NOTE_MESSAGES.added);
        setText('');
        setCorrecting(null);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  return (
    <Card title={title} data-testid={testId}>
      {canWrite && (
        <CaseNoteForm
          placeholder={placeholder}
          text={text}
          onText={setText}
          error={error}
          correcting={correcting}
          onCancelCorrection={() => setCorrecting(null)}
          adding={adding}
          onSubmit={submit}
        />
      )}
      {loading && !data ? (
        <Typography.Text type="secondary">Loading notes…</Typography.Text>
      ) : records.length === 0 ? (
        <Typography.Text type="secondary" data-testid="case-notes-empty">
          No notes yet
        </Typography.Text>
      ) : (
        <ul className="vd-notes-list" aria-label={title} aria-busy={loading || undefined}>
          {records.map((n) => (
            <NoteItem
              key={n._id}
              n={n}
              corrected={n.correctsId ? byId.get(n.correctsId) : undefined}
              onCorrect={canWrite ? () => setCorrecting(n) : undefined}
            />
          ))}
        </ul>
      )}
      {data && data.totalPage > 1 && (
        <Pager
          current={page}
          pageSize={data.pageSize}
          total={data.totalRecords}
          onChange={(p) => onPage(p)}
          showTotal={(total) => `${total} notes`}
        />
      )}
    </Card>
  );
};
