/**
 * The table layer: one URL state (use-table-state), given to a table's parts by one TableProvider; one table
 * (DataTable), one pager, one set of filters.
 * A list page declares its columns and a TableSpec and hands over its query; see docs/development.md, "A list page".
 */
export { DataTable, SETTLED_QUERY, type DataTableProps, type QueryStatus, type RowDetails } from './DataTable';
export { TableProvider, useTableContext } from './table-context';
export { useClientRows } from './table-count';
export { Breakable } from './Breakable';
export { CellTag, type TagTone } from './CellTag';
export { RowMenuButton } from './RowMenuButton';
export { filterAndSort, sortableIds, type Column, type RowMatchers, type SortValue } from './columns';
export { TablePager } from './TablePager';
export { PickFilter, type PickOneProps, type PickOption, type PickSeveralProps } from './PickFilter';
export { ChoiceFilter, FilterBar, FILTER_DEBOUNCE_MS, TableSearch, TextFilter } from './table-filters';
export { useTableState, type TableController } from './use-table-state';
export {
  apiQuery,
  DEFAULT_PAGE_SIZE,
  filterValueProblem,
  PAGE_SIZES,
  pageCount,
  parseTableState,
  PREDICATE_LABELS,
  PREDICATES,
  toggleSort,
  writeTableState,
  type FilterSpec,
  type FilterValue,
  type Filters,
  type Predicate,
  type Sort,
  type TableSpec,
  type TableState,
} from './url-state';
