import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { openMenuOnArrowKeys } from '@/components/menu-button';
import { useTableContext } from '@/components/table';

/**
 * The sorts in force, in order, each reversible and removable, and an
 * "Add sort" menu: the keyboard way to what shift-click on a header does.
 * Reads and writes the table's sorts (`table.setSorts`), so it and the headers always agree.
 */
export function SortBar({
  labels,
  defaultOrder,
}: {
  /** Header text of each sortable column, in the order the menu offers them. */
  labels: Readonly<Record<string, string>>;
  /** What the rows follow when nothing is sorted ("object ID"). */
  defaultOrder: string;
}) {
  const table = useTableContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { sorts } = table.state;
  const unsorted = Object.keys(labels).filter((c) => !sorts.some((s) => s.column === c));
  const add = (column: string) => {
    setAnchor(null);
    table.setSorts((current) =>
      current.some((s) => s.column === column) ? current : [...current, { column, descending: false }],
    );
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
      {sorts.length === 0 && <Typography variant="body2">{defaultOrder} (default)</Typography>}
      {sorts.map((s, i) => {
        const label = labels[s.column] ?? s.column;
        return (
          <ButtonGroup key={s.column} size="small" variant="outlined">
            <Button
              onClick={() =>
                table.setSorts((current) => current.map((t) => (t.column === s.column ? { ...t, descending: !t.descending } : t)))
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
              onClick={() => table.setSorts((current) => current.filter((t) => t.column !== s.column))}
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
            {labels[c]}
          </MenuItem>
        ))}
      </Menu>
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
        Shift-click a column header (or press Shift+Enter on it) to add it as a further sort.
      </Typography>
    </Stack>
  );
}
