import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { caseNote, caseNotesPage, NOTES_PAGE_SIZE, type AddUserNoteBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const getUserNotes = async (userId: string, page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/user-notes', caseNotesPage, { query: { userId, page, pageSize: NOTES_PAGE_SIZE }, signal }))
    .data;

export const useUserNotes = (userId: string, page: number) =>
  useQuery({
    queryKey: userProfileKeys.notesPage(userId, page),
    queryFn: ({ signal }) => getUserNotes(userId, page, signal),
    placeholderData: keepPreviousData,
  });

export const addUserNote = (body: AddUserNoteBody) =>
  apiRequest('admin/user-notes', caseNote, { method: 'POST', body });

/** A new note goes on top: the list is read again from its first page. */
export const useAddUserNote = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Omit<AddUserNoteBody, 'userId'>) => addUserNote({ userId, ...note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileKeys.notes(userId) }),
  });
};
