import { CaseNotesCard } from '../../../components/case-notes';
import { useAddUserNote, useUserNotes } from '../api/user-notes';

/** The customer's notes (and, for readers of KYC, those on their KYC case); a note added here is on the customer. */
export const UserNotesCard = ({
  userId,
  page,
  onPage,
  canWrite,
}: {
  userId: string;
  page: number;
  onPage: (p: number) => void;
  canWrite: boolean;
}) => {
  const notes = useUserNotes(userId, page);
  const add = useAddUserNote(userId);
  return (
    <CaseNotesCard
      title="Notes"
      placeholder="A note on this customer for the next member of staff"
      testId="user-notes"
      notes={notes}
      add={add}
      page={page}
      onPage={onPage}
      canWrite={canWrite}
    />
  );
};
