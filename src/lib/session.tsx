import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { configureAuth } from '@/api/client';

/**
 * The session: a bearer token kept for this browser tab only (sessionStorage,
 * so a reload keeps it and other tabs and windows do not see it), dropped on
 * sign-out, on expiry and on any 401.
 */
const STORAGE_KEY = 'admin-console.session';

export type EndReason = 'signed-out' | 'expired' | 'unauthorized';

interface StoredSession {
  token: string;
  userId: string;
  /** Epoch milliseconds, from the token's `exp`. */
  expiresAt: number;
}

interface SessionContextValue {
  session: StoredSession | null;
  /** Why the previous session ended, for the sign-in page to say. */
  endReason: EndReason | null;
  signIn(token: string, userId: string): void;
  signOut(reason?: EndReason): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Expiry (epoch ms) from a JWT's payload, without verifying it (the server does that). */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The tab's stored session; one that expired while the tab was closed or reloading is dropped and reported. */
function readStored(): { session: StoredSession | null; expired: boolean } {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return { session: null, expired: false };
    const s = JSON.parse(raw) as StoredSession;
    if (typeof s.token !== 'string' || typeof s.expiresAt !== 'number') {
      sessionStorage.removeItem(STORAGE_KEY);
      return { session: null, expired: false };
    }
    if (s.expiresAt <= Date.now()) {
      sessionStorage.removeItem(STORAGE_KEY);
      return { session: null, expired: true };
    }
    return { session: s, expired: false };
  } catch {
    return { session: null, expired: false };
  }
}

/** The token requests carry. Read at start-up too, so route loaders can prefetch before the first render. */
let currentToken: string | null = peekToken();

function peekToken(): string | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as StoredSession | null;
    return s && typeof s.token === 'string' && typeof s.expiresAt === 'number' && s.expiresAt > Date.now() ? s.token : null;
  } catch {
    return null;
  }
}

/** Whether requests carry a session token now (route loaders prefetch only then). */
export function hasSessionToken(): boolean {
  return currentToken !== null;
}

/** A 401 that arrived before the provider mounted (from a route loader's prefetch): handled once it mounts. */
let unauthorizedBeforeMount = false;

/**
 * `onEnd` forgets what else belongs to the session when it ends (the app's cached answers); it is
 * called on every sign-out, expiry and 401.
 */
export function SessionProvider({ children, onEnd }: { children: ReactNode; onEnd?: () => void }) {
  const [initial] = useState(readStored);
  const [session, setSession] = useState<StoredSession | null>(() => {
    currentToken = initial.session?.token ?? null;
    return initial.session;
  });
  const [endReason, setEndReason] = useState<EndReason | null>(initial.expired ? 'expired' : null);

  const signOut = useCallback(
    (reason: EndReason = 'signed-out') => {
      const token = currentToken;
      currentToken = null;
      sessionStorage.removeItem(STORAGE_KEY);
      setSession(null);
      setEndReason(reason);
      onEnd?.();
      if (token && reason === 'signed-out') {
        // Best effort: tell the server (authOps.logout); the session is gone here whatever it answers. The
        // declaration loads with the signed-in pages, which are up by now; the sign-in page does without it.
        void import('@/api/operations/auth')
          .then(({ authOps }) =>
            fetch(`${import.meta.env.VITE_API_BASE_URL ?? ''}${authOps.logout.path}`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${token}` },
            }),
          )
          .catch(() => undefined);
      }
    },
    [onEnd],
  );

  const signIn = useCallback((token: string, userId: string) => {
    const expiresAt = tokenExpiry(token) ?? Date.now() + 8 * 3600_000;
    const s = { token, userId, expiresAt };
    currentToken = token;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(s));
    setEndReason(null);
    setSession(s);
  }, []);

  useEffect(() => {
    configureAuth(
      () => currentToken,
      () => signOut('unauthorized'),
    );
    if (unauthorizedBeforeMount) {
      unauthorizedBeforeMount = false;
      if (currentToken) signOut('unauthorized');
    }
  }, [signOut]);

  // End the session when the token expires, even if the tab sits idle.
  useEffect(() => {
    if (!session) return;
    const ms = session.expiresAt - Date.now();
    const timer = setTimeout(() => signOut('expired'), Math.max(0, Math.min(ms, 2_147_000_000)));
    return () => clearTimeout(timer);
  }, [session, signOut]);

  const value = useMemo(() => ({ session, endReason, signIn, signOut }), [session, endReason, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

/** Wires the token getter before the first render, so the first queries already carry it. */
configureAuth(
  () => currentToken,
  () => {
    unauthorizedBeforeMount = true;
  },
);
