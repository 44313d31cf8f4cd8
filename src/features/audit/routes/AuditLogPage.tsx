import { compareText } from '@/shared/compare-text';
import { browserTimeZone } from '@/shared/format';
import { formatCount } from '@/shared/count';
import { plural } from '@/shared/words';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { describeError, HttpError } from '@/api/errors';
import type { User } from '@/api/schemas/users';
import { useUsers } from '@/api/users';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { ChoiceFilter, FilterBar, useTableState, type TableController } from '@/components/table';
import { useSearchState } from '@/components/table/use-search-state';
import { saveFile } from '@/lib/save-file';
import { userName } from '@/lib/user-name';
import { ACTION_CHOICES, actionWords, STATUS_CHOICES } from '@/features/audit/actions';
import { useAuditLogs } from '@/features/audit/api/list-audit-logs';
import { AuditTable } from '@/features/audit/components/AuditTable';
import { DateFilter } from '@/features/audit/components/DateFilter';
import { PickFilter, type PickOption } from '@/features/audit/components/PickFilter';
import { buildCsv, CSV_MAX_ROWS, csvFileName } from '@/features/audit/csv';
import { collectLogs } from '@/features/audit/download';
import {
  AUDIT_TABLE,
  auditApiQuery,
  clearAllFilters,
  hasAnyFilter,
  readDateRange,
  writeDate,
  type DateBound,
  type DateRange,
} from '@/features/audit/filters';

const TITLE = 'Audit log';

const ACTION_OPTIONS: PickOption[] = ACTION_CHOICES.map((c) => ({ ...c, detail: c.value }));

function userOptions(users: User[]): PickOption[] {
  return users
    .map((u) => ({
      value: u.id,
      label: userName(u),
      detail: [u.principal_name, u.email_address.valid ? u.email_address.string : ''].filter(Boolean).join(' · '),
    }))
    .sort((a, b) => compareText(a.label, b.label));
}

/** The server's messages about the filters of a refused read (400), by the parameter they name. */
function serverProblems(error: unknown): Record<string, string> {
  return error instanceof HttpError && error.status === 400 ? error.fieldErrors : {};
}

function ActorFilter({ table, problem }: { table: TableController; problem?: string }) {
  const users = useUsers({ select: userOptions });
  const options = useMemo(() => users.data ?? [], [users.data]);
  const byId = table.state.filters.actor_id?.value;
  const byName = table.state.filters.actor_name?.value;
  const shown = byId ? (options.find((o) => o.value === byId)?.label ?? byId) : (byName ?? '');
  const { setFilter } = table;
  return (
    <PickFilter
      label="Actor"
      noun="person"
      options={options}
      loading={users.isLoading}
      shown={shown}
      error={problem}
      helperText="Pick a person; type a name or e-mail to narrow the list"
      onPick={(picked) => {
        setFilter('actor_id', picked ? { predicate: 'eq', value: picked.value } : null);
        setFilter('actor_name', null);
      }}
    />
  );
}

function ActionFilter({ table, problem }: { table: TableController; problem?: string }) {
  const current = table.state.filters.action?.value ?? '';
  const { setFilter } = table;
  return (
    <PickFilter
      label="Action"
      noun="action"
      options={ACTION_OPTIONS}
      shown={current ? (actionWords(current) ?? current) : ''}
      error={problem}
      helperText="Pick an action; type to narrow the list"
      onPick={(picked) => {
        setFilter('action', picked ? { predicate: 'eq', value: picked.value } : null);
      }}
    />
  );
}

/** "Download CSV": every entry of the view (up to the cap), paged through the API with its filters and sort. */
function DownloadButton({
  query,
  range,
  disabled,
}: {
  query: ReturnType<typeof auditApiQuery>;
  range: DateRange;
  disabled: boolean;
}) {
  const { notify } = useNotice();
  const [progress, setProgress] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress('Preparing the CSV…');
    try {
      const { skip: _skip, limit: _limit, ...view } = query;
      const { logs, total } = await collectLogs(view, {
        signal: controller.signal,
        onProgress: (done, of) =>
          setProgress(`Preparing the CSV: ${formatCount(done)}${of !== null ? ` of ${formatCount(of)}` : ''} entries…`),
      });
      saveFile(buildCsv(logs), csvFileName(range), 'text/csv;charset=utf-8');
      if (total === null || total > logs.length)
        notify({
          severity: 'info',
          message: `The CSV holds the first ${formatCount(logs.length)} of ${total === null ? `more than ${formatCount(CSV_MAX_ROWS)}` : formatCount(total)} matching entries (at most ${formatCount(CSV_MAX_ROWS)}). Narrow the filters or the date range to download the rest.`,
        });
      else notify(`Downloaded ${plural(logs.length, 'audit entry', 'audit entries')} as CSV.`);
    } catch (error) {
      if (!controller.signal.aborted)
        notify({ severity: 'error', message: `The CSV could not be prepared: ${describeError(error)}` });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={progress !== null}
        disabled={disabled}
        onClick={() => void run()}
      >
        Download CSV
      </Button>
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {progress}
      </Typography>
    </>
  );
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
    <>
      <PageHeader
        title={TITLE}
        description={`Who changed what through the API, and every sign-in attempt. From and To take a date, or a date and time (2026-11-01 14:30), in your time zone (${zone}); a date alone covers that whole day.`}
        actions={<DownloadButton query={query} range={range} disabled={!!rangeProblem || logs.data?.count === 0} />}
      />
      <FilterBar table={controller}>
        <ActorFilter table={table} problem={fromServer.actor_id ?? fromServer.actor_name} />
        <ActionFilter table={table} problem={fromServer.action} />
        <ChoiceFilter table={table} column="status" label="Status" anyLabel="Any" options={STATUS_CHOICES} width={130} />
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
          table={controller}
          query={logs}
          page={logs.data ? { rows: logs.data.logs, count: logs.data.count ?? logs.data.logs.length } : undefined}
          knownUser={knownUser}
          errorTitle={Object.keys(fromServer).length > 0 ? 'The server refused these filters' : undefined}
        />
      )}
    </>
  );
}
