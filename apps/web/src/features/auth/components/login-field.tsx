import { useState, type ChangeEvent, type ReactNode } from 'react';

/** A sign-in field: its label, its input (drawn by `input` with the props it needs) and its problem once shown. */
export const LoginField = ({
  name,
  label,
  value,
  problem,
  onChange,
  input,
}: {
  name: string;
  label: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  input: (props: Record<string, unknown>) => ReactNode;
}) => {
  const errorId = `login-${name}-error`;
  return (
    <div className="vd-login-field">
      <label htmlFor={`login-${name}`}>{label}</label>
      {input({
        id: `login-${name}`,
        name,
        className: 'vd-login-input',
        value,
        onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
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

/** A password field with a button that shows or hides what was typed. */
export const PasswordInput = (props: Record<string, unknown>) => {
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
