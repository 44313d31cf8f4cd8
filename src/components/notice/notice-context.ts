import { createContext, useContext } from 'react';

export type NoticeSeverity = 'success' | 'info' | 'error';

export interface Notice {
  message: string;
  /** Default 'success'. Success and info hide after a few seconds; an error stays until dismissed or replaced. */
  severity?: NoticeSeverity;
}

export interface NoticeApi {
  /** Shows `notice`, replacing whatever notice is showing. Call it before navigate() to carry it to the next page. */
  notify: (notice: Notice | string) => void;
  /** Hides the notice showing now. */
  dismiss: () => void;
}

export const NoticeContext = createContext<NoticeApi | null>(null);

/** The console's one notice: `notify('Saved.')`, `notify({ message, severity: 'error' })`. */
export function useNotice(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error('useNotice() needs a <NoticeProvider> above it (AppProviders mounts one).');
  return api;
}
