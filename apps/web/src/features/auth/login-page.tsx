import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginResult, Me } from '@vaultdesk/contract';
import { ApiError, errorMessage } from '../../api/client';
import { takeLoginNotice } from '../../api/login-notice';
import { meFromSignIn } from '../../api/me-key';
import { meKey } from '../../api/query-keys';
import { saveSession } from '../../api/session';
import { CenteredPage } from '../../components/centered-page';
import { preloadLogin, useLoginMutation } from './api/login';
import { TwoFactorCodeModal } from './components/two-factor-code-modal';
import './login-page.css';

type Credentials = { email: string; password: string };
type Field = keyof Credentials;

const env = import.meta.env as Record<string, string | undefined>;
const mainDashboardUrl = env.VITE_MAIN_DASHBOARD_URL || window.location.origin;
const stagingDashboardUrl = env.VITE_STAGING_DASHBOARD_URL || 'https://staging.vaultdesk.test';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const problems = ({ email, password }: Credentials): Partial<Record<Field, string>> => ({
  email: !email.trim()
    ? 'Please input your E-mail!'
    : !EMAIL_PATTERN.test(email.trim())
      ? 'The input is not valid E-mail!'
      : undefined,
  password: password ? undefined : 'Please input your password!',
});

type Props = {
  /** Called when the code is asked for: the app fetches the first signed-in screen meanwhile. */
  onCodeStep?: () => void;
  /** Called once the session is stored, before the move to `/`: the app starts the first screen's calls. */
  onSignedIn?: (me: Me) => void;
};

/**
 * /login. Drawn with plain elements and its own stylesheet, without Ant Design: it is the page a
 * person on a slow line waits for, and it must stay under its budget (apps/web/route-budgets.ts).
 */
export const LoginPage = ({ onCodeStep, onSignedIn }: Props) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A page that ended the session on purpose leaves a word for the sign-in page (a passkey just registered).
  const [notice] = useState(takeLoginNotice);
  const passwordStep = useLoginMutation();
  const codeStep = useLoginMutation();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  // A field shows its problem once it was changed, or after a submit, as Ant Design forms do.
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [loginError, setLoginError] = useState<string>();
  // Kept only while the code dialog is open: the code step repeats the password step.
  const [pending, setPending] = useState<Credentials | null>(null);
  const [codeAlert, setCodeAlert] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const found = problems(values);
  const shown = (field: Field) => (touched[field] || submitted ? found[field] : undefined);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };

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

  const onPasswordStep = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const firstProblem = (['email', 'password'] as const).find((field) => found[field]);
    if (firstProblem) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstProblem}"]`)?.focus();
      return;
    }
    if (passwordStep.isPending) return;
    setLoginError(undefined);
    const credentials = { email: values.email.trim(), password: values.password };
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
  const onPasskey = () => {
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

  const onCodeSubmit = (code: string) => {
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

  const field = (name: Field, label: string, input: (props: Record<string, unknown>) => React.ReactNode) => {
    const problem = shown(name);
    const errorId = `login-${name}-error`;
    return (
      <div className="vd-login-field">
        <label htmlFor={`login-${name}`}>{label}</label>
        {input({
          id: `login-${name}`,
          name,
          className: 'vd-login-input',
          value: values[name],
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? errorId : undefined,
        })}
        {problem ? (
          <p id={errorId} className="vd-login-error">
            {problem}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <CenteredPage>
      <div className="vd-login">
        <section className="vd-login-card" aria-labelledby="login-title">
          <h1 id="login-title">Admin Dashboard</h1>
          {notice && !loginError ? (
            <p role="status" className="vd-login-notice">
              {notice}
            </p>
          ) : null}
          <form aria-label="Sign in" noValidate onSubmit={onPasswordStep} onFocus={preloadLogin}>
            {field('email', 'Email', (props) => (
              <input {...props} type="email" autoComplete="username" autoFocus />
            ))}
            {field('password', 'Password', (props) => (
              <PasswordInput {...props} />
            ))}
            {loginError ? (
              <p role="alert" className="vd-login-alert">
                {loginError}
              </p>
            ) : null}
            <div className="vd-login-field">
              <button
                type="submit"
                className="vd-login-button"
                data-primary
                data-block
                aria-busy={passwordStep.isPending}
              >
                Sign In
              </button>
            </div>
          </form>
          <div className="vd-login-field">
            <button type="button" className="vd-login-button" data-block aria-busy={passkeyBusy} onClick={onPasskey}>
              Sign in with a passkey
            </button>
          </div>
          <div className="vd-login-links">
            <a className="vd-login-link" href={mainDashboardUrl}>
              Main Dashboard
            </a>
            <a className="vd-login-link" href={stagingDashboardUrl}>
              Staging Dashboard
            </a>
          </div>
        </section>
        {pending ? (
          <TwoFactorCodeModal
            loading={codeStep.isPending}
            alert={codeAlert}
            error={codeError}
            onSubmit={onCodeSubmit}
            onCancel={() => setPending(null)}
          />
        ) : null}
      </div>
    </CenteredPage>
  );
};

/** A password field with a button that shows or hides what was typed. */
const PasswordInput = (props: Record<string, unknown>) => {
  const [visible, setVisible] = useState(false);
  return (
    <div className="vd-login-password">
      <input {...props} type={visible ? 'text' : 'password'} autoComplete="current-password" />
      <button
        type="button"
        className="vd-login-reveal"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
};
