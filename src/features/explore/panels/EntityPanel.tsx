import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { isHttpStatus } from '@/api/errors';
import { nodeKindLabel } from '@/api/schemas/entities';
import { relatedListsOfKind } from '@/api/schemas/related-lists';
import { CopyButton } from '@/components/CopyButton';
import { KnownLabel } from '@/components/KnownLabel';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { CellTag } from '@/components/table';
import { RelatedListSection } from './RelatedListSection';
import { systemMarks, usePanelEntity } from './entity-info';

export interface EntityPanelProps {
  objectId: string;
  /** The node's kind when the caller knows it (`User`, `Group`, …): its own operation is read at once. */
  kind?: string;
  /** The related list whose section is open (its path word, `sessions`), from the page's address. */
  openList?: string;
  onOpenList: (list: string | undefined) => void;
  onSelectNode: (objectId: string) => void;
  onShowInGraph: (cypher: string) => void;
  onOpenCypher: (cypher: string) => void;
}

/**
 * A node at the side of the Explore page: its name, kind, Tier Zero and Owned marks and object id; its
 * properties; then its kind's related lists (the base ones for a kind without its own), one open at a time.
 */
export function EntityPanel({
  objectId,
  kind,
  openList,
  onOpenList,
  onSelectNode,
  onShowInGraph,
  onOpenCypher,
}: EntityPanelProps) {
  const headingId = useId();
  const entity = usePanelEntity(objectId, kind);
  if (entity.isPending) return <LoadingState label="Loading the object…" />;
  if (entity.isError) {
    return isHttpStatus(entity.error, 404) ? (
      <EmptyState title="Object not found">No node with object id {objectId} is in the graph.</EmptyState>
    ) : (
      <ErrorState error={entity.error} title="Could not load the object" onRetry={() => void entity.refetch()} />
    );
  }
  const { info } = entity.data;
  const listKind = entity.data.kind ?? 'Base';
  const shownKind = kind ?? entity.data.kind ?? info.kinds?.find((k) => k !== 'Base' && !k.startsWith('Tag_')) ?? 'Base';
  const name = typeof info.props.name === 'string' && info.props.name ? info.props.name : objectId;
  const marks = systemMarks(info);
  const { sections } = relatedListsOfKind(listKind);
  return (
    <Stack component="article" aria-labelledby={headingId} spacing={2}>
      <Box>
        <Typography variant="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <KnownLabel label={nodeKindLabel(shownKind)} chip={{ size: 'small', color: 'primary' }} />
          {marks.tierZero && <CellTag label="Tier Zero" tone="error" />}
          {marks.owned && <CellTag label="Owned" tone="warning" />}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mt: 1 }}>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {objectId}
          </Typography>
          <CopyButton value={objectId} label="Copy the object id" />
        </Stack>
      </Box>
      <PropertiesTable props={info.props} title="Object information" />
      <Box component="section" aria-labelledby={`${headingId}-related`}>
        <Typography variant="h2" id={`${headingId}-related`} sx={{ mb: 1 }}>
          Related objects
        </Typography>
        {sections.map((row) => {
          const count = row.count === undefined ? undefined : info[row.count];
          return (
            <RelatedListSection
              key={`${objectId} ${row.list}`}
              row={row}
              objectId={objectId}
              count={typeof count === 'number' ? count : undefined}
              expanded={openList === row.list}
              onExpand={(open) => onOpenList(open ? row.list : undefined)}
              onSelectNode={onSelectNode}
              onShowInGraph={onShowInGraph}
              onOpenCypher={onOpenCypher}
            />
          );
        })}
      </Box>
    </Stack>
  );
}
