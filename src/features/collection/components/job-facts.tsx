import { StartedBy } from './StartedBy';
import { formatCount } from '@/shared/count';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { describeError } from '@/api/errors';
import type { DomainResult, TaskView } from '@/api/schemas/collection';
import { CopyButton } from '@/components/CopyButton';
import { DetailList } from '@/components/detail-section';
import { useNotice } from '@/components/notice';
import { DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { DateTime } from '@/components/time';
import { useEndJobAsClient, useOnMockService } from '@/features/collection/api/end-job-as-client';
import { useEvent } from '@/features/collection/api/get-event';
import { describeSchedule } from '@/shared/schedule';
import { isJobFinished } from '@/features/collection/status';
import { CollectionFlagChips } from './CollectionFlagChips';

/** The per-domain counts of a job (reference `model.domain-collection-result`), in the order a person reads them. */
const COUNTS: [keyof DomainResult, string][] = [
  ['user_count', 'Users'],
  ['group_count', 'Groups'],
  ['computer_count', 'Computers'],
  ['gpo_count', 'GPOs'],
  ['ou_count', 'OUs'],
  ['container_count', 'Containers'],
  ['aiaca_count', 'AIA CAs'],
  ['rootca_count', 'Root CAs'],
  ['enterpriseca_count', 'Enterprise CAs'],
  ['ntauthstore_count', 'NTAuth stores'],
  ['certtemplate_count', 'Cert templates'],
  ['deleted_count', 'Deleted'],
];

function IdList({ ids, empty }: { ids: string[]; empty: string }) {
  if (ids.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ids.map((id) => (
        <Typography component="li" variant="body2" key={id} sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
          {id}
        </Typography>
      ))}
    </Stack>
  );
}

/** The domain results table's URL state (sorted in the page; the client's order by default). */
const RESULTS_SPEC: TableSpec = {
  sortable: ['domain_name', 'success'],
};

export function DomainResults({ task }: { task: TaskView }) {
  const table = useTableState(RESULTS_SPEC);
  const results = task.domain_results;
  // Counts that are zero for every domain say nothing (what the task did not collect): left out.
  const shown = useMemo(() => COUNTS.filter(([key]) => results.some((r) => (r[key] as number) !== 0)), [results]);
  const columns = useMemo(
    (): Column<DomainResult>[] => [
      {
        id: 'domain_name',
        header: 'Domain',
        sortable: true,
        rowHeader: true,
        nowrap: true,
        sortValue: (r) => r.domain_name,
        cell: (r) => r.domain_name,
      },
      {
        id: 'success',
        header: 'Result',
        sortable: true,
        sortValue: (r) => (r.success ? 1 : 0),
        cell: (r) => (
          <Box sx={{ minWidth: 160 }}>
            <Chip size="small" color={r.success ? 'success' : 'error'} label={r.success ? 'Succeeded' : 'Failed'} />
            {r.message && (
              <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
                {r.message}
              </Typography>
            )}
          </Box>
        ),
      },
      // The first three counts shown are kept on every screen; the next two from 1200 px, the rest from 1536 px.
      ...shown.map(([key, label], i): Column<DomainResult> => ({
        id: key,
        header: label,
        align: 'right',
        nowrap: true,
        hideBelow: i < 3 ? undefined : i < 5 ? 'lg' : 'xl',
        cell: (r) => formatCount(r[key] as number),
      })),
    ],
    [shown],
  );
  const totals = useMemo(() => {
    if (results.length < 2) return undefined;
    const row: Record<string, string> = { domain_name: 'Total' };
    for (const [key] of shown) row[key] = formatCount(results.reduce((sum, r) => sum + (r[key] as number), 0));
    return row;
  }, [results, shown]);

  if (results.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">
          {isJobFinished(task.status)
            ? 'The client reported no per-domain results for this job.'
            : 'The client reports per-domain results when the job ends.'}
        </Typography>
      </Paper>
    );
  }
  return (
    <TableProvider table={table}>
      <DataTable
        label="Domain results"
        noun="domain results"
        mode="client"
        rows={results}
        columns={columns}
        query={SETTLED_QUERY}
        rowKey={(r) => r.id}
        summaryRow={totals}
        empty={{ title: 'No domain results' }}
      />
      {shown.length < COUNTS.length && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {shown.length === 0
            ? 'Every count is zero for every domain.'
            : `Not shown, zero for every domain: ${COUNTS.filter((c) => !shown.includes(c))
                .map(([, label]) => label)
                .join(', ')}.`}
        </Typography>
      )}
    </TableProvider>
  );
}

