import ClearIcon from '@mui/icons-material/Clear';
import Button from '@mui/material/Button';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { CLEAR, PlainIcon, PlainIconButton, PlainSelectField, PlainTextField, SEARCH, usePlainControlsCss } from '../plain';
import { useTypedText } from '../use-typed-text';
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

    // Plain elements styled once (../plain): every list page renders its filters on its first load.
    const field = (
      <PlainTextField
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
        spellCheck={false}
        width={width}
        phoneFull
        start={search ? <PlainIcon d={SEARCH} size={20} /> : undefined}
        end={
          text ? (
            <PlainIconButton
              small
              label={search ? 'Clear the search' : `Clear ${label.toLowerCase()}`}
              icon={CLEAR}
              onClick={() => {
                setText('');
                apply('', predicate);
              }}
            />
          ) : undefined
        }
      />
    );
    if (search || predicates.length < 2) return field;
    return (
      <div className="pf-pair">
        <PlainSelectField
          label={`${label} match`}
          value={predicate}
          onChange={(e) => {
            const next = e.target.value as Predicate;
            setPredicate(next);
            if (wanted && !problem) apply(wanted, next);
          }}
          width={matchWidth}
        >
          {predicates.map((p) => (
            <option key={p} value={p}>
              {PREDICATE_LABELS[p]}
            </option>
          ))}
        </PlainSelectField>
        {field}
      </div>
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
  table,
  column,
  label,
  options,
  anyLabel = 'All',
  width = 170,
}: {
  table: TableController;
  column: string;
  label: string;
  options: readonly { value: string; label: string }[];
  anyLabel?: string;
  width?: number;
}) {
  const value = table.state.filters[column]?.value ?? '';
  return (
    <PlainSelectField
      label={label}
      value={value}
      onChange={(e) => table.setFilter(column, e.target.value ? { predicate: 'eq', value: e.target.value } : null)}
      width={width}
      phoneFull
    >
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </PlainSelectField>
  );
}

/** A page's search box bound to a table's `column` filter (contains). */
export function TableSearch({
  table,
  column = 'q',
  label,
  placeholder,
  width = 320,
}: {
  table: TableController;
  column?: string;
  label: string;
  placeholder?: string;
  width?: number;
}) {
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

/** A row of filters above a table, with "Clear filters" once any is set. */
export function FilterBar({ table, children }: { table: TableController; children: ReactNode }) {
  usePlainControlsCss();
  return (
    <section aria-label="Filters" className="fbar">
      {children}
      {table.hasFilters && (
        <Button onClick={table.clearFilters} size="small" startIcon={<ClearIcon />} className="clear">
          Clear filters
        </Button>
      )}
    </section>
  );
}
