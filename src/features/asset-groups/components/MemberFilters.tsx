import ClearIcon from '@mui/icons-material/Clear';
import { Box, Button, Grid, IconButton, InputAdornment, Stack, TextField } from '@mui/material';
import { memo, useEffect, useState } from 'react';
import { FILTER_PREDICATES, type FilterPredicate, type MemberFilterColumn } from '../../../api/schemas/asset-groups';
import {
  COLUMN_LABELS,
  PREDICATE_LABELS,
  TEXT_FILTER_COLUMNS,
  filterValueProblem,
  type MemberFilterValue,
  type MemberFilters as Filters,
} from '../member-table-state';

/** Typing settles for this long before a text filter is applied. */
export const FILTER_DEBOUNCE_MS = 300;

export type OnFilterChange = (column: MemberFilterColumn, filter: MemberFilterValue | null) => void;

/** The predicates in the order people reach for them. */
const PREDICATE_ORDER: FilterPredicate[] = ['~eq', 'eq', 'neq'];

/**
 * One text column's filter: a predicate (contains / equals / not equals) and
 * a value, applied after typing pauses (or at once on Enter). Follows the URL
 * when it changes from elsewhere (back button, Clear filters).
 */
const TextFilter = memo(
  function TextFilter({
    column,
    filter,
    onChange,
  }: {
    column: Exclude<MemberFilterColumn, 'custom_member'>;
    filter: MemberFilterValue | undefined;
    onChange: OnFilterChange;
  }) {
    const label = COLUMN_LABELS[column];
    const applied = filter?.value ?? '';
    const [text, setText] = useState(applied);
    const [predicate, setPredicate] = useState<FilterPredicate>(filter?.predicate ?? '~eq');
    // Values this field applied, oldest first, that the URL may not show yet: when one comes back it is
    // this field's own write, and what was typed since must stay (the URL can lag a fast typist).
    const [sent, setSent] = useState<string[]>([]);
    // Follow the URL: when the applied filter changes from outside (back button, Clear filters), show it.
    const [seen, setSeen] = useState(filter);
    if (seen !== filter && (seen?.value !== filter?.value || seen?.predicate !== filter?.predicate)) {
      setSeen(filter);
      const own = sent.indexOf(applied);
      if (own >= 0) {
        setSent(sent.slice(own + 1));
      } else {
        if (sent.length > 0) setSent([]);
        if (applied !== text.trim()) setText(applied);
        if (filter) setPredicate(filter.predicate);
      }
    }
    const problem = filterValueProblem(text);
    const wanted = text.trim();
    const pending = !problem && (wanted !== applied || (wanted !== '' && predicate !== filter?.predicate));

    const apply = (value: string, how: FilterPredicate) => {
      // Only a change of the URL comes back.
      if (value !== applied || (value !== '' && how !== filter?.predicate)) setSent((s) => [...s, value]);
      onChange(column, value ? { predicate: how, value } : null);
    };

    useEffect(() => {
      if (!pending) return;
      const timer = setTimeout(() => {
        setSent((s) => [...s, wanted]);
        onChange(column, wanted ? { predicate, value: wanted } : null);
      }, FILTER_DEBOUNCE_MS);
      return () => clearTimeout(timer);
    }, [pending, wanted, predicate, column, onChange]);

    return (
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={`${label} match`}
          value={predicate}
          onChange={(e) => {
            const next = e.target.value as FilterPredicate;
            setPredicate(next);
            if (wanted && !problem) apply(wanted, next);
          }}
          slotProps={{ select: { native: true } }}
          sx={{ width: 176, flexShrink: 0 }}
        >
          {PREDICATE_ORDER.filter((p) => FILTER_PREDICATES.includes(p)).map((p) => (
            <option key={p} value={p}>
              {PREDICATE_LABELS[p]}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          fullWidth
          label={`${label} filter`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && pending) apply(wanted, predicate);
          }}
          error={!!problem}
          helperText={problem ?? undefined}
          autoComplete="off"
          slotProps={{
            htmlInput: { spellCheck: false },
            input: {
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={`Clear ${label.toLowerCase()}`}
                    onClick={() => {
                      setText('');
                      apply('', predicate);
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Stack>
    );
  },
  // Parsing the URL makes new filter objects every time: compare what they say.
  (a, b) =>
    a.column === b.column &&
    a.onChange === b.onChange &&
    a.filter?.predicate === b.filter?.predicate &&
    a.filter?.value === b.filter?.value,
);

/** A filter for each filterable column; text filters are debounced, the custom-member choice applies at once. */
export function MemberFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: Filters;
  onChange: OnFilterChange;
  onClear: () => void;
}) {
  const custom = filters.custom_member?.value ?? '';
  const any = Object.keys(filters).length > 0;
  return (
    <Box component="section" aria-label="Filters">
      <Grid container spacing={1.5}>
        {TEXT_FILTER_COLUMNS.map((column) => (
          <Grid key={column} size={{ xs: 12, md: 6, xl: 4 }}>
            <TextFilter column={column} filter={filters[column]} onChange={onChange} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Custom member"
              value={custom}
              onChange={(e) => onChange('custom_member', e.target.value ? { predicate: 'eq', value: e.target.value } : null)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ width: 160 }}
            >
              <option value="">Any</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </TextField>
            {any && (
              <Button onClick={onClear} size="small" startIcon={<ClearIcon />}>
                Clear filters
              </Button>
            )}
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
