import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { nodeKindLabel, type UserNodeInfo } from '@/api/schemas/entities';
import { KnownLabel } from '@/components/KnownLabel';
import { entityCounts } from '@/api/schemas/entities';
import { CopyButton } from '@/components/CopyButton';
import { PageHeader } from '@/components/PageHeader';
import { DetailFrame } from '@/components/DetailFrame';
import { Breakable } from '@/components/table';
import { useUserNode } from '@/features/entities/api/get-user-node';
import { CountsGrid } from '@/features/entities/components/CountsGrid';
import { InvalidObjectId, UnknownObjectId } from '@/features/entities/components/InvalidObjectId';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { SystemGroupMembership } from '@/features/entities/components/SystemGroupMembership';
import { objectId as objectIdSchema } from '@/features/entities/object-id';
import { useRouteId } from '@/lib/route-id';

const LIST = { label: 'Entity look-up', to: '/entities' };

/** A user node: kinds, properties and (counts on) every count the server returns. */
export default function UserNodePage() {
  const id = useRouteId('objectId', objectIdSchema);
  const raw = id.raw;
  const objectId = id.ok ? id.id : raw;
  const [params, setParams] = useSearchParams();
  const counts = params.get('counts') !== 'false';
  const query = useUserNode(objectId, counts, { enabled: id.ok });
  const name = typeof query.data?.props.name === 'string' ? query.data.props.name : null;

  const setCounts = (on: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (on) next.delete('counts');
      else next.set('counts', 'false');
      return next;
    });

  const header = (
    <PageHeader
      title={name ? <Breakable text={name} /> : 'User node'}
      crumbs={[LIST, { label: 'User node' }]}
      description={
        <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {objectId}
          </Box>
          {id.ok && <CopyButton value={objectId} label="Copy the user's object id" />}
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
      noun="user node"
      title="User node"
      id={id}
      query={query}
      header={header}
      invalid={!id.ok && <InvalidObjectId message={id.message} kind="user" raw={raw} />}
      notFound={query.isError && <UnknownObjectId error={query.error} kind="user" raw={objectId} />}
    >
      {(node) => (
        <>
          {header}
          <UserNodeSections node={node} objectId={objectId} name={name} counts={counts} />
        </>
      )}
    </DetailFrame>
  );
}

/** A user node's kinds, its system groups, its counts (when shown) and its properties. */
function UserNodeSections({
  node,
  objectId,
  name,
  counts,
}: {
  node: UserNodeInfo;
  objectId: string;
  name: string | null;
  counts: boolean;
}) {
  const countValues = entityCounts(node);
  return (
    <>
      <Stack spacing={2}>
        <Paper component="section" aria-labelledby="kinds-heading" sx={{ p: 2 }}>
          <Typography variant="h2" id="kinds-heading" gutterBottom>
            Kinds
          </Typography>
          {node.kinds && node.kinds.length > 0 ? (
            <Stack
              direction="row"
              component="ul"
              aria-label="Kinds"
              sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
            >
              {node.kinds.map((k) => (
                <li key={k}>
                  <KnownLabel label={nodeKindLabel(k)} chip={{}} />
                </li>
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary">The server did not say which kinds this node has.</Typography>
          )}
        </Paper>
        <SystemGroupMembership objectId={objectId} name={name} />
        {counts && (
          <Paper component="section" aria-labelledby="counts-heading" sx={{ p: 2 }}>
            <Typography variant="h2" id="counts-heading" gutterBottom>
              Counts
            </Typography>
            <CountsGrid counts={countValues} />
          </Paper>
        )}
        <PropertiesTable props={node.props} />
      </Stack>
    </>
  );
}
