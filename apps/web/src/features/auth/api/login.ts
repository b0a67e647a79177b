import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

// zod is most of the contract's weight: the sign-in page must be usable before it arrives.
const loadLoginSchema = () => import('./login-schema').then((m) => m.loginResult);

/** Starts fetching what the sign-in call validates its answer with; the page calls it on first input. */
export const preloadLogin = () => {
  void loadLoginSchema().catch(() => undefined);
};

export const login = async (body: LoginBody) =>
  (await apiRequest('admin/login', await loadLoginSchema(), { method: 'POST', body, auth: false })).data;

export const useLoginMutation = () => useMutation({ mutationFn: login });
