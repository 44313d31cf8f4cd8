import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { ErrorState, LoadingState } from '@/components/states';
import { nodePath } from '@/lib/entity-path';
import { useFindingPath, type DomainFinding } from '@/features/attack-paths/api/attack-paths';
import { relationshipKindOf } from './finding-edge';
import { principalNode, principalsOf } from './principals';

const AnswerGraph = lazy(() => import('@/components/graph/AnswerGraph'));

const GRAPH_HEIGHT = 420;

/** Explore with the relationship's path drawn and its first principal selected. */
function explorePathLink(from: string, to: string, kind: string): string {
  const params = new URLSearchParams({ tab: 'pathfinding', start: from, end: to, kinds: `in:${kind}`, selected: from });
  return `/explore?${params.toString()}`;
}

/**
 * The path of one finding: a relationship finding's relationship as the graph holds it (its kind only, from
 * one principal to the other), a list finding's principal alone; with a link to the same in Explore.
 */
export function FindingPath({ finding, headingId }: { finding: DomainFinding; headingId: string }) {
  const { from, to } = principalsOf(finding);
  const kind = relationshipKindOf(finding.Finding);
  const path = useFindingPath(from ? { from: from.id, to: to.id, kind } : null);
  const alone = useMemo(() => {
    const nodes: Record<string, CypherNode> = { [to.id]: principalNode(to, true) };
    if (from) nodes[from.id] = principalNode(from, false);
    return { nodes, edges: [] as CypherEdge[] };
  }, [from, to]);

  const description = from ? (
    <>
      <strong>{from.name}</strong> ({from.kind}) has <strong>{kind}</strong> on <strong>{to.name}</strong> ({to.kind}).
    </>
  ) : (
    <>
      <strong>{to.name}</strong> ({to.kind}).
    </>
  );
  const explore = from ? explorePathLink(from.id, to.id, kind) : nodePath(to.id);

  let drawing;
  if (from && path.isPending) drawing = <LoadingState label="Loading the path…" />;
  else if (from && path.isError)
    drawing = <ErrorState error={path.error} title="Could not load the path" onRetry={() => void path.refetch()} />;
  else {
    const graph = from && path.data ? path.data : alone;
    drawing = (
      <>
        {from && path.data === null && (
          <Alert severity="info" sx={{ mb: 1 }}>
            The graph no longer holds a {kind} relationship from {from.name} to {to.name}; the next analysis drops this finding.
            Both principals are drawn without it.
          </Alert>
        )}
        <Box sx={{ height: GRAPH_HEIGHT }}>
          <Suspense fallback={<LoadingState label="Loading the graph…" />}>
            <AnswerGraph
              nodes={graph.nodes}
              edges={graph.edges}
              selectedNode={from ? undefined : to.id}
              tablePrefix="path"
              fileName={`${finding.Finding}-${finding.id}`}
            />
          </Suspense>
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h3">
          Path
        </Typography>
        <Link component={RouterLink} to={explore}>
          Open in Explore
        </Link>
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {description}
      </Typography>
      {drawing}
    </Box>
  );
}
