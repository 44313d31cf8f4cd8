import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import type { TaskView } from '@/api/schemas/collection';
import { DataTable, type Column, type TableSpec, useTableContext } from '@/components/table';
import { DateTime } from '@/components/time';
import { useTasks } from '@/features/collection/api/list-tasks';
import { StatusChip } from './StatusChip';
import { StartedBy } from '@/features/collection/components/StartedBy';
import { useNotice } from '@/components/notice';
import { isJobFinished } from '@/features/collection/status';
import { CancelJobDialog, useCancelAccess } from './cancel-job';

/**
 * The URL state of a page's job table: its parameters are written `jobs.page`, `jobs.sort_by`, …
 * beside the page's own table. Newest first, ten a page.
 */
export const TASKS_TABLE_SPEC: TableSpec = {
  sortable: ['id', 'status', 'start_time', 'end_time'],
  defaultSort: [{ column: 'id', descending: true }],
  defaultPageSize: 10,
  prefix: 'jobs',
};

/**
 * A page of collection jobs (newest first): who ran them, why, their status and times; a waiting or
 * running one can be canceled from its row by a person who may.
 */
export function TasksTable({
  label,
  eventId,
  clientId,
  emptyText,
  showClient = true,
}: {
  label: string;
  eventId?: number;
  clientId?: string;
  emptyText: string;
  showClient?: boolean;
}) {
  const table = useTableContext();
  const tasks = useTasks({
    ...table.query,
    client_id: clientId ? `eq:${clientId}` : undefined,
    event_id: eventId !== undefined ? `eq:${eventId}` : undefined,
  });
  const columns = useMemo((): Column<TaskView>[] => {
    const all: (Column<TaskView> | false)[] = [
      { id: 'id', header: 'Job', sortable: true, rowHeader: true, nowrap: true, cell: (t) => `Job ${t.id}` },
      showClient && { id: 'client', header: 'Client', cell: (t) => t.client_name },
      // The tasks of one event were all started by it.
      eventId === undefined && {
        id: 'started_by',
        header: 'Started by',
        hideBelow: 'lg',
        cell: (t) => <StartedBy task={t} />,
      },
      { id: 'status', header: 'Status', sortable: true, cell: (t) => <StatusChip status={t.status} /> },
      {
        id: 'start_time',
        header: 'Started',
        sortable: true,
        nowrap: true,
        cell: (t) => <DateTime value={t.start_time} fallback="Not started" />,
      },
      {
        id: 'end_time',
        header: 'Ended',
        sortable: true,
        nowrap: true,
        hideBelow: 'lg',
        cell: (t) => <DateTime value={t.end_time} />,
      },
    ];
    return all.filter((c): c is Column<TaskView> => c !== false);
  }, [showClient, eventId]);
  const mayCancel = useCancelAccess().allowed;
  const [canceling, setCanceling] = useState<TaskView | null>(null);
  const { notify } = useNotice();

  return (
    <>
      <DataTable
        label={label}
        noun="jobs"
        mode="server"
        columns={columns}
        query={tasks}
        page={tasks.data ? { rows: tasks.data.data, count: tasks.data.count } : undefined}
        rowKey={(t) => t.id}
        rowHref={(t) => `/jobs/${t.id}`}
        quietRefresh
        empty={{ title: `No ${label.toLowerCase()}`, text: emptyText }}
        actions={
          mayCancel
            ? (t) =>
                !isJobFinished(t.status) && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setCanceling(t)}
                    aria-label={`Cancel job ${t.id} on ${t.client_name}`}
                  >
                    Cancel
                  </Button>
                )
            : undefined
        }
      />
      <CancelJobDialog job={canceling} onClose={() => setCanceling(null)} onCanceled={(message) => notify(message)} />
    </>
  );
}
