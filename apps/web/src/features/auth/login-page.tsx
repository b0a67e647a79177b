import { useState, type FormEvent } from 'react';
import type { Me } from '@vaultdesk/contract';
import { takeLoginNotice } from '../../api/login-notice';
import { CenteredPage } from '../../components/centered-page';
import { preloadLogin } from './api/login';
import { LoginField, PasswordInput } from './components/login-field';
import { TwoFactorCodeModal } from './components/two-factor-code-modal';
import { type Credentials, useLoginSteps } from './use-login-steps';
import './login-page.css';

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
  // A page that ended the session on purpose leaves a word for the sign-in page (a passkey just registered).
  const [notice] = useState(takeLoginNotice);
  const steps = useLoginSteps({ onCodeStep, onSignedIn });
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  // A field shows its problem once it was changed, or after a submit, as Ant Design forms do.
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const found = problems(values);
  const shown = (field: Field) => (touched[field] || submitted ? found[field] : undefined);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };

  const onPasswordStep = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const firstProblem = (['email', 'password'] as const).find((field) => found[field]);
    if (firstProblem) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstProblem}"]`)?.focus();
      return;
    }
    steps.submitPassword({ email: values.email.trim(), password: values.password });
  };

  return (
    <CenteredPage>
      <div className="vd-login">
        <section className="vd-login-card" aria-labelledby="login-title">
          <h1 id="login-title">Admin Dashboard</h1>
          {notice && !steps.loginError ? (
            <p role="status" className="vd-login-notice">
              {notice}
            </p>
          ) : null}
          <form aria-label="Sign in" noValidate onSubmit={onPasswordStep} onFocus={preloadLogin}>
            <LoginField
              name="email"
              label="Email"
              value={values.email}
              problem={shown('email')}
              onChange={(v) => change('email', v)}
              input={(props) => <input {...props} type="email" autoComplete="username" autoFocus />}
            />
            <LoginField
              name="password"
              label="Password"
              value={values.password}
              problem={shown('password')}
              onChange={(v) => change('password', v)}
              input={(props) => <PasswordInput {...props} />}
            />
            {steps.loginError ? (
              <p role="alert" className="vd-login-alert">
                {steps.loginError}
              </p>
            ) : null}
            <div className="vd-login-field">
              <button
                type="submit"
                className="vd-login-button"
                data-primary
                data-block
                aria-busy={steps.passwordPending}
              >
                Sign In
              </button>
            </div>
          </form>
          <div className="vd-login-field">
            <button
              type="button"
              className="vd-login-button"
              data-block
              aria-busy={steps.passkeyBusy}
              onClick={steps.signInWithPasskey}
            >
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
        {steps.pending ? (
          <TwoFactorCodeModal
            loading={steps.codePending}
            alert={steps.codeAlert}
            error={steps.codeError}
            onSubmit={steps.submitCode}
            onCancel={steps.cancelCode}
          />
        ) : null}
      </div>
    </CenteredPage>
  );
};
