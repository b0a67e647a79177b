import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

type Props = {
  loading: boolean;
  /** What went wrong with the last code ("2FA Verification failed."), announced at once. */
  alert?: string;
  /** The server's reason for the last refused code, shown under the field. */
  error?: string;
  onSubmit: (code: string) => void;
  onCancel: () => void;
};

const CODE_PATTERN = /^\s*\d{6}\s*$/;

const codeProblem = (code: string) => {
  if (!code.trim()) return 'Please input the code!';
  if (!CODE_PATTERN.test(code)) return 'The code has 6 digits';
  return undefined;
};

/**
 * The second sign-in step: the 6-digit code from the authenticator app. A native modal dialog
 * (focus kept inside, Escape cancels, focus returns to Sign In), mounted while it is open.
 */
export const TwoFactorCodeModal = ({ loading, alert, error, onSubmit, onCancel }: Props) => {
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const problem = touched ? codeProblem(code) : undefined;
  const fieldError = problem ?? error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (loading || codeProblem(code)) return;
    onSubmit(code.trim());
  };

  return (
    <dialog
      ref={dialogRef}
      className="vd-login-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-hint`}
      onCancel={(event) => {
        // Escape: the page decides, so the dialog's state and the page's stay the same.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${ids}-title`}>Two-factor authentication</h2>
      <p id={`${ids}-hint`}>Enter the 6-digit code from your authenticator app.</p>
      <form onSubmit={submit} noValidate>
        {alert ? (
          <p role="alert" className="vd-login-alert">
            {alert}
          </p>
        ) : null}
        <div className="vd-login-field">
          <label htmlFor={`${ids}-code`}>Authentication code</label>
          <input
            id={`${ids}-code`}
            className="vd-login-input"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setTouched(true);
            }}
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${ids}-code-error` : undefined}
          />
          {fieldError ? (
            <p id={`${ids}-code-error`} className="vd-login-error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className="vd-login-dialog-actions">
          <button type="button" className="vd-login-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="vd-login-button" data-primary aria-busy={loading}>
            Verify
          </button>
        </div>
      </form>
    </dialog>
  );
};
