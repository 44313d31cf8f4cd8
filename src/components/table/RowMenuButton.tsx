import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';

/**
 * The ⋮ button that opens a row's menu: MUI's small IconButton. Its name (`aria-label`) says whose actions;
 * `title` shows on hover.
 */
export function RowMenuButton(props: Omit<IconButtonProps, 'size' | 'children'>) {
  return (
    <IconButton size="small" title="Actions" {...props}>
      <MoreVertIcon fontSize="small" />
    </IconButton>
  );
}
