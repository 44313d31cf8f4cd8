import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useParams, useSearchParams } from 'react-router-dom';
import { nodeKindLabel } from '@/api/schemas/entities';
import { KnownLabel } from '@/components/KnownLabel';
import { isHttpStatus } from '@/api/errors';
import { entityCounts } from '@/api/schemas/entities';
import { CopyButton } from '@/components/CopyButton';
import { PageHeader } from '@/components/PageHeader';
import { ErrorState, LoadingState } from '@/components/states';
import { Breakable } from '@/components/table';
import { useUserNode } from '@/features/entities/api/get-user-node';
import { CountsGrid } from '@/features/entities/components/CountsGrid';
import { InvalidObjectId, UnknownObjectId } from '@/features/entities/components/InvalidObjectId';
import { PropertiesTable } from '@/features/entities/components/PropertiesTable';
import { SystemGroupMembership } from '@/features/entities/components/SystemGroupMembership';
import { checkObjectId } from '@/features/entities/object-id';

/** A user node: kinds, properties and (counts on) every count the server returns. */
export default function UserNodePage() {
  const raw = useParams().objectId ?? '';
  const check = checkObjectId(raw);
  const objectId = check.ok ? check.value : raw;
  const [params, setParams] = useSearchParams();
  const counts = params.get('counts') !== 'false';
  const query = useUserNode(objectId, counts, check.ok);
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
      crumbs={[{ label: 'Entity look-up', to: '/entities' }, { label: 'User node' }]}
      description={
        <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {objectId}
          </Box>
          {check.ok && <CopyButton value={objectId} label="Copy the user's object id" />}
        </Stack>
      }
      actions={
        <FormControlLabel
          control={<Switch checked={counts} onChange={(e) => setCounts(e.target.checked)} disabled={!check.ok} />}
          label="Show counts"
        />
      }
    />
  );

  if (!check.ok) {
    return (
      <>
        {header}
        <InvalidObjectId message={check.message} kind="user" raw={raw} />
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading the user node…" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {header}
        {isHttpStatus(query.error, 404) ? (
          <UnknownObjectId error={query.error} kind="user" raw={objectId} />
        ) : (
          <ErrorState error={query.error} title="Could not load the user node" onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }

  const node = query.data;
  const countValues = entityCounts(node);
  return (
    <>
      {header}
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
