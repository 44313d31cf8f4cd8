/**
 * What one collected file brings to the graph, in one shape whatever wrote it (SharpHound, AzureHound or an
 * OpenGraph file): the parsers produce a batch, the merge applies it whole or not at all, and analysis then
 * derives upstream's post-processed edges from the graph as it now is.
 */

/** A node as the file describes it: merged into the graph by object id (its properties updated). */
export interface IngestNode {
  /** Upper-case object id (a SID, a GUID, an Azure object id, or an OpenGraph node's id). */
  objectid: string;
  /** The node's kinds, most specific first where the format says (`['User', 'Base']`, `['AZUser', 'AZBase']`). */
  kinds: string[];
  /** Properties as upstream stores them (lower-case names: `name`, `enabled`, `lastlogon`, …). */
  props: Record<string, unknown>;
}

/**
 * An end of a relationship: by object id, by name (OpenGraph's `match_by: name`), or by the values of some of its
 * properties (`match_by: property`), each optionally limited to nodes of one kind.
 */
export type NodeRef =
  | { objectid: string; kind?: string }
  | { name: string; kind?: string }
  | { properties: Record<string, string | number | boolean>; kind?: string };

/** A relationship the file states (not a post-processed one: analysis makes those). */
export interface IngestEdge {
  source: NodeRef;
  target: NodeRef;
  kind: string;
  props?: Record<string, unknown>;
}

/** Everything one file brings, to be applied as one change. */
export interface IngestBatch {
  /** `AD`, `Azure`, or an OpenGraph file's `metadata.source_kind` (what clear-database removes it by). */
  sourceKind: string;
  nodes: IngestNode[];
  edges: IngestEdge[];
  /** Object ids the file says were deleted (SharpHound's `deleted` file): removed with their relationships. */
  deleted: string[];
}

/** Why a file cannot be applied: the reason shown in the job's file list, naming where in the file. */
export class IngestError extends Error {
  override name = 'IngestError';
}
