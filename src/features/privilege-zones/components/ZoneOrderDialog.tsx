import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useId, useRef, useState } from 'react';
import { describeError } from '@/api/errors';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { useUpdateTag } from '@/features/privilege-zones/api/tags';
import { GlyphIcon } from '@/features/privilege-zones/components/glyphs';
import { isTierZero, zonesInOrder } from '@/features/privilege-zones/tag-rules';

type Direction = 'up' | 'down';

/**
 * The zones' order, 1 the most privileged: an object selected by several zones belongs to the first.
 * Each zone but Tier Zero (always first) has Move up and Move down; a move is saved at once, and the
 * focus stays on the moved zone's button. Moves change membership at the next analysis.
 */
export function ZoneOrderDialog({ open, tags, onClose }: { open: boolean; tags: readonly AssetGroupTag[]; onClose: () => void }) {
  const titleId = useId();
  const update = useUpdateTag();
  const zones = zonesInOrder(tags);
  const [said, setSaid] = useState('');
  const [focus, setFocus] = useState<{ id: number; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // Back on the moved zone once the list shows its new place (the other button when this one is off now).
  useEffect(() => {
    if (!focus || update.isPending) return;
    const other: Direction = focus.direction === 'up' ? 'down' : 'up';
    const own = buttons.current.get(`${focus.id}-${focus.direction}`);
    (own && !own.disabled ? own : buttons.current.get(`${focus.id}-${other}`))?.focus();
  }, [focus, update.isPending, tags]);

  const move = (zone: AssetGroupTag, direction: Direction) => {
    const position = (zone.position ?? 0) + (direction === 'up' ? -1 : 1);
    setFocus({ id: zone.id, direction });
    update.mutate(
      { id: zone.id, body: { position } },
      {
        onSuccess: () => setSaid(`${zone.name} moved to position ${position}. Members update after the next analysis.`),
      },
    );
  };

  const close = () => {
    update.reset();
    setSaid('');
    onClose();
  };

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Reorder zones</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Position 1 is the most privileged. An object several zones select belongs to the first of them. Tier Zero is always
          first.
        </DialogContentText>
        <List aria-label="Zones in order">
          {zones.map((zone, index) => {
            const fixed = isTierZero(zone);
            const first = index <= 1;
            const last = index === zones.length - 1;
            const button = (direction: Direction, off: boolean) => (
              <Tooltip title={`Move ${zone.name} ${direction}`}>
                <span>
                  <IconButton
                    aria-label={`Move ${zone.name} ${direction}`}
                    disabled={off || update.isPending}
                    onClick={() => move(zone, direction)}
                    ref={(el) => {
                      if (el) buttons.current.set(`${zone.id}-${direction}`, el);
                      else buttons.current.delete(`${zone.id}-${direction}`);
                    }}
                  >
                    {direction === 'up' ? <ArrowUpIcon /> : <ArrowDownIcon />}
                  </IconButton>
                </span>
              </Tooltip>
            );
            return (
              <ListItem
                key={zone.id}
                divider
                secondaryAction={
                  fixed ? undefined : (
                    <>
                      {button('up', first)}
                      {button('down', last)}
                    </>
                  )
                }
                sx={{ pr: fixed ? 2 : 13 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <GlyphIcon glyph={zone.glyph} />
                </ListItemIcon>
                <ListItemText primary={`${zone.position}. ${zone.name}`} secondary={fixed ? 'Always first' : undefined} />
              </ListItem>
            );
          })}
        </List>
        {update.error ? (
          <Alert severity="error" role="alert">
            {describeError(update.error)}
          </Alert>
        ) : null}
        <DialogContentText role="status" sx={{ mt: 1 }}>
          {said}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={update.isPending}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
