import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { entityCounts, nodeKindLabel } from '@/api/schemas/entities';
import { CopyButton } from '@/components/CopyButton';
import { DetailFrame } from '@/components/DetailFrame';
import { KnownLabel } from '@/components/KnownLabel';
import { PageHeader } from '@/components/PageHeader';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { Breakable } from '@/components/table';
import { useEntityNode, type EntityNode } from '@/features/entities/api/get-entity-node';
import { CountsGrid } from '@/features/entities/components/CountsGrid';
import { InvalidObjectId, UnknownObjectId } from '@/features/entities/components/InvalidObjectId';
import { SystemGroupMembership } from '@/features/entities/components/SystemGroupMembership';
import { objectId as objectIdSchema } from '@/features/entities/object-id';
import { entityPath } from '@/lib/entity-path';
import { useRouteId } from '@/lib/route-id';

const LIST = { label: 'Entity look-up', to: '/entities' };

/** A node of any kind: its kind learnt from the server, then its properties and its kind's counts. */
export default function EntityNodePage() {
  const id = useRouteId('objectId', objectIdSchema);
  const raw = id.raw;
  const objectId = id.ok ? id.id : raw;
  const [params, setParams] = useSearchParams();
  const counts = params.get('counts') !== 'false';
  const query = useEntityNode(objectId, counts, { enabled: id.ok });
  const name = typeof query.data?.info.props.name === 'string' ? query.data.info.props.name : null;

  const setCounts = (on: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (on) next.delete('counts');
      else next.set('counts', 'false');
      return next;
    });

  const header = (
    <PageHeader
      title={name ? <Breakable text={name} /> : 'Object'}
      crumbs={[LIST, { label: 'Object' }]}
      description={
        <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {objectId}
          </Box>
          {id.ok && <CopyButton value={objectId} label="Copy the object id" />}
        </Stack>
      }
      actions={
        <FormControlLabel
          control={<Switch checked={counts} onChange={(e) => setCounts(e.target.checked)} disabled={!id.ok} />}
          label="Show counts"
        />
      }
    />
  );

  return (
    <DetailFrame
      list={LIST}
      noun="object"
      title="Object"
      id={id}
      query={query}
      header={header}
      invalid={!id.ok && <InvalidObjectId message={id.message} kind="any" raw={raw} />}
      notFound={query.isError && <UnknownObjectId error={query.error} kind="any" raw={objectId} />}
    >
      {(node) => (
        <>
          {header}
          <EntityNodeSections node={node} objectId={objectId} name={name} counts={counts} />
        </>
      )}
    </DetailFrame>
  );
}

/** A node's kind and kinds, its system groups, its counts (when shown) and its properties. */
function EntityNodeSections({
  node,
  objectId,
  name,
  counts,
}: {
  node: EntityNode;
  objectId: string;
  name: string | null;
  counts: boolean;
}) {
  const kinds = node.info.kinds ?? [];
  // Users and computers have pages of their own too: the user node, the computer's controllers.
  const own = node.kind === 'User' || node.kind === 'Computer' ? entityPath(node.kind, objectId) : null;
  return (
    <Stack spacing={2}>
      <Paper component="section" aria-labelledby="kinds-heading" sx={{ p: 2 }}>
        <Typography variant="h2" id="kinds-heading" gutterBottom>
          Kind
        </Typography>
        {kinds.length > 0 ? (
          <Stack
            direction="row"
            component="ul"
            aria-label="Kinds"
            sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
          >
            {kinds.map((k) => (
              <li key={k}>
                <KnownLabel label={nodeKindLabel(k)} chip={k === node.kind ? { color: 'primary' } : {}} />
              </li>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">The server did not say which kinds this node has.</Typography>
        )}
        {node.kind === null && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No kind of this node has information of its own; what any node has is shown.
          </Typography>
        )}
        {own && (
          <Button component={RouterLink} to={own} size="small" variant="outlined" sx={{ mt: 1.5 }}>
            {node.kind === 'User' ? 'Open the user node' : "Open the computer's controllers"}
          </Button>
        )}
      </Paper>
      <SystemGroupMembership objectId={objectId} name={name} />
      {counts && (
        <Paper component="section" aria-labelledby="counts-heading" sx={{ p: 2 }}>
          <Typography variant="h2" id="counts-heading" gutterBottom>
            Counts
          </Typography>
          <CountsGrid counts={entityCounts(node.info)} />
        </Paper>
      )}
      <PropertiesTable props={node.info.props} />
    </Stack>
  );
}
