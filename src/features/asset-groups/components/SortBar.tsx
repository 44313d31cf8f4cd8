import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import { Button, ButtonGroup, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { MEMBER_SORTABLE_COLUMNS, type MemberSortableColumn } from '../../../api/schemas/asset-groups';
import { openMenuOnArrowKeys } from '../../../components/menu-button';
import { COLUMN_LABELS, type MemberSort } from '../member-table-state';

/**
 * The sorts in force, in order, each reversible and removable, and an
 * "Add sort" menu: the keyboard way to what shift-click on a header does.
 */
export function SortBar({
  sorts,
  onChange,
}: {
  sorts: MemberSort[];
  onChange: (change: (current: MemberSort[]) => MemberSort[]) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const unsorted = MEMBER_SORTABLE_COLUMNS.filter((c) => !sorts.some((s) => s.column === c));
  const add = (column: MemberSortableColumn) => {
    setAnchor(null);
    onChange((current) => (current.some((s) => s.column === column) ? current : [...current, { column, descending: false }]));
  };
  return (
    <Stack
      direction="row"
      role="group"
      aria-label="Sorting"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="body2" color="text.secondary">
        Sorted by
      </Typography>
      {sorts.length === 0 && <Typography variant="body2">object ID (default)</Typography>}
      {sorts.map((s, i) => {
        const label = COLUMN_LABELS[s.column];
        return (
          <ButtonGroup key={s.column} size="small" variant="outlined">
            <Button
              onClick={() =>
                onChange((current) => current.map((t) => (t.column === s.column ? { ...t, descending: !t.descending } : t)))
              }
              startIcon={s.descending ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
              title="Reverse this sort"
            >
              {sorts.length > 1 ? `${i + 1}. ` : ''}
              {label}: {s.descending ? 'descending' : 'ascending'}
            </Button>
            <Button
              aria-label={`Remove sort by ${label}`}
              title={`Remove sort by ${label}`}
              onClick={() => onChange((current) => current.filter((t) => t.column !== s.column))}
            >
              <CloseIcon fontSize="small" />
            </Button>
          </ButtonGroup>
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={unsorted.length === 0}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        onKeyDown={openMenuOnArrowKeys(setAnchor)}
      >
        Add sort
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {unsorted.map((c) => (
          <MenuItem key={c} onClick={() => add(c)}>
            {COLUMN_LABELS[c]}
          </MenuItem>
        ))}
      </Menu>
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
        Shift-click a column header (or press Shift+Enter on it) to add it as a further sort.
      </Typography>
    </Stack>
  );
}
