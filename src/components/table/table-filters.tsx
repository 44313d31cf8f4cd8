import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { useTypedText } from '../use-typed-text';
import { useTableContext } from './table-context';
import type { TableController } from './use-table-state';
import { filterValueProblem, PREDICATE_LABELS, type FilterValue, type Predicate } from './url-state';

/** Typing settles for this long before a text filter is applied. */
export const FILTER_DEBOUNCE_MS = 300;

type SetFilter = TableController['setFilter'];

/**
 * A text filter: a predicate (when the filter takes several) and a value, applied
 * after typing pauses (or at once on Enter), replacing the history entry. What
 * is typed is never lost while the URL catches up with earlier writes; a change
 * from elsewhere (Back, Clear filters) replaces the text.
 */
export const TextFilter = memo(
  function TextFilter({
    column,
    label,
    filter,
    predicates,
    setFilter,
    search = false,
    placeholder,
    width,
    matchWidth = 150,
  }: {
    column: string;
    /** Names the field ("Name filter", or the search box's own label when `search`). */
    label: string;
    filter: FilterValue | undefined;
    predicates: readonly Predicate[];
    setFilter: SetFilter;
    /** A page's search box: a search icon, no predicate choice. */
    search?: boolean;
    placeholder?: string;
    width?: number;
    /** Width of the predicate choice (room for a long label: "Environment kind match"). */
    matchWidth?: number;
  }) {
    const applied = filter?.value ?? '';
    const { text, setText, wrote } = useTypedText(applied);
    const [predicate, setPredicate] = useState<Predicate>(filter?.predicate ?? predicates[0]!);
    const [seenPredicate, setSeenPredicate] = useState(filter?.predicate);
    if (filter?.predicate !== seenPredicate) {
      setSeenPredicate(filter?.predicate);
      if (filter) setPredicate(filter.predicate);
    }
    const problem = filterValueProblem(text);
    const wanted = text.trim();
    const pending = !problem && (wanted !== applied || (wanted !== '' && predicate !== filter?.predicate));

    const apply = (value: string, how: Predicate) => {
      if (value !== applied) wrote(value);
      setFilter(column, value ? { predicate: how, value } : null, { typing: true });
    };

    useEffect(() => {
      if (!pending) return;
      const timer = setTimeout(() => {
        if (wanted !== applied) wrote(wanted);
        setFilter(column, wanted ? { predicate, value: wanted } : null, { typing: true });
      }, FILTER_DEBOUNCE_MS);
      return () => clearTimeout(timer);
    }, [pending, wanted, applied, predicate, column, setFilter, wrote]);

    const field = (
      <TextField
        size="small"
        label={search ? label : `${label} filter`}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && pending) apply(wanted, predicate);
        }}
        error={!!problem}
        helperText={problem ?? undefined}
        autoComplete="off"
        sx={fieldWidth(width)}
        slotProps={{
          htmlInput: { spellCheck: false },
          input: {
            startAdornment: search ? (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ) : undefined,
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={search ? 'Clear the search' : `Clear ${label.toLowerCase()}`}
                  title={search ? 'Clear the search' : `Clear ${label.toLowerCase()}`}
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
    );
    if (search || predicates.length < 2) return field;
    return (
      <Box sx={{ display: 'flex', gap: 1 }}>
        <ChoiceField
          label={`${label} match`}
          value={predicate}
          onChange={(value) => {
            const next = value as Predicate;
            setPredicate(next);
            if (wanted && !problem) apply(wanted, next);
          }}
          sx={{ width: matchWidth, flexShrink: 0 }}
        >
          {predicates.map((p) => (
            <option key={p} value={p}>
              {PREDICATE_LABELS[p]}
            </option>
          ))}
        </ChoiceField>
        {field}
      </Box>
    );
  },
  // Parsing the URL makes new filter objects every time: compare what they say.
  (a, b) =>
    a.column === b.column &&
    a.label === b.label &&
    a.setFilter === b.setFilter &&
    a.predicates === b.predicates &&
    a.width === b.width &&
    a.matchWidth === b.matchWidth &&
    a.filter?.predicate === b.filter?.predicate &&
    a.filter?.value === b.filter?.value,
);

/** A choice filter ("Status: All / Enabled / Disabled"), applied at once with a history entry. */
export function ChoiceFilter({
  column,
  label,
  options,
  anyLabel = 'All',
  width = 170,
}: {
  column: string;
  label: string;
  options: readonly { value: string; label: string }[];
  anyLabel?: string;
  width?: number;
}) {
  const table = useTableContext();
  const value = table.state.filters[column]?.value ?? '';
  return (
    <ChoiceField
      label={label}
      value={value}
      onChange={(next) => table.setFilter(column, next ? { predicate: 'eq', value: next } : null)}
      sx={fieldWidth(width)}
    >
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </ChoiceField>
  );
}

/** A page's search box bound to a table's `column` filter (contains). */
export function TableSearch({
  column = 'q',
  label,
  placeholder,
  width = 320,
}: {
  column?: string;
  label: string;
  placeholder?: string;
  width?: number;
}) {
  const table = useTableContext();
  return (
    <TextFilter
      column={column}
      label={label}
      filter={table.state.filters[column]}
      predicates={SEARCH_PREDICATES}
      setFilter={table.setFilter}
      search
      placeholder={placeholder}
      width={width}
    />
  );
}
const SEARCH_PREDICATES: readonly Predicate[] = ['~eq'];

/** A row of filters above a table, with "Clear filters" once any is set; one under another on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  const table = useTableContext();
  return (
    <Box
      component="section"
      aria-label="Filters"
      sx={{
        mb: 2,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'flex-start' },
        gap: 1.5,
        flexWrap: 'wrap',
      }}
    >
      {children}
      {table.hasFilters && (
        <Button onClick={table.clearFilters} size="small" startIcon={<ClearIcon />} sx={{ alignSelf: { sm: 'center' } }}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}

/** A filter's width: `width` px, or all there is on a phone (beside its predicate choice: what that leaves). */
function fieldWidth(width: number | undefined): SxProps<Theme> {
  return { width: width === undefined ? '100%' : { xs: '100%', sm: width } };
}

/**
 * A small outlined choice of `<option>`s: MUI's TextField with a native select (the browser's own list,
 * which every list page's filters and pager render on their first load).
 */
export function ChoiceField({
  label,
  value,
  onChange,
  sx,
  children,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  sx: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      // A native select always shows an option, so its label sits on the outline (the empty one too: "All").
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}
