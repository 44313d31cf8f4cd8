import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NoticeContext, type Notice, type NoticeApi } from './notice-context';

/**
 * The Snackbar and Alert are not part of the sign-in page's bundle: they load
 * once the console is up (ahead of the first notice, so it shows at once).
 */
const loadView = () => import('./NoticeView');
const NoticeView = lazy(loadView);

export interface ShownNotice extends Required<Notice> {
  /** Tells one notice from the next with the same text. */
  key: number;
}

let counter = 0;

/**
 * Holds the console's one notice (mounted once, in AppProviders, above the
 * router, so a notice given just before a navigation shows on the next page).
 * A new notice replaces the one showing: never a success and an error about
 * the same action at once.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  // The last notice stays while it hides (open false), so it does not go blank on its way out.
  const [shown, setShown] = useState<{ notice: ShownNotice; open: boolean } | null>(null);
  const notify = useCallback((n: Notice | string) => {
    const { message, severity = 'success' } = typeof n === 'string' ? { message: n } : n;
    setShown({ notice: { message, severity, key: ++counter }, open: true });
  }, []);
  const dismiss = useCallback(() => setShown((s) => (s && s.open ? { ...s, open: false } : s)), []);
  const api = useMemo<NoticeApi>(() => ({ notify, dismiss }), [notify, dismiss]);
  useEffect(() => {
    loadView().catch(() => {}); // tried again with the first notice
  }, []);
  return (
    <NoticeContext.Provider value={api}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <NoticeView notice={shown.notice} open={shown.open} onDismiss={dismiss} />
        </Suspense>
      )}
    </NoticeContext.Provider>
  );
}
