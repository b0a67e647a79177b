import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { caseNote, caseNotesPage, NOTES_PAGE_SIZE, type AddKycNoteBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const getKycNotes = async (kycId: string, page: number, signal?: AbortSignal) =>
  (
    await apiRequest('admin/kyc/kyc-notes', caseNotesPage, {
      query: { kycId, page, pageSize: NOTES_PAGE_SIZE },
      signal,
    })
  ).data;

export const useKycNotes = (kycId: string | undefined, page: number) =>
  useQuery({
    queryKey: kycKeys.notesPage(kycId ?? '', page),
    queryFn: ({ signal }) => getKycNotes(kycId!, page, signal),
    enabled: !!kycId,
    placeholderData: keepPreviousData,
  });

export const addKycNote = (body: AddKycNoteBody) =>
  apiRequest('admin/kyc/kyc-notes', caseNote, { method: 'POST', body });

/** Only the notes are read again: a note changes nothing else on the case. */
export const useAddKycNote = (kycId: string | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Omit<AddKycNoteBody, 'kycId'>) => addKycNote({ kycId: kycId!, ...note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycKeys.notes(kycId ?? '') }),
  });
};
