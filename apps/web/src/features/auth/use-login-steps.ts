import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginResult, Me } from '@vaultdesk/contract';
import { ApiError, errorMessage } from '../../api/client';
import { meFromSignIn } from '../../api/me-key';
import { meKey } from '../../api/query-keys';
import { saveSession } from '../../api/session';
import { useLoginMutation } from './api/login';

export type Credentials = { email: string; password: string };

/**
 * The sign-in steps: the password (`submitPassword`), the code when 2FA asks for it (`pending` while
 * its dialog is open, `submitCode`), or a passkey (`signInWithPasskey`); a started session moves to `/`.
 */
export const useLoginSteps = ({
  onCodeStep,
  onSignedIn,
}: {
  onCodeStep?: () => void;
  onSignedIn?: (me: Me) => void;
}) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const passwordStep = useLoginMutation();
  const codeStep = useLoginMutation();
  const [loginError, setLoginError] = useState<string>();
  // Kept only while the code dialog is open: the code step repeats the password step.
  const [pending, setPending] = useState<Credentials | null>(null);
  const [codeAlert, setCodeAlert] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const signIn = (result: LoginResult) => {
    if (!result.token || result.expiresIn === undefined) return false;
    // Nothing cached from an earlier session may show to this admin.
    queryClient.clear();
    saveSession({ token: result.token, expiresIn: result.expiresIn, enable2FA: result.enable2FA });
    // The answer already says who signed in: the shell draws at once instead of asking GET admin/me.
    const me = meFromSignIn(result);
    if (me) {
      queryClient.setQueryData(meKey, me);
      onSignedIn?.(me);
    }
    // In one synchronous render: a transition would draw the shell and the dashboard in 5 ms slices,
    // and each call answered meanwhile would start the render again.
    void navigate('/', { replace: true, flushSync: true });
    return true;
  };

  const submitPassword = (credentials: Credentials) => {
    if (passwordStep.isPending) return;
    setLoginError(undefined);
    passwordStep.mutate(credentials, {
      onSuccess: (result) => {
        if (result.codeRequired) {
          setCodeAlert(undefined);
          setCodeError(undefined);
          setPending(credentials);
          onCodeStep?.();
          return;
        }
        if (!signIn(result)) setLoginError('Login failed. The server did not start a session.');
      },
      onError: (error) => setLoginError(`Login failed. ${errorMessage(error)}`),
    });
  };

  // The WebAuthn library loads with the press, not with the page (its first-load budget).
  const signInWithPasskey = () => {
    if (passkeyBusy) return;
    setPasskeyBusy(true);
    setLoginError(undefined);
    import('./api/passkey-sign-in')
      .then((m) => m.signInWithPasskey())
      .then(
        (result) => {
          if (!signIn(result)) setLoginError('Login failed. The server did not start a session.');
        },
        (error: unknown) => {
          const name = (error as { name?: string } | null)?.name;
          setLoginError(
            name === 'NotAllowedError'
              ? 'Passkey sign-in was cancelled or timed out.'
              : `Login failed. ${error instanceof Error ? error.message : 'The passkey could not be used.'}`,
          );
        },
      )
      .finally(() => setPasskeyBusy(false));
  };

  const submitCode = (code: string) => {
    if (!pending || codeStep.isPending) return;
    setCodeAlert(undefined);
    setCodeError(undefined);
    codeStep.mutate(
      { ...pending, code },
      {
        onSuccess: (result) => {
          if (signIn(result)) {
            setPending(null);
            return;
          }
          setCodeAlert('2FA Verification failed.');
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setCodeAlert('2FA Verification failed.');
            setCodeError(error.message);
          } else {
            setCodeAlert('Failed to authenticate user');
          }
        },
      },
    );
  };

  return {
    submitPassword,
    passwordPending: passwordStep.isPending,
    loginError,
    signInWithPasskey,
    passkeyBusy,
    pending,
    cancelCode: () => setPending(null),
    submitCode,
    codePending: codeStep.isPending,
    codeAlert,
    codeError,
  };
};
