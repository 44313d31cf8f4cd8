import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { entityCounts } from '@/api/schemas/entities';
import { DetailFrame } from '@/components/DetailFrame';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { useEntityNode, type EntityNode } from '@/features/explore/api/get-entity-node';
import { InvalidObjectId, UnknownObjectId } from '@/features/explore/components/InvalidObjectId';
import {
  CountsSection,
  ENTITY_LIST,
  KindsList,
  NodePageHeader,
  useCountsParam,
} from '@/features/explore/components/node-page-parts';
import { SystemGroupMembership } from '@/features/explore/components/SystemGroupMembership';
import { objectId as objectIdSchema } from '@/features/explore/object-id';
import { entityPath } from '@/lib/entity-path';
import { useRouteId } from '@/lib/route-id';

/** A node of any kind: its kind learnt from the server, then its properties and its kind's counts. */
export default function EntityNodePage() {
  const id = useRouteId('objectId', objectIdSchema);
  const raw = id.raw;
  const objectId = id.ok ? id.id : raw;
  const [counts, setCounts] = useCountsParam();
  const query = useEntityNode(objectId, counts, { enabled: id.ok });
  const name = typeof query.data?.info.props.name === 'string' ? query.data.info.props.name : null;

  const header = (
    <NodePageHeader
      name={name}
      title="Object"
      objectId={objectId}
      idOk={id.ok}
      copyLabel="Copy the object id"
      counts={counts}
      onCounts={setCounts}
    />
  );

  return (
    <DetailFrame
      list={ENTITY_LIST}
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
        <KindsList kinds={kinds} primary={node.kind} />
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
      {counts && <CountsSection counts={entityCounts(node.info)} />}
      <PropertiesTable props={node.info.props} />
    </Stack>
  );
}
