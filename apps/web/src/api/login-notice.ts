const KEY = 'vaultdesk.login-notice';

/**
 * A word for the sign-in page from a page that ended the session on purpose (a passkey just
 * registered: "sign in again with it"). Kept in sessionStorage, not in the router's state: the
 * guards' own redirect to /login, set off by the same sign-out, would drop that.
 */
export const leaveLoginNotice = (text: string) => {
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    // Storage refused (private mode quota): the sign-in page simply shows no notice.
  }
};

/** Reads the notice once: it shows on the next sign-in page only. */
export const takeLoginNotice = (): string | undefined => {
  try {
    const text = sessionStorage.getItem(KEY) ?? undefined;
    sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return undefined;
  }
};