/**
 * On the mock service only: act as the task's collection client and end its
 * current task (POST /api/v2/jobs/end with the client's own token).
 */
export function MockClientControls({ task }: { task: TaskView }) {
  const onMock = useOnMockService();
  const end = useEndJobAsClient();
  const { notify } = useNotice();
  if (!onMock || isJobFinished(task.status)) return null;
  const endTask = () =>
    end.mutate(task.client_id, {
      onSuccess: (ended) =>
        notify(
          `${ended.id === task.id ? 'This job' : `Job ${ended.id}, the client’s current job,`} ended as ${task.client_name} reported it.`,
        ),
      onError: (error) => notify({ severity: 'error', message: describeError(error) }),
    });
  return (
    <Grid size={12}>
      <Paper component="section" aria-label="Mock service" sx={{ p: 2, borderStyle: 'dashed' }}>
        <Typography variant="h3" component="h2" gutterBottom>
          Mock service
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Collection clients report the end of their job themselves, with their own token. On the mock service you can act as{' '}
          {task.client_name} and end its current job.
        </Typography>
        <Button variant="outlined" loading={end.isPending} onClick={endTask}>
          End the current job as {task.client_name}
        </Button>
      </Paper>
    </Grid>
  );
}

/** A task's details (client, what started it, its times, log) and what it collects. */
export function TaskFacts({ task: t }: { task: TaskView }) {
  const finished = isJobFinished(t.status);
  // A job read carries its event's id, not its title: the event's rule in words names it.
  const event = useEvent(t.event_id ?? 0, { enabled: t.event_id !== null && t.event_title === undefined });
  const eventTitle = t.event_title ?? (event.data ? describeSchedule(event.data.rrule).text : undefined);
  return (
    <>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper component="section" aria-labelledby="job-details" sx={{ p: 2, height: '100%' }}>
          <Typography id="job-details" variant="h2" gutterBottom>
            Details
          </Typography>
          <DetailList
            items={[
              { label: 'Client', value: t.client_name },
              {
                label: 'Started by',
                value: <StartedBy task={{ event_id: t.event_id, event_title: eventTitle }} />,
              },
              ...(t.created_at ? [{ label: 'Created', value: <DateTime value={t.created_at} /> }] : []),
              ...(t.execution_time ? [{ label: 'Due', value: <DateTime value={t.execution_time} /> }] : []),
              { label: 'Started', value: <DateTime value={t.start_time} fallback="Not started yet" /> },
              { label: 'Ended', value: <DateTime value={t.end_time} fallback={finished ? '—' : 'Not ended yet'} /> },
              // What the record does not carry (undefined) is left out, not shown as "none".
              ...(t.last_ingest !== undefined
                ? [{ label: 'Last ingest', value: <DateTime value={t.last_ingest} fallback="Nothing ingested yet" /> }]
                : []),
              { label: 'Domain controller', value: t.domain_controller ?? 'Chosen by the client' },
              ...(t.log_path === undefined
                ? []
                : [
                    {
                      label: 'Log file',
                      value: t.log_path ? (
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
                            {t.log_path}
                          </Typography>
                          <CopyButton value={t.log_path} label="Copy the log path" />
                        </Stack>
                      ) : (
                        'None yet'
                      ),
                    },
                  ]),
            ]}
          />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Paper component="section" aria-labelledby="job-scope" sx={{ p: 2, height: '100%' }}>
          <Typography id="job-scope" variant="h2" gutterBottom>
            What it collects
          </Typography>
          <DetailList
            items={[
              { label: 'Collections', value: <CollectionFlagChips flags={{ ...t, all_trusted_domains: false }} /> },
              { label: 'All trusted domains', value: t.all_trusted_domains ? 'Yes' : 'No' },
              { label: 'OUs', value: <IdList ids={t.ous} empty="All" /> },
              { label: 'Domains', value: <IdList ids={t.domains} empty="The client’s own domain" /> },
            ]}
          />
        </Paper>
      </Grid>
    </>
  );
}
