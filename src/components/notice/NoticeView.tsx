import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { ShownNotice } from './NoticeProvider';

/** How long a success or info notice stays; an error stays until dismissed or replaced. */
export const NOTICE_HIDE_MS = 6000;

/**
 * The notice at the bottom of the window: a success or info notice is announced
 * politely (role=status) and hides by itself; an error is announced at once
 * (role=alert) and stays.
 */
export default function NoticeView({ notice, open, onDismiss }: { notice: ShownNotice; open: boolean; onDismiss: () => void }) {
  const error = notice.severity === 'error';
  return (
    <Snackbar
      key={notice.key}
      open={open}
      autoHideDuration={error ? null : NOTICE_HIDE_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onDismiss();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        role={error ? 'alert' : 'status'}
        onClose={onDismiss}
        sx={{ width: '100%', maxWidth: 640 }}
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
