import { useMemo } from 'react';
import type { TaskView } from '@/api/schemas/collection';
import { DataTable, type Column, type TableController, type TableSpec } from '@/components/table';
import { DateTime } from '@/components/Time';
import { useTasks } from '@/features/collection/api/list-tasks';
import { StatusChip } from './StatusChip';
import { StartedBy } from '@/features/collection/components/StartedBy';

/**
 * The URL state of a page's task table: its parameters are written `tasks.page`, `tasks.sort_by`, …
 * beside the page's own table. Newest first, ten a page.
 */
export const TASKS_TABLE_SPEC: TableSpec = {
  sortable: ['id', 'status', 'start_time', 'end_time'],
  defaultSort: [{ column: 'id', descending: true }],
  defaultPageSize: 10,
  prefix: 'tasks',
};

/** A page of collection tasks (newest first): who ran them, why, their status and times. */
export function TasksTable({
  table,
  label,
  eventId,
  clientId,
  emptyText,
  showClient = true,
}: {
  /** `useTableState(TASKS_TABLE_SPEC)`. */
  table: TableController;
  label: string;
  eventId?: number;
  clientId?: string;
  emptyText: string;
  showClient?: boolean;
}) {
  const tasks = useTasks({
    ...table.query,
    client_id: clientId ? `eq:${clientId}` : undefined,
    event_id: eventId !== undefined ? `eq:${eventId}` : undefined,
  });
  const columns = useMemo((): Column<TaskView>[] => {
    const all: (Column<TaskView> | false)[] = [
      { id: 'id', header: 'Task', sortable: true, rowHeader: true, nowrap: true, cell: (t) => `Task ${t.id}` },
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

  return (
    <DataTable
      label={label}
      noun="tasks"
      mode="server"
      columns={columns}
      table={table}
      query={tasks}
      page={tasks.data ? { rows: tasks.data.data, count: tasks.data.count } : undefined}
      rowKey={(t) => t.id}
      rowHref={(t) => `/tasks/${t.id}`}
      quietRefresh
      empty={{ title: `No ${label.toLowerCase()}`, text: emptyText }}
    />
  );
}
