import { useId } from 'react';
import { Button } from 'antd';
import { TEXT_LIMITS, type CaseNote } from '@vaultdesk/contract';
import { formatDateTime } from './date-time';
import { Typography } from './typography';

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** The form of CaseNotesCard that adds a note, or a correction of `correcting`. */
export const CaseNoteForm = ({
  placeholder,
  text,
  onText,
  error,
  correcting,
  onCancelCorrection,
  adding,
  onSubmit,
}: {
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  error: string | null;
  correcting: CaseNote | null;
  onCancelCorrection: () => void;
  adding: boolean;
  onSubmit: () => void;
}) => {
  const fieldId = useId();
  return (
    <form
      className="vd-notes-form"
      aria-label="Add a note"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={fieldId}>
        <Typography.Text strong>{correcting ? 'Correction' : 'New note'}</Typography.Text>
      </label>
      {correcting && (
        <Typography.Text type="secondary" data-testid="note-correcting">
          {`Correcting the note of ${formatDateTime(correcting.createdAt, { seconds: true })}: “${excerpt(correcting.note)}” `}
          <Button size="small" type="link" onClick={onCancelCorrection}>
            Cancel correction
          </Button>
        </Typography.Text>
      )}
      <textarea
        id={fieldId}
        value={text}
        maxLength={TEXT_LIMITS.note}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(e) => onText(e.target.value)}
      />
      <div className="vd-notes-form-row">
        <Typography.Text
          type={error ? 'danger' : 'secondary'}
          id={`${fieldId}-error`}
          role={error ? 'alert' : undefined}
        >
          {error ??
            `${text.length} / ${TEXT_LIMITS.note} · notes cannot be edited or deleted; a correction is a new note`}
        </Typography.Text>
        <Button type="primary" htmlType="submit" loading={adding}>
          {correcting ? 'Add correction' : 'Add note'}
        </Button>
      </div>
    </form>
  );
};
