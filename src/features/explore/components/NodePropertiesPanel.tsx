import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { CypherNode } from '@/api/schemas/cypher';
import { SidePanel } from '@/components/SidePanel';
import { CellTag } from '@/components/table';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useNodeProperties } from '@/features/explore/api/cypher';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { entityPath } from '@/lib/entity-path';

/**
 * A node of the answer with all its properties, read when asked for (`include_properties`), in a panel at the
 * side; `node` is what the answer already says of it, shown while the properties load.
 */
export function NodePropertiesPanel({
  id,
  node,
  onClose,
}: {
  id: string | null;
  node: CypherNode | undefined;
  onClose: () => void;
}) {
  const properties = useNodeProperties(id);
  const name = node?.label || node?.objectId || `Node ${id}`;
  const href = node?.objectId ? entityPath(node.kind, node.objectId) : null;
  return (
    <SidePanel open={id !== null} onClose={onClose} title={name} closeLabel="Close properties">
      {node && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {[node.kind, ...node.kinds.filter((k) => k !== node.kind)].join(', ')}
          </Typography>
          {node.isTierZero && <CellTag label="Tier Zero" tone="error" />}
          {node.isOwnedObject && <CellTag label="Owned" tone="warning" />}
          {href && (
            <Link component={RouterLink} to={href}>
              Open its page
            </Link>
          )}
        </Stack>
      )}
      <Box>
        {properties.isPending ? (
          <LoadingState label="Loading the properties…" />
        ) : properties.isError ? (
          <ErrorState error={properties.error} title="Could not load the properties" onRetry={() => void properties.refetch()} />
        ) : properties.data ? (
          <PropertiesTable props={properties.data.properties ?? {}} />
        ) : (
          <EmptyState title="Node not found">The node is no longer in the graph.</EmptyState>
        )}
      </Box>
    </SidePanel>
  );
}
