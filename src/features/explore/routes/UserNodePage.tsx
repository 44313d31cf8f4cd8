import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { entityCounts, type UserNodeInfo } from '@/api/schemas/entities';
import { DetailFrame } from '@/components/DetailFrame';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { useUserNode } from '@/features/explore/api/get-user-node';
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
import { useRouteId } from '@/lib/route-id';

/** A user node: kinds, properties and (counts on) every count the server returns. */
export default function UserNodePage() {
  const id = useRouteId('objectId', objectIdSchema);
  const raw = id.raw;
  const objectId = id.ok ? id.id : raw;
  const [counts, setCounts] = useCountsParam();
  const query = useUserNode(objectId, counts, { enabled: id.ok });
  const name = typeof query.data?.props.name === 'string' ? query.data.props.name : null;

  const header = (
    <NodePageHeader
      name={name}
      title="User node"
      objectId={objectId}
      idOk={id.ok}
      copyLabel="Copy the user's object id"
      counts={counts}
      onCounts={setCounts}
    />
  );

  return (
    <DetailFrame
      list={ENTITY_LIST}
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
          <KindsList kinds={node.kinds ?? []} />
        </Paper>
        <SystemGroupMembership objectId={objectId} name={name} />
        {counts && <CountsSection counts={countValues} />}
        <PropertiesTable props={node.props} />
      </Stack>
    </>
  );
}
