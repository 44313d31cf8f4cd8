/**
 * POST /api/v2/clear-database (reference DeleteBloodHoundDatabase): which
 * bodies are refused, and what a clear removes from the state.
 */
import { SOURCE_KINDS, SOURCELESS_SOURCE_KIND, type ClearDatabaseBody } from '../../../api/schemas/datapipe';
import { ApiFailure, type ErrorDetail } from '../../errors';
import { KNOWN_RELATIONSHIP_KINDS, NO_DELETIONS, type GraphDeletions } from '../../seed/graph';
import { pruneChanges } from '../../seed/graph-changes';
import { removeBySource, removeRelationshipKinds } from '../../ingest/layer';
import type { DbState } from '../../store/db';
import { deleteCustomSelectors } from '../asset-groups/store';
import { forgetJobs, type DeletionRequest } from './pipeline';
import { analyzePrivilegeZones } from '../privilege-zones/membership';
import { pluralWord } from '../../../shared/words';

const OPTION_FIELDS = [
  'deleteCollectedGraphData',
  'deleteSourceKinds',
  'deleteRelationships',
  'deleteFileIngestHistory',
  'deleteDataQualityHistory',
  'deleteAssetGroupSelectors',
] as const;

/** What a valid body asks for, with source kinds and relationships by name. */
export interface ClearPlan {
  graph: DeletionRequest | null;
  fileIngestHistory: boolean;
  dataQualityHistory: boolean;
  assetGroupIds: number[];
}

const list = (items: readonly (string | number)[]) => items.map((i) => `"${i}"`).join(', ');

/**
 * Checks a clear-database body against the state: every refusal is a 400 whose
 * `context` names the field at fault (all of them when nothing is chosen).
 */
export function planClear(state: DbState, body: ClearDatabaseBody, graphDeletionEnabled: boolean): ClearPlan {
  const sourceKinds = body.deleteSourceKinds ?? [];
  const relationships = body.deleteRelationships ?? [];
  const groups = body.deleteAssetGroupSelectors ?? [];
  const all = body.deleteCollectedGraphData === true;
  const nothing =
    !all &&
    sourceKinds.length === 0 &&
    relationships.length === 0 &&
    !body.deleteFileIngestHistory &&
    !body.deleteDataQualityHistory &&
    groups.length === 0;
  if (nothing) {
    const message =
      'Choose something to delete: set deleteCollectedGraphData, deleteFileIngestHistory or deleteDataQualityHistory to true, or list deleteSourceKinds, deleteRelationships or deleteAssetGroupSelectors.';
    throw new ApiFailure(
      400,
      OPTION_FIELDS.map((context) => ({ context, message })),
    );
  }

  const errors: ErrorDetail[] = [];
  if (all && sourceKinds.length > 0) {
    errors.push({
      context: 'deleteSourceKinds',
      message: 'deleteCollectedGraphData already deletes every node; send either it or deleteSourceKinds, not both.',
    });
  }
  if (all && relationships.length > 0) {
    errors.push({
      context: 'deleteRelationships',
      message: 'deleteCollectedGraphData already deletes every relationship; send either it or deleteRelationships, not both.',
    });
  }
  const knownKinds = new Map<number, string>([
    ...SOURCE_KINDS.map((k) => [k.id, k.name] as const),
    ...(state.ingested?.sourceKinds ?? []).map((k) => [k.id, k.name] as const),
  ]);
  const openGraphKinds = (state.ingested?.sourceKinds ?? []).map((k) => ` or ${k.id} (${k.name}, OpenGraph)`).join('');
  const unknownKinds = [...new Set(sourceKinds.filter((id) => id !== SOURCELESS_SOURCE_KIND && !knownKinds.has(id)))];
  if (unknownKinds.length > 0) {
    errors.push({
      context: 'deleteSourceKinds',
      message: `No source kind has the id ${unknownKinds.join(', ')}; use ${SOURCELESS_SOURCE_KIND} (sourceless nodes) or ${SOURCE_KINDS.map((k) => `${k.id} (${k.name}, ${k.label})`).join(' or ')}${openGraphKinds}.`,
    });
  }
  const known = new Set(KNOWN_RELATIONSHIP_KINDS);
  const unknownRelationships = [...new Set(relationships.filter((r) => !known.has(r)))];
  if (unknownRelationships.length > 0) {
    const hints = unknownRelationships
      .map((r) => [r, KNOWN_RELATIONSHIP_KINDS.find((k) => k.toLowerCase() === r.trim().toLowerCase())] as const)
      .filter(([, k]) => k !== undefined)
      .map(([r, k]) => `"${k}" for "${r}"`);
    errors.push({
      context: 'deleteRelationships',
      message: `${list(unknownRelationships)} ${pluralWord(unknownRelationships.length, 'is not a known relationship kind', 'are not known relationship kinds')}${hints.length > 0 ? ` (kinds are case-sensitive: ${hints.join(', ')})` : ' (for example HasSession, MemberOf, AdminTo, GenericAll)'}.`,
    });
  }
  const missingGroups = [...new Set(groups.filter((id) => !state.assetGroups.some((g) => g.id === id)))];
  if (missingGroups.length > 0) {
    errors.push({
      context: 'deleteAssetGroupSelectors',
      message: `No asset group has the id ${missingGroups.join(', ')}; it may have been deleted.`,
    });
  }
  const deletesGraph = all || sourceKinds.length > 0 || relationships.length > 0;
  if (deletesGraph && !graphDeletionEnabled && errors.length === 0) {
    errors.push({
      context: all ? 'deleteCollectedGraphData' : sourceKinds.length > 0 ? 'deleteSourceKinds' : 'deleteRelationships',
      message: 'Deleting graph data is turned off (feature flag "Clear Graph Data"); an administrator can turn it on.',
    });
  }
  if (errors.length > 0) throw new ApiFailure(400, errors);

  return {
    graph: deletesGraph
      ? {
          all,
          sourceless: sourceKinds.includes(SOURCELESS_SOURCE_KIND),
          sourceKinds: [...new Set(sourceKinds.filter((id) => id !== SOURCELESS_SOURCE_KIND).map((id) => knownKinds.get(id)!))],
          relationships: [...new Set(relationships)],
        }
      : null,
    fileIngestHistory: body.deleteFileIngestHistory === true,
    dataQualityHistory: body.deleteDataQualityHistory === true,
    assetGroupIds: [...new Set(groups)],
  };
}

