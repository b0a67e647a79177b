import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY, parseStoredSession } from '@vaultdesk/contract';
import type { Session } from '@vaultdesk/contract';

// Same-tab writes do not fire the `storage` event, so the store announces them itself.
const CHANGE_EVENT = 'vaultdesk:session-change';

let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

const parse = (raw: string | null): Session | null => {
  if (!raw) return null;
  try {
    return parseStoredSession(JSON.parse(raw));
  } catch {
    // A hand-edited or corrupt entry is treated as no session at all.
    return null;
  }
};

/** The stored session, whether or not it is still valid. */
export const readSession = (): Session | null => {
  const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  // useSyncExternalStore needs a stable snapshot between identical reads.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
};

export const isSessionValid = (s: Session | null, now = Date.now()): s is Session =>
  !!s && !!s.token && s.expiresIn > now;

/** The stored session only while it has not expired. */
export const getValidSession = (): Session | null => {
  const s = readSession();
  return isSessionValid(s) ? s : null;
};

export const saveSession = (s: Session) => {
  // Only these three fields are kept in the browser: identity and role come from GET /admin/me.
  const stored: Session = { token: s.token, expiresIn: s.expiresIn, enable2FA: s.enable2FA };
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

export const clearSession = () => {
  window.localStorage.removeItem(SESSION_STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

const subscribe = (onChange: () => void) => {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SESSION_STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
};

/** The stored session (possibly expired); re-renders when it is saved or cleared, in any tab. */
export const useStoredSession = () => useSyncExternalStore(subscribe, readSession);
