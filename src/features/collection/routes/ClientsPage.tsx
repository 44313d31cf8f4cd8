import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { collectionOps } from '@/api/operations/collection';
import { useAccess } from '@/lib/access';
import { isKnownClientType, type Client, type CreatedClient } from '@/api/schemas/collection';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { useTableState, TableProvider } from '@/components/table';
import { useIsEnterprise } from '@/api/version';
import { useClients } from '@/features/collection/api/list-clients';
import { RegisterClientDialog } from '@/features/collection/components/client-form-dialog';
import { ClientTokenDialog } from '@/features/collection/components/client-token-dialogs';
import {
  CLIENTS_SPEC,
  ClientsTable,
  CreatedTask,
  RecentTasks,
  UnknownTypeNote,
} from '@/features/collection/components/clients-table';
import { EnterpriseNotice, needsEnterprise } from '@/features/collection/components/EnterpriseNotice';
import { RunCollectionDialog } from '@/features/collection/components/RunCollectionDialog';
import { TASKS_TABLE_SPEC } from '@/features/collection/components/TasksTable';
import { RunCollectionButton } from '@/features/collection/components/RunCollectionButton';

const TITLE = 'Clients';

export default function ClientsPage() {
  const enterprise = useIsEnterprise();
  const run = useAccess(collectionOps.createClientScheduledJob);
  const canRun = run.allowed;
  const register = useAccess(collectionOps.createClient);
  const navigate = useNavigate();
  const [registering, setRegistering] = useState(false);
  // The new client's token lives here until its dialog closes (never in the query cache).
  const [registered, setRegistered] = useState<CreatedClient | null>(null);
  const table = useTableState(CLIENTS_SPEC);
  const tasksTable = useTableState(TASKS_TABLE_SPEC);
  const [params, setParams] = useSearchParams();
  const clients = useClients(table.query, { enabled: enterprise !== false });
  const [runOn, setRunOn] = useState<Client | null>(null);
  const createdId = Number(params.get('job'));

  const setCreated = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete('job');
      else next.set('job', String(id));
      return next;
    });

  const actions = useMemo(
    () =>
      canRun
        ? (c: Client) => {
            // What a client of a type this console does not know collects is unknown: it offers no run.
            if (!isKnownClientType(c.type)) return <UnknownTypeNote client={c} />;
            // A client works on one task at a time: on a busy one a new task waits (the dialog says so).
            return <RunCollectionButton client={c} onClick={() => setRunOn(c)} size="small" named />;
          }
        : undefined,
    [canRun],
  );

  const header = (
    <PageHeader
      title={TITLE}
      description="Collection clients, what they are doing, and the jobs they ran."
      actions={
        register.allowed && enterprise !== false ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRegistering(true)}>
            Register client
          </Button>
        ) : undefined
      }
    />
  );

  if (needsEnterprise(enterprise, clients.error)) {
    return (
      <>
        {header}
        <EnterpriseNotice feature="Collection clients" />
      </>
    );
  }

  // Recent jobs are worth showing once there is a client (whatever the search shows).
  const anyClient = clients.isSuccess && (clients.data.count > 0 || table.hasFilters);

  return (
    <>
      {header}
      {Number.isInteger(createdId) && createdId > 0 && <CreatedTask id={createdId} onDismiss={() => setCreated(null)} />}
      <RestrictedNote missing={run.missing} canDo="You can look at collection clients and their jobs" cannot="run a collection" />
      <TableProvider table={table}>
        <ClientsTable clients={clients} actions={actions} />
      </TableProvider>
      <TableProvider table={tasksTable}>{anyClient && <RecentTasks />}</TableProvider>
      {registering && (
        <RegisterClientDialog
          onClose={() => setRegistering(false)}
          onCreated={(client) => {
            setRegistering(false);
            setRegistered(client);
          }}
        />
      )}
      {registered && (
        <ClientTokenDialog
          clientName={registered.name}
          token={registered.token}
          replaced={false}
          onClose={() => {
            // On to the new client's page: its status, and its token to regenerate if need be.
            setRegistered(null);
            navigate(`/clients/${registered.id}`);
          }}
        />
      )}
      <RunCollectionDialog
        client={runOn}
        onClose={() => setRunOn(null)}
        onCreated={(task) => {
          setRunOn(null);
          setCreated(task.id);
        }}
      />
    </>
  );
}
