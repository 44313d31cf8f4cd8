/**
 * An OpenGraph file (upstream's generic ingest format) as an ingest batch:
 * `{ metadata?: { source_kind }, graph: { nodes: [...], edges: [...] } }`, read as a stream (one node or edge
 * held at a time, never the whole text), with or without a UTF-8 byte-order mark, and checked as upstream's
 * JSON schemas check it (cmd/api/src/services/upload/jsonschema: node, edge, metadata):
 *
 * - a node has a string `id` and `kinds`, a list of strings (the first is the kind the graph draws it as), and
 *   `properties` (an object or null) whose values are strings, numbers, booleans or lists of one of those;
 * - an edge has `kind` (letters, digits and underscores), `properties` (as a node's), and `start` and `end`,
 *   each matched `by` its `id` (the default), its `name`, or a list of `property_matchers` (`key`, operator
 *   `equals`, a primitive `value`), optionally limited to one `kind`;
 * - `metadata` holds nothing but `source_kind` (a string or null).
 *
 * The first problem fails the whole file, its reason naming the item (`graph.nodes[3].kinds: …`).
 */
import { JSONParser } from '@streamparser/json';
import { IngestError, type IngestBatch, type IngestEdge, type IngestNode, type NodeRef } from './batch';

/** The source kind of a file whose metadata names none, as upstream's generic ingest. */
export const OPENGRAPH_DEFAULT_SOURCE_KIND = 'Base';

const EDGE_KIND = /^[A-Za-z0-9_]+$/;
const BOM = [0xef, 0xbb, 0xbf];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
const fail = (at: string, message: string): never => {
  throw new IngestError(`${at}: ${message}`);
};

/** A property map of a node or edge: primitives, or lists all of one primitive type. */
function propertiesOf(value: Json | undefined, at: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return fail(at, `must be an object of values or null, not ${typeName(value)}`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const where = `${at}.${key}`;
    if (Array.isArray(v)) {
      const types = new Set(v.map((item) => (item === null || typeof item === 'object' ? 'other' : typeof item)));
      if (types.has('other')) fail(where, 'a list may hold only strings, numbers or booleans');
      if (types.size > 1) fail(where, `a list must hold values of one type, not ${[...types].sort().join(' and ')}`);
    } else if (v === null || typeof v === 'object') {
      fail(where, `must be a string, number, boolean or a list of one of those, not ${typeName(v)}`);
    }
    out[key] = v;
  }
  return out;
}

function nodeOf(value: Json, at: string): IngestNode {
  if (!isObject(value)) return fail(at, `a node must be an object, not ${typeName(value)}`);
  if (typeof value.id !== 'string' || value.id.trim() === '') fail(`${at}.id`, 'is required: a text that names the node');
  const kinds = value.kinds;
  if (!Array.isArray(kinds) || kinds.length === 0) fail(`${at}.kinds`, 'is required: a list of at least one kind');
  (kinds as Json[]).forEach((k, i) => {
    if (typeof k !== 'string' || k.trim() === '') fail(`${at}.kinds[${i}]`, `must be a kind's name, not ${typeName(k)}`);
  });
  const props = propertiesOf(value.properties, `${at}.properties`);
  const objectid = (value.id as string).toUpperCase();
  return { objectid, kinds: [...new Set(kinds as string[])], props: { ...props, objectid } };
}

function endOf(value: Json | undefined, at: string): NodeRef {
  if (!isObject(value)) return fail(at, `is required: an object that says which node, not ${typeName(value)}`);
  const by = value.match_by ?? 'id';
  if (by !== 'id' && by !== 'name' && by !== 'property')
    fail(`${at}.match_by`, `must be id, name or property, not ${JSON.stringify(by)}`);
  const kind = value.kind;
  if (kind !== undefined && (typeof kind !== 'string' || kind === '')) fail(`${at}.kind`, "must be a kind's name");
  const withKind = kind === undefined ? {} : { kind: kind as string };
  if (by === 'property') {
    if (value.value !== undefined) fail(`${at}.value`, 'is not used when matching by property: give property_matchers');
    const matchers = value.property_matchers;
    if (!Array.isArray(matchers) || matchers.length === 0)
      fail(`${at}.property_matchers`, 'is required when matching by property: a list of key, operator and value');
    const properties: Record<string, string | number | boolean> = {};
    (matchers as Json[]).forEach((m, i) => {
      const where = `${at}.property_matchers[${i}]`;
      if (!isObject(m)) return fail(where, 'must be an object with key, operator and value');
      if (typeof m.key !== 'string' || m.key === '') fail(`${where}.key`, "is required: a property's name");
      if (m.operator !== 'equals') fail(`${where}.operator`, `must be equals, not ${JSON.stringify(m.operator ?? null)}`);
      if (m.value === null || m.value === undefined || typeof m.value === 'object')
        fail(`${where}.value`, 'must be a string, number or boolean');
      properties[m.key as string] = m.value as string | number | boolean;
    });
    return { properties, ...withKind };
  }
  if (value.property_matchers !== undefined)
    fail(`${at}.property_matchers`, `is used only when matching by property, not by ${by}`);
  if (typeof value.value !== 'string' || value.value === '')
    fail(`${at}.value`, `is required: the node's ${by === 'id' ? 'id' : 'name'}`);
  const v = value.value as string;
  return by === 'id' ? { objectid: v.toUpperCase(), ...withKind } : { name: v, ...withKind };
}

