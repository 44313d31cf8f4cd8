/**
 * The database page's choices (what to delete), their rules and the request body they become
 * (reference DeleteBloodHoundDatabase), and what a choice removes, in words, for the options, the
 * confirmation and the result.
 */
import { SOURCE_KINDS, SOURCELESS_SOURCE_KIND, type ClearDatabaseBody } from '@/api/schemas/datapipe';
import { inWords } from '@/shared/words';

export interface ClearFormValues {
  /** deleteCollectedGraphData: every collected node and relationship. */
  allGraph: boolean;
  /** deleteSourceKinds: source kind ids (0: sourceless nodes). */
  sourceKinds: number[];
  /** deleteRelationships: relationship kind names. */
  relationships: string[];
  /** deleteAssetGroupSelectors: ids of the asset groups whose custom selectors go. */
  assetGroups: number[];
  fileIngestHistory: boolean;
  dataQualityHistory: boolean;
}

export const EMPTY_CHOICES: ClearFormValues = {
  allGraph: false,
  sourceKinds: [],
  relationships: [],
  assetGroups: [],
  fileIngestHistory: false,
  dataQualityHistory: false,
};

/** The server's body field → the form's field, for server errors naming a field. */
export const SERVER_FIELD_MAP = {
  deleteCollectedGraphData: 'allGraph',
  deleteSourceKinds: 'sourceKinds',
  deleteRelationships: 'relationships',
  deleteAssetGroupSelectors: 'assetGroups',
  deleteFileIngestHistory: 'fileIngestHistory',
  deleteDataQualityHistory: 'dataQualityHistory',
} as const satisfies Record<keyof ClearDatabaseBody, keyof ClearFormValues>;

export const CLEAR_FIELDS = Object.keys(EMPTY_CHOICES) as (keyof ClearFormValues)[];

/** A source kind the page offers: its id in the body, its name, and what choosing it removes. */
export interface SourceKindOption {
  id: number;
  label: string;
  description: string;
}

export const SOURCE_KIND_OPTIONS: readonly SourceKindOption[] = [
  ...SOURCE_KINDS.map((k) => ({
    id: k.id,
    label: k.label,
    description:
      k.name === 'Base'
        ? 'Removes the users, groups, computers, domains and other objects collected from Active Directory (SharpHound), with their relationships.'
        : 'Removes the tenants, users, applications and other objects collected from Azure and Entra ID (AzureHound), with their relationships.',
  })),
  {
    id: SOURCELESS_SOURCE_KIND,
    label: 'Sourceless data',
    description: 'Removes nodes attributed to no source kind (added by hand or by older versions), with their relationships.',
  },
];

/** A relationship kind name as the graph spells them: a letter, then letters, digits or underscores. */
export const RELATIONSHIP_KIND_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Why a typed relationship kind cannot be added, or null when it can. */
export function relationshipKindProblem(name: string): string | null {
  if (RELATIONSHIP_KIND_PATTERN.test(name)) return null;
  return `"${name}" is not a relationship kind name: kinds are one word of letters, digits and underscores, such as HasSession.`;
}

export const CONFLICT_MESSAGE =
  '"All collected graph data" already removes every source kind and relationship: untick it, or clear the source kinds and relationship kinds you chose.';

export const NOTHING_CHOSEN_MESSAGE =
  'Choose what to delete: all collected graph data, data of a source kind, relationships of chosen kinds, the custom selectors of an asset group, the file ingest history or the data quality history.';

/** A combination the service refuses (all graph data with source kinds or relationships), or null. */
export function choiceConflict(values: ClearFormValues): string | null {
  return values.allGraph && (values.sourceKinds.length > 0 || values.relationships.length > 0) ? CONFLICT_MESSAGE : null;
}

export function nothingChosen(values: ClearFormValues): boolean {
  return (
    !values.allGraph &&
    values.sourceKinds.length === 0 &&
    values.relationships.length === 0 &&
    values.assetGroups.length === 0 &&
    !values.fileIngestHistory &&
    !values.dataQualityHistory
  );
}

