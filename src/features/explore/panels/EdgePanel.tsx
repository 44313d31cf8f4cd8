import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { edgeHelpOf } from '@/api/edge-help';
import { graphOps } from '@/api/operations/graph';
import { isComposedEdgeKind, type CypherNode, type UnifiedGraph } from '@/api/schemas/cypher';
import { edgeFilterGroupOf } from '@/api/schemas/edge-kinds';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ErrorState, LoadingState } from '@/components/states';
import { CellTag } from '@/components/table';
import { useAccess } from '@/lib/access';
import { nameOf } from '@/features/explore/answer-rows';
import { EdgeComposition } from '@/features/explore/components/EdgeComposition';
import { useAclInheritance, useRelayTargets } from './edge-paths';
import { graphCypher } from './graph-cypher';

export interface PanelEdge {
  /** The answer's graph ids of the two ends: keys of `nodes`. */
  source: string;
  target: string;
  kind: string;
  sourceObjectId?: string;
  targetObjectId?: string;
  properties?: Record<string, unknown>;
}

export interface EdgePanelProps {
  edge: PanelEdge;
  nodes: Record<string, CypherNode>;
  onSelectNode: (objectId: string) => void;
  onShowInGraph: (cypher: string) => void;
}

/** Whether upstream's relay targets answer for this kind (CoerceAndRelayNTLMToSMB, …ToADCS, …ToLDAP, …). */
export const isRelayKind = (kind: string) => kind.startsWith('CoerceAndRelayNTLMTo');

/**
 * A relationship at the side of the Explore page: its two ends (each selects its node), its properties, the
 * help for its kind, and where they apply how it is made, the computers it relays to, or where an inherited
 * permission comes from.
 */
export function EdgePanel({ edge, nodes, onSelectNode, onShowInGraph }: EdgePanelProps) {
  const headingId = useId();
  const group = edgeFilterGroupOf(edge.kind);
  const ref = { source: edge.source, target: edge.target, kind: edge.kind };
  const showGraph = (graph: UnifiedGraph) => {
    const cypher = graphCypher(graph);
    if (cypher) onShowInGraph(cypher);
  };
  return (
    <Stack component="article" aria-labelledby={headingId} spacing={2}>
      <Box>
        <Typography variant="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {edge.kind}
        </Typography>
        {group && (
          <Box sx={{ mt: 1 }}>
            <CellTag label={group} variant="outlined" />
          </Box>
        )}
        <Stack direction="row" aria-label="Ends" role="group" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          <End id={edge.source} objectId={edge.sourceObjectId} nodes={nodes} role="From" onSelectNode={onSelectNode} />
          <ArrowForwardIcon fontSize="small" aria-hidden />
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {edge.kind}
          </Typography>
          <ArrowForwardIcon fontSize="small" aria-hidden />
          <End id={edge.target} objectId={edge.targetObjectId} nodes={nodes} role="To" onSelectNode={onSelectNode} />
        </Stack>
      </Box>
      {edge.properties && Object.keys(edge.properties).length > 0 ? (
        <PropertiesTable props={edge.properties} title="Relationship properties" />
      ) : (
        <NoProperties />
      )}
      <Help kind={edge.kind} />
      {isComposedEdgeKind(edge.kind) && <EdgeComposition edge={ref} headingLevel="h2" onShowInGraph={showGraph} />}
      {isRelayKind(edge.kind) && <RelayTargets edge={ref} nodes={nodes} onSelectNode={onSelectNode} onShowInGraph={showGraph} />}
      {edge.properties?.isinherited === true && (
        <AclInheritance edge={ref} nodes={nodes} onSelectNode={onSelectNode} onShowInGraph={showGraph} />
      )}
    </Stack>
  );
}

/** One end of the relationship: a button selecting its node, or its name alone when the answer gives no object id. */
function End({
  id,
  objectId,
  nodes,
  role,
  onSelectNode,
}: {
  id: string;
  objectId: string | undefined;
  nodes: Record<string, CypherNode>;
  role: 'From' | 'To';
  onSelectNode: (objectId: string) => void;
}) {
  const name = nameOf(nodes[id], id);
  const target = objectId ?? nodes[id]?.objectId;
  if (!target) return <Typography component="span">{name}</Typography>;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onSelectNode(target)}
      aria-label={`${role}: ${name}`}
      sx={{ textTransform: 'none', overflowWrap: 'anywhere', textAlign: 'left' }}
    >
      {name}
    </Button>
  );
}

