import type { ReactNode } from 'react';

/** The frame of the screens shown outside the signed-in shell (sign-in, 2FA set-up, confirmation). */
// Plain elements: the sign-in page uses it before Ant Design is loaded.
export const CenteredPage = ({ children }: { children: ReactNode }) => (
  <div
    style={{
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      minHeight: '100vh',
      padding: 16,
      boxSizing: 'border-box',
      background: '#f5f5f5',
    }}
  >
    <main style={{ width: '100%', maxWidth: 440 }}>{children}</main>
  </div>
);
