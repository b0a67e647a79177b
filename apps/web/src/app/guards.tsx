import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { isSessionValid, useStoredSession } from '../api/session';
import { endSession } from '../api/sign-out';

// setTimeout fires at once for delays above 2^31-1 ms; sessions are far shorter, but stay safe.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** /login: a valid session has nothing to do here. */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const session = useStoredSession();
  return isSessionValid(session) ? <Navigate to="/" replace /> : children;
};

/** Everything but /login, /confirm-admin/:token and /503 needs a session that has not expired. */
export const RequireSession = () => {
  const session = useStoredSession();
  const queryClient = useQueryClient();
  const valid = isSessionValid(session);
  const expiresIn = session?.expiresIn;

  useEffect(() => {
    if (!valid || expiresIn === undefined) return;
    // The session ends on its own clock, not only when the next call is refused.
    const timer = window.setTimeout(
      () => {
        endSession(queryClient);
      },
      Math.min(expiresIn - Date.now(), MAX_TIMER_MS),
    );
    return () => window.clearTimeout(timer);
  }, [valid, expiresIn, queryClient]);

  return valid ? <Outlet /> : <Navigate to="/login" replace />;
};

/** Two-factor is mandatory: a session without it reaches only /enable-2fa. */
export const RequireTwoFactor = () => {
  const session = useStoredSession();
  return session?.enable2FA ? <Outlet /> : <Navigate to="/enable-2fa" replace />;
};