function NoProperties() {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        Relationship properties
      </Typography>
      <Typography color="text.secondary">The relationship has no properties.</Typography>
    </Box>
  );
}

/** The help for the kind in four parts; a plain line for a kind without help (an OpenGraph kind). */
function Help({ kind }: { kind: string }) {
  const headingId = useId();
  const help = edgeHelpOf(kind);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        About {kind}
      </Typography>
      {!help ? (
        <Typography color="text.secondary">No help for this kind.</Typography>
      ) : (
        <Stack spacing={1.5}>
          <HelpPart title="What it is">{help.meaning}</HelpPart>
          <HelpPart title="How it is abused">{help.abuse}</HelpPart>
          <HelpPart title="How it is detected">{help.detection}</HelpPart>
          <HelpPart title="References">
            {help.references.length === 0 ? (
              'None.'
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {help.references.map((url) => (
                  <li key={url}>
                    <Link href={url} target="_blank" rel="noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                      {url}
                    </Link>
                  </li>
                ))}
              </Box>
            )}
          </HelpPart>
        </Stack>
      )}
    </Box>
  );
}

function HelpPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

type EdgeRef = { source: string; target: string; kind: string };

interface GraphSectionProps {
  edge: EdgeRef;
  nodes: Record<string, CypherNode>;
  onSelectNode: (objectId: string) => void;
  onShowInGraph: (graph: UnifiedGraph) => void;
}

/** The computers an NTLM relay relationship reaches. */
function RelayTargets(props: GraphSectionProps) {
  const access = useAccess(graphOps.getRelayTargets);
  const targets = useRelayTargets(props.edge, { enabled: access.allowed });
  return (
    <GraphSection
      {...props}
      title="Relay targets"
      what="the relay targets"
      missing={access.missing}
      query={targets}
      empty="The service names no relay target for this relationship now."
    />
  );
}

/** The containers an inherited permission comes down through, from where it is set. */
function AclInheritance(props: GraphSectionProps) {
  const access = useAccess(graphOps.getAclInheritancePath);
  const path = useAclInheritance(props.edge, { enabled: access.allowed });
  return (
    <GraphSection
      {...props}
      title="Where it is inherited from"
      what="where the permission is inherited from"
      missing={access.missing}
      query={path}
      empty="The service found no object this permission is inherited from."
    />
  );
}

/**
 * A graph the service answers about the relationship, as a list of its nodes (each selects its node, the
 * relationship's own ends left out) and, when it has relationships, "Show in graph".
 */
function GraphSection({
  edge,
  nodes,
  title,
  what,
  missing,
  query,
  empty,
  onSelectNode,
  onShowInGraph,
}: GraphSectionProps & {
  title: string;
  what: string;
  missing: ReturnType<typeof useAccess>['missing'];
  query: UseQueryResult<UnifiedGraph>;
  empty: string;
}) {
  const headingId = useId();
  const ends = new Set([nodes[edge.source]?.objectId, nodes[edge.target]?.objectId]);
  const all = query.data ? Object.entries(query.data.nodes) : [];
  const others = all.filter(([, n]) => !ends.has(n.objectId));
  const listed = others.length > 0 ? others : all;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h2" id={headingId}>
          {title}
        </Typography>
        {query.data && query.data.edges.length > 0 && (
          <Button size="small" variant="outlined" onClick={() => onShowInGraph(query.data)} aria-label={`Show in graph: ${what}`}>
            Show in graph
          </Button>
        )}
      </Stack>
      {missing ? (
        <RestrictedNote missing={missing} canDo="You can see this relationship" cannot={`see ${what}`} />
      ) : query.isPending ? (
        <LoadingState label={`Loading ${what}…`} />
      ) : query.isError ? (
        <ErrorState error={query.error} title={`Could not load ${what}`} onRetry={() => void query.refetch()} />
      ) : listed.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List dense aria-label={title} sx={{ py: 0 }}>
          {listed.map(([id, n]) => (
            <ListItem key={id} disablePadding>
              <ListItemButton onClick={() => onSelectNode(n.objectId)}>
                <ListItemText primary={nameOf(n, id)} secondary={n.kind} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
