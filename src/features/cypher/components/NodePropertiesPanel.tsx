import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CypherNode } from '@/api/schemas/cypher';
import { CellTag } from '@/components/table';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useNodeProperties } from '@/features/cypher/api/cypher';
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
  const headingId = useId();
  const properties = useNodeProperties(id);
  const name = node?.label || node?.objectId || `Node ${id}`;
  const href = node?.objectId ? entityPath(node.kind, node.objectId) : null;
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      // Above the top bar (which stays above the navigation drawer), as a dialog is.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 480, md: 560 }, p: 2 }, 'aria-labelledby': headingId, role: 'dialog' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <IconButton onClick={onClose} aria-label="Close properties" edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
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
    </Drawer>
  );
}
