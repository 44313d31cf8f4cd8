import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useId, useState } from 'react';
import { EDGE_FILTER_GROUPS, EDGE_KINDS, type EdgeFilterGroup } from '@/api/schemas/edge-kinds';
import { DialogCloseButton, GuardedDialog } from '@/components/GuardedDialog';
import { plural } from '@/shared/words';
import { allowedKinds, FILTER_KINDS, kindsFilterOf, type KindsFilter } from '../explore-state';

/** Each filter group's kinds, in the table's order. */
const KINDS_BY_GROUP: ReadonlyMap<EdgeFilterGroup, readonly string[]> = new Map(
  EDGE_FILTER_GROUPS.map((g) => [g, FILTER_KINDS.filter((k) => EDGE_KINDS[k as keyof typeof EDGE_KINDS].group === g)]),
);

export interface EdgeFilterValue {
  kinds: KindsFilter;
  traversable: boolean;
}

/** How a filter reads in a sentence ("3 kinds left out, traversable only"); null for no filter. */
export function edgeFilterSummary({ kinds, traversable }: EdgeFilterValue): string | null {
  const parts: string[] = [];
  if (kinds) {
    const walked = allowedKinds(kinds).size;
    parts.push(
      kinds.mode === 'nin'
        ? `${plural(FILTER_KINDS.length - walked, 'relationship kind')} left out`
        : `only ${plural(walked, 'relationship kind')}`,
    );
  }
  if (traversable) parts.push('traversable relationships only');
  return parts.length ? parts.join(', ') : null;
}

/**
 * The pathfinding filter: every relationship kind by its group, each group's box checked, unchecked or
 * mixed; "Traversable only". Apply hands back the filter; Cancel, Escape or a click beside it keep the one
 * in force (asking first when something was changed).
 */
export function EdgeFilterDialog({
  value,
  onApply,
  onClose,
}: {
  value: EdgeFilterValue;
  onApply: (value: EdgeFilterValue) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(() => allowedKinds(value.kinds));
  const [traversable, setTraversable] = useState(value.traversable);
  const next: EdgeFilterValue = { kinds: kindsFilterOf(allowed), traversable };
  const unsaved = JSON.stringify(next) !== JSON.stringify({ kinds: value.kinds, traversable: value.traversable });

  const toggle = (kinds: readonly string[], on: boolean) =>
    setAllowed((prev) => {
      const set = new Set(prev);
      for (const k of kinds) {
        if (on) set.add(k);
        else set.delete(k);
      }
      return set;
    });

  return (
    <GuardedDialog unsaved={unsaved} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>Relationship filter</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>
          Paths walk only the checked relationship kinds. {plural(allowed.size, 'kind')} of {FILTER_KINDS.length} checked.
        </DialogContentText>
        <FormControlLabel
          control={<Switch checked={traversable} onChange={(e) => setTraversable(e.target.checked)} />}
          label="Traversable only"
          sx={{ mb: 1 }}
        />
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Button size="small" onClick={() => toggle(FILTER_KINDS, true)}>
            Check all
          </Button>
          <Button size="small" onClick={() => toggle(FILTER_KINDS, false)}>
            Uncheck all
          </Button>
        </Stack>
        <Stack spacing={1.5}>
          {EDGE_FILTER_GROUPS.map((group) => {
            const kinds = KINDS_BY_GROUP.get(group) ?? [];
            const on = kinds.filter((k) => allowed.has(k)).length;
            const groupId = `${titleId}-${group.replace(/\W+/g, '-')}`;
            return (
              <fieldset key={group} aria-labelledby={groupId} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                <FormControlLabel
                  id={groupId}
                  control={
                    <Checkbox
                      checked={on === kinds.length}
                      indeterminate={on > 0 && on < kinds.length}
                      onChange={(e) => toggle(kinds, e.target.checked)}
                    />
                  }
                  label={group}
                  slotProps={{ typography: { sx: { fontWeight: 600 } } }}
                />
                <Stack
                  direction="row"
                  sx={{
                    flexWrap: 'wrap',
                    columnGap: 1,
                    pl: 4,
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
                  }}
                >
                  {kinds.map((kind) => (
                    <FormControlLabel
                      key={kind}
                      control={
                        <Checkbox size="small" checked={allowed.has(kind)} onChange={(e) => toggle([kind], e.target.checked)} />
                      }
                      label={kind}
                      sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                    />
                  ))}
                </Stack>
              </fieldset>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <DialogCloseButton />
        <Button variant="contained" onClick={() => onApply(next)} disabled={allowed.size === 0}>
          Apply
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
