import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useMemo } from 'react';
import { graphOps } from '@/api/operations/graph';
import { isComposedEdgeKind, type CypherEdge, type CypherNode, type UnifiedGraph } from '@/api/schemas/cypher';
import { RestrictedNote } from '@/components/RestrictedNote';
import { SidePanel } from '@/components/SidePanel';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useAccess } from '@/lib/access';
import { plural } from '@/shared/words';
import { answerRows, nameOf } from '@/features/explore/answer-rows';
import { useEdgeComposition } from '@/features/explore/api/edge-composition';
import { EdgesTable } from '@/features/explore/components/QueryResults';

const AnswerGraph = lazy(() => import('@/components/graph/AnswerGraph'));

/** The composition's table keeps its page and sort apart from the answer's own tables. */
const COMPOSITION_SPEC = { sortable: ['from', 'kind', 'to'], prefix: 'composition' };

/**
 * A relationship of the answer in a panel at the side: its kind and ends and, for a kind upstream composes
 * of others (an ADCS finding, an NTLM relay), how it is made, read when the panel opens: the nodes and
 * relationships that make it, drawn and listed.
 */
export function RelationshipPanel({
  edge,
  nodes,
  onClose,
}: {
  edge: CypherEdge | undefined;
  /** The answer's nodes, which name the relationship's ends. */
  nodes: Record<string, CypherNode> | undefined;
  onClose: () => void;
}) {
  return (
    <SidePanel
      open={edge !== undefined}
      onClose={onClose}
      title={edge && (edge.kind || edge.label)}
      subtitle={edge && `from ${nameOf(nodes?.[edge.source], edge.source)} to ${nameOf(nodes?.[edge.target], edge.target)}`}
      closeLabel="Close relationship"
      wide
    >
      {edge && <Composition edge={edge} />}
    </SidePanel>
  );
}

/** "How this edge is made": the composition's states, then its drawing and its relationships. */
function Composition({ edge }: { edge: CypherEdge }) {
  const headingId = useId();
  const kind = edge.kind || edge.label;
  const composed = isComposedEdgeKind(kind);
  const access = useAccess(graphOps.getPathComposition);
  const composition = useEdgeComposition({ ...edge, kind }, { enabled: composed && access.allowed });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        How this edge is made
      </Typography>
      {!composed ? (
        <Typography color="text.secondary">
          {kind} is not made of other relationships: it was collected, or drawn by analysis, as it is.
        </Typography>
      ) : access.missing ? (
        <RestrictedNote missing={access.missing} canDo="You can see this relationship" cannot="see how it is made" />
      ) : composition.isPending ? (
        <LoadingState label="Loading how this relationship is made…" />
      ) : composition.isError ? (
        <ErrorState
          error={composition.error}
          title="Could not load how this relationship is made"
          onRetry={() => void composition.refetch()}
        />
      ) : composition.data.edges.length === 0 ? (
        <EmptyState title="Nothing makes it now">
          The service found none of the relationships that make it: the graph may have changed since the query ran.
        </EmptyState>
      ) : (
        <Parts composition={composition.data} />
      )}
    </Box>
  );
}

function Parts({ composition }: { composition: UnifiedGraph }) {
  const rows = useMemo(() => answerRows(composition), [composition]);
  return (
    <Stack spacing={2}>
      <Typography>
        {plural(rows.nodes.length, 'node')} and {plural(rows.edges.length, 'relationship')} make it.
      </Typography>
      <Suspense fallback={<LoadingState label="Loading the graph…" />}>
        <AnswerGraph nodes={composition.nodes} edges={composition.edges} />
      </Suspense>
      <EdgesTable rows={rows.edges} label="Relationships that make it" spec={COMPOSITION_SPEC} />
    </Stack>
  );
}
