import { browserTimeZone } from '@/shared/format';
import Alert from '@mui/material/Alert';
import { useCallback, useMemo } from 'react';
import { HttpError } from '@/api/errors';
import { useUsers } from '@/api/users';
import { PageHeader } from '@/components/PageHeader';
import { ChoiceFilter, FilterBar, useTableState, type TableController, TableProvider } from '@/components/table';
import { useSearchState } from '@/components/table/use-search-state';
import { STATUS_CHOICES } from '@/features/audit/actions';
import { useAuditLogs } from '@/features/audit/api/list-audit-logs';
import { AuditTable } from '@/features/audit/components/AuditTable';
import { ActionFilter, ActorFilter } from '@/features/audit/components/audit-filters';
import { DateFilter } from '@/components/table/DateFilter';
import { DownloadButton } from '@/features/audit/components/DownloadButton';
import {
  AUDIT_TABLE,
  auditApiQuery,
  clearAllFilters,
  hasAnyFilter,
  readDateRange,
  writeDate,
  type DateBound,
} from '@/features/audit/filters';

const TITLE = 'Audit log';

/** The server's messages about the filters of a refused read (400), by the parameter they name. */
function serverProblems(error: unknown): Record<string, string> {
  return error instanceof HttpError && error.status === 400 ? error.fieldErrors : {};
}

export default function AuditLogPage() {
  const table = useTableState(AUDIT_TABLE);
  const [params, updateSearch] = useSearchState();
  const range = useMemo(() => readDateRange(params), [params]);
  const query = useMemo(() => auditApiQuery(table.query, range), [table.query, range]);
  const rangeProblem = range.problems.after ?? range.problems.before;
  const logs = useAuditLogs(query, { enabled: !rangeProblem });
  const fromServer = serverProblems(logs.error);
  const userIds = useUsers({ select: (users) => new Set(users.map((u) => u.id)) }).data;
  const knownUser = useCallback((id: string) => (userIds ? userIds.has(id) : undefined), [userIds]);

  const filtered = hasAnyFilter(table.hasFilters, range);
  const clearAll = useCallback(() => updateSearch(clearAllFilters), [updateSearch]);
  // The filter bar's and the empty state's "Clear filters" clear the dates too.
  const controller: TableController = useMemo(
    () => ({ ...table, hasFilters: filtered, clearFilters: clearAll }),
    [table, filtered, clearAll],
  );
  const setDate = useCallback((bound: DateBound, text: string) => updateSearch((p) => writeDate(p, bound, text)), [updateSearch]);

  const zone = browserTimeZone();
  return (
    <TableProvider table={controller}>
      <PageHeader
        title={TITLE}
        description={`Who changed what through the API, and every sign-in attempt. From and To take a date, and a time if you like, in your time zone (${zone}); a date alone covers that whole day.`}
        actions={<DownloadButton query={query} range={range} disabled={!!rangeProblem || logs.data?.count === 0} />}
      />
      <FilterBar>
        <ActorFilter problem={fromServer.actor_id ?? fromServer.actor_name} />
        <ActionFilter problem={fromServer.action} />
        <ChoiceFilter column="status" label="Status" anyLabel="Any" options={STATUS_CHOICES} width={130} />
        <DateFilter
          bound="after"
          current={range.text.after}
          problem={range.problems.after ?? fromServer.after}
          onApply={setDate}
        />
        <DateFilter
          bound="before"
          current={range.text.before}
          problem={range.problems.before ?? fromServer.before}
          onApply={setDate}
        />
      </FilterBar>
      {rangeProblem ? (
        <Alert severity="warning">The date range cannot be used as it is: correct it above to see the entries.</Alert>
      ) : (
        <AuditTable
          query={logs}
          page={logs.data ? { rows: logs.data.logs, count: logs.data.count ?? logs.data.logs.length } : undefined}
          knownUser={knownUser}
          errorTitle={Object.keys(fromServer).length > 0 ? 'The server refused these filters' : undefined}
        />
      )}
    </TableProvider>
  );
}