/** Applies a checked plan in one step (the analysis it asks for is the caller's). */
export function applyClear(state: DbState, plan: ClearPlan, at: string): void {
  if (plan.graph) {
    const before: GraphDeletions = state.graph?.deletions ?? NO_DELETIONS;
    state.graph = {
      ...state.graph,
      deletions: {
        all: before.all || plan.graph.all,
        sourceless: before.sourceless || plan.graph.sourceless,
        sourceKinds: [...new Set([...before.sourceKinds, ...plan.graph.sourceKinds])],
        relationships: [...new Set([...before.relationships, ...plan.graph.relationships])],
      },
    };
    pruneChanges(state, state.graph.deletions);
    // What uploads brought goes the same way: everything, or by the source kind of the files that brought it.
    if (state.ingested) {
      if (plan.graph.all || plan.graph.sourceKinds.length > 0)
        removeBySource(state.ingested, plan.graph.sourceKinds, plan.graph.all);
      if (plan.graph.relationships.length > 0) removeRelationshipKinds(state.ingested, plan.graph.relationships);
    }
  }
  for (const id of plan.assetGroupIds) {
    const group = state.assetGroups.find((g) => g.id === id);
    if (group) deleteCustomSelectors(group, at);
  }
  if (plan.fileIngestHistory) {
    state.fileUploadJobs = [];
    forgetJobs(state);
  }
  if (plan.dataQualityHistory) state.adDataQualityStats = [];
}

/**
 * MOCK_GRAPH=empty: the seed without its generated directory, as clearing all graph data and the data-quality
 * history leaves it (the zones' membership computed again over the empty graph).
 */
export function withoutGeneratedGraph(state: DbState, at: string): void {
  applyClear(
    state,
    {
      graph: { all: true, sourceless: false, sourceKinds: [], relationships: [] },
      fileIngestHistory: false,
      dataQualityHistory: true,
      assetGroupIds: [],
    },
    at,
  );
  analyzePrivilegeZones(state, at);
}
