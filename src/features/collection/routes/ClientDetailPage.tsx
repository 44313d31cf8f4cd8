import { RunCollectionButton } from '@/features/collection/components/RunCollectionButton';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { labelText } from '@/shared/value-labels';
import { clientTypeLabel, isKnownClientType, type Client } from '@/api/schemas/collection';
import { useIsEnterprise } from '@/api/version';
import { DetailFrame } from '@/components/DetailFrame';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { collectionOps } from '@/api/operations/collection';
import { useAccess } from '@/lib/access';
import { useRouteId, uuidId } from '@/lib/route-id';
import { useClient } from '@/features/collection/api/get-client';
import { ClientEvents, ClientFacts, CompletedTasks, NEVER } from '@/features/collection/components/client-facts';
import { EditClientDialog } from '@/features/collection/components/client-form-dialog';
import { RegenerateTokenDialog } from '@/features/collection/components/client-token-dialogs';
import { DeleteClientDialog } from '@/features/collection/components/DeleteClientDialog';
import { EnterpriseNotice } from '@/features/collection/components/EnterpriseNotice';
import { RunCollectionDialog } from '@/features/collection/components/RunCollectionDialog';

const LIST = { label: 'Clients', to: '/clients' };

export default function ClientDetailPage() {
  const id = useRouteId('clientId', uuidId);
  const enterprise = useIsEnterprise();
  const client = useClient(id.ok ? id.id : '', { enabled: enterprise !== false && id.ok });
  return (
    <DetailFrame
      list={LIST}
      noun="collection client"
      title="Client"
      id={id}
      query={client}
      enterpriseOnly={<EnterpriseNotice feature="Collection clients" />}
    >
      {(c) => <ClientDetail client={c} />}
    </DetailFrame>
  );
}

function ClientDetail({ client: c }: { client: Client }) {
  const navigate = useNavigate();
  const { notify } = useNotice();
  const edit = useAccess(collectionOps.updateClient);
  const manage = edit.allowed;
  const run = useAccess(collectionOps.createClientScheduledJob);
  const [dialog, setDialog] = useState<'edit' | 'token' | 'delete' | 'run' | null>(null);
  const close = () => setDialog(null);
  const checkedIn = !c.last_checkin.startsWith(NEVER);
  const type = clientTypeLabel(c.type);
  const knownType = isKnownClientType(c.type);

  return (
    <>
      <PageHeader
        title={c.name}
        crumbs={[LIST, { label: c.name }]}
        description={`${labelText(type)} collection client${c.version ? `, version ${c.version}` : ''}.`}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {run.allowed && knownType && <RunCollectionButton client={c} onClick={() => setDialog('run')} />}
            {manage && (
              <>
                <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
                  Edit
                </Button>
                <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setDialog('token')}>
                  Regenerate token
                </Button>
                <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
                  Delete
                </Button>
              </>
            )}
          </Stack>
        }
      />
      <RestrictedNote
        missing={edit.missing}
        canDo="You can look at this client"
        cannot="edit or delete it, or replace its token"
      />
      {!knownType && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This console does not know what {c.type ? `“${c.type}”` : 'untyped'} clients collect, so it offers no collection run for{' '}
          {c.name}; its name, token and deletion do not depend on the type and can be managed here.
        </Alert>
      )}
      {!checkedIn && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {c.name} has not checked in yet. Configure its collector with the token shown when it was registered (lost it?
          Regenerate the token); its host, address and version show here once it checks in.
        </Alert>
      )}
      <Grid container spacing={2}>
        <ClientFacts client={c} />
        <ClientEvents client={c} />
        <CompletedTasks client={c} />
      </Grid>
      {dialog === 'edit' && (
        <EditClientDialog
          client={c}
          onClose={close}
          onSaved={(saved) => {
            close();
            notify(`Saved ${saved.name}.`);
          }}
        />
      )}
      {dialog === 'token' && <RegenerateTokenDialog client={c} onClose={close} />}
      {dialog === 'delete' && (
        <DeleteClientDialog
          client={c}
          onClose={close}
          onDeleted={(message) => {
            notify(message);
            navigate('/clients');
          }}
        />
      )}
      <RunCollectionDialog
        client={dialog === 'run' ? c : null}
        onClose={close}
        onCreated={(task) => {
          close();
          navigate(`/jobs/${task.id}`);
        }}
      />
    </>
  );
}