function edgeOf(value: Json, at: string): IngestEdge {
  if (!isObject(value)) return fail(at, `an edge must be an object, not ${typeName(value)}`);
  if (typeof value.kind !== 'string' || !EDGE_KIND.test(value.kind)) {
    fail(`${at}.kind`, 'is required: letters, digits and underscores only');
  }
  if (!('properties' in value)) fail(`${at}.properties`, 'is required: an object of values, or null');
  const props = propertiesOf(value.properties, `${at}.properties`);
  return { source: endOf(value.start, `${at}.start`), target: endOf(value.end, `${at}.end`), kind: value.kind as string, props };
}

function sourceKindOf(value: Json): string | null {
  if (!isObject(value)) return fail('metadata', `must be an object, not ${typeName(value)}`);
  for (const key of Object.keys(value))
    if (key !== 'source_kind') fail(`metadata.${key}`, 'is not a metadata field; only source_kind is');
  const kind = value.source_kind;
  if (kind === undefined || kind === null) return null;
  if (typeof kind !== 'string' || kind.trim() === '') return fail('metadata.source_kind', "must be a kind's name or null");
  return kind;
}

/** An OpenGraph file as a batch; an IngestError names the first thing wrong in it. */
export async function parseOpenGraph(chunks: AsyncIterable<Uint8Array>): Promise<IngestBatch> {
  const nodes = new Map<string, IngestNode>();
  const edges: IngestEdge[] = [];
  let sourceKind: string | null = null;
  let sawGraph = false;
  let rootIsObject: boolean | null = null;
  const parser = new JSONParser({
    paths: ['$.graph.nodes.*', '$.graph.edges.*', '$.metadata', '$.graph.nodes', '$.graph.edges'],
    keepStack: false,
  });
  parser.onToken = ({ token }) => {
    // The first token says whether the file is an object at all.
    if (rootIsObject === null) rootIsObject = token === 0; // LEFT_BRACE
  };
  parser.onValue = ({ value, key, stack }) => {
    const path = stack.map((s) => s.key).filter((k) => k !== undefined);
    if (path.length === 0 && key === 'metadata') {
      sourceKind = sourceKindOf(value as Json);
    } else if (path.length === 1 && path[0] === 'graph' && (key === 'nodes' || key === 'edges')) {
      // The lists themselves arrive once read (their items already taken): only their type is checked.
      sawGraph = true;
      if (!Array.isArray(value)) fail(`graph.${key}`, `must be a list, not ${typeName(value)}`);
    } else if (path[1] === 'nodes') {
      const node = nodeOf(value as Json, `graph.nodes[${String(key)}]`);
      const known = nodes.get(node.objectid);
      // The same id twice is one node, its kinds and properties merged, as the graph would merge them.
      nodes.set(
        node.objectid,
        known
          ? { ...node, kinds: [...new Set([...known.kinds, ...node.kinds])], props: { ...known.props, ...node.props } }
          : node,
      );
    } else if (path[1] === 'edges') {
      edges.push(edgeOf(value as Json, `graph.edges[${String(key)}]`));
    }
  };
  let first = true;
  try {
    for await (let chunk of chunks) {
      if (first && chunk.length >= 3 && BOM.every((b, i) => chunk[i] === b)) chunk = chunk.subarray(3);
      first = false;
      if (chunk.length > 0) parser.write(chunk);
    }
    if (!parser.isEnded) parser.end();
  } catch (e) {
    if (e instanceof IngestError) throw e;
    throw new IngestError(`it is not valid JSON: ${(e as Error).message}`);
  }
  if (rootIsObject === false) throw new IngestError('an OpenGraph file is a JSON object with "graph"');
  if (!sawGraph && nodes.size === 0 && edges.length === 0) {
    throw new IngestError('it has no "graph" with "nodes" or "edges"');
  }
  if (nodes.size === 0 && edges.length === 0) throw new IngestError('graph: holds no nodes and no edges');
  return { sourceKind: sourceKind ?? OPENGRAPH_DEFAULT_SOURCE_KIND, nodes: [...nodes.values()], edges, deleted: [] };
}
