import { useMutation } from '@tanstack/react-query';
import { loginResult } from '@vaultdesk/contract';
import type { LoginBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const login = async (body: LoginBody) =>
  (await apiRequest('admin/login', loginResult, { method: 'POST', body, auth: false })).data;

export const useLoginMutation = () => useMutation({ mutationFn: login });
