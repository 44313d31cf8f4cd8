import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useMemo } from 'react';
import { graphOps } from '@/api/operations/graph';
import { isComposedEdgeKind, type UnifiedGraph } from '@/api/schemas/cypher';
import { RestrictedNote } from '@/components/RestrictedNote';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useAccess } from '@/lib/access';
import { plural } from '@/shared/words';
import { answerRows } from '@/features/explore/answer-rows';
import { useEdgeComposition, type EdgeRef } from '@/features/explore/api/edge-composition';
import { EdgesTable } from '@/features/explore/components/QueryResults';

const AnswerGraph = lazy(() => import('@/components/graph/AnswerGraph'));

/** The composition's table keeps its page and sort apart from the answer's own tables. */
const COMPOSITION_SPEC = { sortable: ['from', 'kind', 'to'], prefix: 'composition' };

/**
 * "How this relationship is made": for a kind upstream composes of others (an ADCS finding, an NTLM relay),
 * the nodes and relationships that make it, read when shown, drawn and listed; for any other kind a sentence
 * saying it is made of none. `onShowInGraph`, when given, offers the composition to the page's graph.
 */
export function EdgeComposition({
  edge,
  heading = 'How this relationship is made',
  headingLevel = 'h3',
  onShowInGraph,
}: {
  edge: EdgeRef;
  heading?: string;
  headingLevel?: 'h2' | 'h3';
  onShowInGraph?: (composition: UnifiedGraph) => void;
}) {
  const headingId = useId();
  const composed = isComposedEdgeKind(edge.kind);
  const access = useAccess(graphOps.getPathComposition);
  const composition = useEdgeComposition(edge, { enabled: composed && access.allowed });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h3" component={headingLevel} id={headingId} sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {!composed ? (
        <Typography color="text.secondary">
          {edge.kind} is not made of other relationships: it was collected, or drawn by analysis, as it is.
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
        <Parts composition={composition.data} onShowInGraph={onShowInGraph} />
      )}
    </Box>
  );
}

function Parts({
  composition,
  onShowInGraph,
}: {
  composition: UnifiedGraph;
  onShowInGraph?: (composition: UnifiedGraph) => void;
}) {
  const rows = useMemo(() => answerRows(composition), [composition]);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography>
          {plural(rows.nodes.length, 'node')} and {plural(rows.edges.length, 'relationship')} make it.
        </Typography>
        {onShowInGraph && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onShowInGraph(composition)}
            aria-label="Show in graph: how this relationship is made"
          >
            Show in graph
          </Button>
        )}
      </Stack>
      <Suspense fallback={<LoadingState label="Loading the graph…" />}>
        <AnswerGraph nodes={composition.nodes} edges={composition.edges} />
      </Suspense>
      <EdgesTable rows={rows.edges} label="Relationships that make it" spec={COMPOSITION_SPEC} />
    </Stack>
  );
}