/** Why the choices cannot be sent as they are (nothing chosen, a forbidden combination), or null. */
export function choicesProblem(values: ClearFormValues): string | null {
  if (nothingChosen(values)) return NOTHING_CHOSEN_MESSAGE;
  return choiceConflict(values);
}

/** The request body: only what was chosen (ids and names in a stable order, without repeats). */
export function toClearBody(values: ClearFormValues): ClearDatabaseBody {
  const body: ClearDatabaseBody = {};
  if (values.allGraph) body.deleteCollectedGraphData = true;
  if (values.sourceKinds.length > 0) body.deleteSourceKinds = [...new Set(values.sourceKinds)].sort((a, b) => a - b);
  if (values.relationships.length > 0) body.deleteRelationships = [...new Set(values.relationships)];
  if (values.assetGroups.length > 0) body.deleteAssetGroupSelectors = [...new Set(values.assetGroups)].sort((a, b) => a - b);
  if (values.fileIngestHistory) body.deleteFileIngestHistory = true;
  if (values.dataQualityHistory) body.deleteDataQualityHistory = true;
  return body;
}

/** The word the person types to confirm. */
export const CONFIRMATION_WORD = 'DELETE';

const sourceKindLabel = (id: number) => SOURCE_KIND_OPTIONS.find((o) => o.id === id)?.label ?? `source kind ${id}`;
/** "Active Directory", "Azure", "sourceless": the word before "data". */
const sourceKindWord = (id: number) => (id === SOURCELESS_SOURCE_KIND ? 'sourceless' : sourceKindLabel(id));

/** The names of what `body` deletes, for the success notice: "all collected graph data and the file ingest history". */
export function deletedInWords(body: ClearDatabaseBody, groupName: (id: number) => string): string {
  const parts: string[] = [];
  if (body.deleteCollectedGraphData) parts.push('all collected graph data');
  if (body.deleteSourceKinds?.length) parts.push(`the ${inWords(body.deleteSourceKinds.map(sourceKindWord))} data`);
  if (body.deleteRelationships?.length) parts.push(`the ${inWords(body.deleteRelationships)} relationships`);
  if (body.deleteAssetGroupSelectors?.length)
    parts.push(`the custom selectors of ${inWords(body.deleteAssetGroupSelectors.map(groupName))}`);
  if (body.deleteFileIngestHistory) parts.push('the file ingest history');
  if (body.deleteDataQualityHistory) parts.push('the data quality history');
  return inWords(parts);
}

/** What deleting `body` does, one sentence per choice, for the confirmation. */
export function consequences(body: ClearDatabaseBody, groupName: (id: number) => string): string[] {
  const out: string[] = [];
  if (body.deleteCollectedGraphData)
    out.push(
      'Every collected node and relationship is deleted, from every source. Asset groups keep their names and selectors but have no members, and entity pages find nothing, until data is collected and analyzed again.',
    );
  for (const id of body.deleteSourceKinds ?? []) {
    out.push(
      id === SOURCELESS_SOURCE_KIND
        ? 'Nodes attributed to no source kind are deleted, with their relationships.'
        : `The ${sourceKindWord(id)} data is deleted: its nodes and their relationships.`,
    );
  }
  if (body.deleteRelationships?.length)
    out.push(`Relationships of the kinds ${inWords(body.deleteRelationships)} are deleted; the nodes stay.`);
  if (body.deleteAssetGroupSelectors?.length)
    out.push(
      `The custom selectors of ${inWords(body.deleteAssetGroupSelectors.map(groupName))} are deleted (the built-in ones stay); their members are worked out again.`,
    );
  if (body.deleteFileIngestHistory)
    out.push('The list of file uploads on the File ingest page is deleted; the data they brought in stays.');
  if (body.deleteDataQualityHistory) out.push('The data quality history of every domain is deleted; the graph stays.');
  return out;
}
