import { Alert, Snackbar } from '@mui/material';
import { useCallback, useState, type ReactElement } from 'react';

export interface Notice {
  message: string;
  severity?: 'success' | 'info' | 'error';
}

/** A short confirmation after an action ("Deleted Jane Doe."), announced politely and gone after a few seconds. */
export function useNotice(): { notify: (notice: Notice | string) => void; element: ReactElement } {
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
  const notify = useCallback((n: Notice | string) => {
    setNotice({ ...(typeof n === 'string' ? { message: n } : n), key: Date.now() });
  }, []);
  const element = (
    <Snackbar
      key={notice?.key}
      open={notice !== null}
      autoHideDuration={6000}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') setNotice(null);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={notice?.severity ?? 'success'} variant="filled" onClose={() => setNotice(null)} role="status">
        {notice?.message}
      </Alert>
    </Snackbar>
  );
  return { notify, element };
}
