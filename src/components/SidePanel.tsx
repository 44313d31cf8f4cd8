import CloseIcon from '@mui/icons-material/Close';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * A panel at the right side, above the top bar as a dialog is: a heading (`title`, with `subtitle` under it:
 * together the dialog's name), a close button named `closeLabel`, then `children`. Escape, the backdrop and
 * the button close it; `wide` gives room for a drawing.
 */
export function SidePanel({
  open,
  onClose,
  title,
  subtitle,
  closeLabel,
  wide = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  closeLabel: string;
  wide?: boolean;
  children?: ReactNode;
}) {
  const headingId = useId();
  const subtitleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the top bar (which stays above the navigation drawer), as a dialog is.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: wide ? { xs: '100%', sm: 560, md: 640 } : { xs: '100%', sm: 480, md: 560 }, p: 2 },
          'aria-labelledby': subtitle ? `${headingId} ${subtitleId}` : headingId,
          role: 'dialog',
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: subtitle ? 0 : 1 }}>
        <Typography variant="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <IconButton onClick={onClose} aria-label={closeLabel} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      {subtitle && (
        <Typography id={subtitleId} variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Drawer>
  );
}
