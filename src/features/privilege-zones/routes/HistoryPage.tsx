import Alert from '@mui/material/Alert';
import { useCallback, useMemo } from 'react';
import { HttpError } from '@/api/errors';
import type { TagHistoryRecord } from '@/api/schemas/privilege-zones';
import { useMayListUsers, useUsers } from '@/api/users';
import { PageHeader } from '@/components/PageHeader';
import {
  ChoiceFilter,
  DataTable,
  FilterBar,
  PickFilter,
  TableSearch,
  TextFilter,
  useTableState,
  type Column,
  type PickOption,
  type TableController,
  TableProvider,
  useTableContext,
} from '@/components/table';
import { useSearchState } from '@/components/table/use-search-state';
import { DateTime } from '@/components/time';
import { DateFilter } from '@/components/table/DateFilter';
import { readDateRange, writeDate, type DateBound } from '@/lib/date-range';
import { useHistory } from '@/features/privilege-zones/api/history';
import { useTags } from '@/api/privilege-zone-tags';
import {
  clearHistoryFilters,
  HISTORY_ACTIONS,
  HISTORY_TABLE,
  historyActionWords,
  historyApiQuery,
  searchProblem,
} from '@/features/privilege-zones/history';
import { browserTimeZone } from '@/shared/format';
import { userName } from '@/lib/user-name';
import { compareText } from '@/shared/compare-text';

const TITLE = 'Privilege Zones history';

/**
 * The person filter: one of the console's users for those who may list them, else a user name typed
 * exactly. Records name the person who acted by their user name (`actor`).
 */
function PersonFilter() {
  const table = useTableContext();
  const mayList = useMayListUsers();
  const users = useUsers({
    select: (list): PickOption[] =>
      list
        .map((u) => ({
          value: u.principal_name,
          label: userName(u),
          detail: [u.principal_name, u.email_address.valid ? u.email_address.string : ''].filter(Boolean).join(' · '),
        }))
        .sort((a, b) => compareText(a.label, b.label)),
  });
  const options = useMemo(() => users.data ?? [], [users.data]);
  if (!mayList)
    return (
      <TextFilter
        column="actor"
        label="Person (user name)"
        filter={table.state.filters.actor}
        predicates={['eq']}
        setFilter={table.setFilter}
        width={240}
      />
    );
  const byName = table.state.filters.actor?.value;
  return (
    <PickFilter
      label="Person"
      noun="person"
      options={options}
      loading={users.isLoading}
      shown={byName ? (options.find((o) => o.value === byName)?.label ?? byName) : ''}
      helperText="Pick a person; type a name or e-mail to narrow the list"
      onPick={(picked) => table.setFilter('actor', picked ? { predicate: 'eq', value: picked.value } : null)}
    />
  );
}

/**
 * Every change to zones, labels, rules and certifications, newest first: search (at least 3 characters,
 * over person, e-mail, action and target), filters by action, zone, person and dates, paged by the server.
 */
export default function HistoryPage() {
  const table = useTableState(HISTORY_TABLE);
  const [params, updateSearch] = useSearchState();
  const range = useMemo(() => readDateRange(params), [params]);
  const { query, search } = useMemo(() => historyApiQuery(table.query, range), [table.query, range]);
  const rangeProblem = range.problems.after ?? range.problems.before;
  const history = useHistory(query, search, { enabled: !rangeProblem });
  const tags = useTags(null);
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((t) => [t.id, t.name])), [tags.data]);
  const fromServer = history.error instanceof HttpError && history.error.status === 400 ? history.error.fieldErrors : {};
  const typed = table.state.filters.q?.value ?? '';
  const tooShort = searchProblem(typed);

  const filtered = table.hasFilters || range.text.after !== '' || range.text.before !== '';
  const clearAll = useCallback(() => updateSearch(clearHistoryFilters), [updateSearch]);
  const controller: TableController = useMemo(
    () => ({ ...table, hasFilters: filtered, clearFilters: clearAll }),
    [table, filtered, clearAll],
  );
  const setDate = useCallback((bound: DateBound, text: string) => updateSearch((p) => writeDate(p, bound, text)), [updateSearch]);

  const columns = useMemo(
    (): Column<TagHistoryRecord>[] => [
      { id: 'created_at', header: 'When', sortable: true, nowrap: true, cell: (r) => <DateTime value={r.created_at} /> },
      { id: 'action', header: 'Action', rowHeader: true, cell: (r) => historyActionWords(r.action) },
      { id: 'target', header: 'Target', cell: (r) => r.target, secondary: (r) => r.note },
      {
        id: 'asset_group_tag_id',
        header: 'Zone or label',
        cell: (r) => tagNames.get(r.asset_group_tag_id) ?? `Deleted (${r.asset_group_tag_id})`,
      },
      { id: 'actor', header: 'Person', cell: (r) => r.email ?? r.actor, hideBelow: 'md' },
    ],
    [tagNames],
  );

  const tagChoices = (tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  return (
    <TableProvider table={controller}>
      <PageHeader
        title={TITLE}
        description={`Every change to zones, labels, rules and certifications, newest first, kept 90 days. From and To take a date, and a time if you like, in your time zone (${browserTimeZone()}).`}
      />
      <FilterBar>
        <TableSearch label="Search history" placeholder="Person, action or target" width={300} />
        <ChoiceFilter column="action" label="Action" anyLabel="Any" options={HISTORY_ACTIONS} width={220} />
        <ChoiceFilter column="asset_group_tag_id" label="Zone or label" anyLabel="Any" options={tagChoices} />
        <PersonFilter />
        <DateFilter
          bound="after"
          current={range.text.after}
          problem={range.problems.after ?? fromServer.created_at}
          onApply={setDate}
        />
        <DateFilter bound="before" current={range.text.before} problem={range.problems.before} onApply={setDate} />
      </FilterBar>
      {tooShort && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {tooShort} Until then every record matching the other filters is listed.
        </Alert>
      )}
      {rangeProblem ? (
        <Alert severity="warning">The date range cannot be used as it is: correct it above to see the records.</Alert>
      ) : (
        <DataTable
          label="Privilege Zones history"
          noun="records"
          mode="server"
          columns={columns}
          query={history}
          page={history.data ? { rows: history.data.data.records, count: history.data.count } : undefined}
          rowKey={(r) => r.id}
          errorTitle={Object.keys(fromServer).length > 0 ? 'The server refused these filters' : undefined}
          empty={{ title: 'No history yet', text: 'Changes to zones, labels, rules and certifications are listed here.' }}
        />
      )}
    </TableProvider>
  );
}
