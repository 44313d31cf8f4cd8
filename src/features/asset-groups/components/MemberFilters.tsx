import { ChoiceFilter, FilterBar, TextFilter, useTableContext } from '@/components/table';

/** One filter of the member table: a column, its header, and the choices when it is a choice. */
export interface MemberFilterField {
  column: string;
  label: string;
  choices?: readonly { value: string; label: string }[];
}

/**
 * The member table's filters, in the order of its columns: text filters (the predicates the table's spec allows;
 * applied once typing pauses or on Enter) and choices (applied at once), with Clear filters once any is set.
 */
export function MemberFilters({ fields }: { fields: readonly MemberFilterField[] }) {
  const table = useTableContext();
  const specs = table.spec.filters ?? {};
  return (
    <FilterBar>
      {fields.map((f) =>
        f.choices ? (
          <ChoiceFilter key={f.column} column={f.column} label={f.label} anyLabel="Any" options={f.choices} />
        ) : (
          <TextFilter
            key={f.column}
            column={f.column}
            label={f.label}
            filter={table.state.filters[f.column]}
            predicates={specs[f.column]?.predicates ?? []}
            setFilter={table.setFilter}
            width={220}
            matchWidth={180}
          />
        ),
      )}
    </FilterBar>
  );
}
