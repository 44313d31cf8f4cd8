/**
 * The updating clauses (CREATE, SET, REMOVE, DELETE, DETACH DELETE), run on a
 * private copy of the graph (`mutableCopy`) so RETURN sees their effects, and
 * recorded as a GraphDelta: what the live graph must change (created nodes and
 * relationships with their graph ids, deleted ones, the new labels and
 * properties of changed nodes). The server applies the delta to its state only
 * when the whole query succeeded, so a failed mutation changes nothing.
 *
 * What the mock keeps fixed: a node's `objectid` (every endpoint finds nodes
 * by it), relationship properties (the directory graph has none), and the
 * Tag_ labels (they come from the asset groups).
 */
import type { Expr, PatternPart, UpdatingClause } from './ast';
import { CypherError, unsupported } from './errors';
import { TAG_KINDS, type CypherNode, type CypherRel } from './graph';
import { toJson } from './answer';
import { CypherPath, fromProperty, isNode, isRel, typeName, type Value } from './values';
import type { Row } from './evaluate';

/** A node as the delta carries it. */
export interface DeltaNode {
  graphId: number;
  objectid: string;
  kinds: string[];
  props: Record<string, unknown>;
}

export interface DeltaEdge {
  graphId: number;
  source: string;
  target: string;
  kind: string;
}

/** What a mutation changed, by object id (nodes) and graph id (relationships). */
export interface GraphDelta {
  createdNodes: DeltaNode[];
  createdEdges: DeltaEdge[];
  /** Object ids of nodes that existed before the query and are gone. */
  deletedNodes: string[];
  /** Graph ids of relationships that existed before the query and are gone. */
  deletedEdges: number[];
  /** The labels and properties now of nodes that existed before the query and were changed. */
  editedNodes: DeltaNode[];
}

export const isEmptyDelta = (d: GraphDelta) =>
  d.createdNodes.length + d.createdEdges.length + d.deletedNodes.length + d.deletedEdges.length + d.editedNodes.length === 0;

type MutableNode = { id: number; labels: string[]; source: CypherNode['source'] };

const TAG_LABELS = new Set(Object.values(TAG_KINDS));
/** Kinds that say where a node came from, never its primary kind. */
const SOURCE_KINDS = new Set(['Base', 'AZBase']);

/** Evaluates an expression in a row (the evaluator's own). */
type Evaluate = (expr: Expr, row: Row) => Value;

export class GraphUpdater {
  private nextNode: number;
  private nextEdge: number;
  private readonly created = new Set<CypherNode>();
  private readonly createdRels = new Set<CypherRel>();
  private readonly edited = new Set<CypherNode>();
  private readonly deleted = new Set<CypherNode>();
  private readonly deletedRels = new Set<CypherRel>();
  private readonly objectIds: Set<string>;
  /** Where the last DELETE clause starts (a node deleted with relationships left is refused there). */
  private deleteAt = 0;

  /**
   * `nodes`/`rels`: the graph's (its copy's) nodes and relationships; `ids`: the
   * first free graph ids; `newObjectId` names a created node whose query gives no objectid.
   */
  constructor(
    nodes: readonly CypherNode[],
    private readonly rels: readonly CypherRel[],
    ids: { node: number; edge: number },
    private readonly newObjectId: () => string = () => crypto.randomUUID().toUpperCase(),
  ) {
    this.nextNode = ids.node;
    this.nextEdge = ids.edge;
    this.objectIds = new Set(nodes.map((n) => n.source.objectid));
  }

  apply(clause: UpdatingClause, rows: Row[], evaluate: Evaluate): Row[] {
    switch (clause.kind) {
      case 'create':
        return rows.map((row) => this.create(clause.patterns, row, evaluate));
      case 'set':
        for (const row of rows) for (const item of clause.items) this.set(item, row, evaluate);
        return rows;
      case 'remove':
        for (const row of rows) for (const item of clause.items) this.remove(item, row);
        return rows;
      case 'delete':
        this.deleteAt = clause.at;
        for (const row of rows) for (const target of clause.targets) this.delete(evaluate(target, row), clause.detach, target);
        return rows;
    }
  }

  // --- CREATE ---------------------------------------------------------------

  private create(patterns: readonly PatternPart[], row: Row, evaluate: Evaluate): Row {
    const out = new Map(row);
    for (const part of patterns) {
      if (part.shortest) throw unsupported(part.at, 'a shortest path in CREATE');
      const nodes = part.nodes.map((pattern) => {
        const bound = pattern.variable !== undefined ? out.get(pattern.variable) : undefined;
        if (bound !== undefined) {
          if (!isNode(bound)) throw new CypherError('semantic', pattern.at, `${pattern.variable} is not a node`);
          if (pattern.labels.length > 0 || pattern.properties) {
            throw new CypherError(
              'semantic',
              pattern.at,
              `${pattern.variable} is already bound; CREATE cannot add labels or properties to it`,
            );
          }
          return bound;
        }
        const props: Record<string, unknown> = {};
        for (const { key, value } of pattern.properties?.entries ?? []) {
          const v = evaluate(value, out);
          if (v !== null) props[key] = storable(v, value);
        }
        const node = this.newNode(pattern.labels, props, pattern.at);
        if (pattern.variable !== undefined) out.set(pattern.variable, node);
        return node;
      });
      const rels = part.rels.map((pattern, i) => {
        if (pattern.types?.length !== 1)
          throw new CypherError('semantic', pattern.at, 'a created relationship needs exactly one type');
        if (pattern.direction === 'both')
          throw new CypherError('semantic', pattern.at, 'a created relationship needs a direction');
        if (pattern.length) throw new CypherError('semantic', pattern.at, 'a created relationship cannot have a variable length');
        if (pattern.properties?.entries.length) throw unsupported(pattern.properties.at, 'properties on a created relationship');
        if (pattern.variable !== undefined && out.has(pattern.variable)) {
          throw new CypherError('semantic', pattern.at, `${pattern.variable} is already bound`);
        }
        const [start, end] = pattern.direction === 'out' ? [nodes[i]!, nodes[i + 1]!] : [nodes[i + 1]!, nodes[i]!];
        const rel: CypherRel = { id: this.nextEdge++, type: pattern.types[0]!, start, end };
        this.createdRels.add(rel);
        if (pattern.variable !== undefined) out.set(pattern.variable, rel);
        return rel;
      });
      if (part.variable) out.set(part.variable, new CypherPath(nodes, rels));
    }
    return out;
  }

  private newNode(labels: readonly string[], props: Record<string, unknown>, at: number): CypherNode {
    const tag = labels.find((l) => TAG_LABELS.has(l));
    if (tag) throw tagRefusal(at, tag);
    const objectid = typeof props.objectid === 'string' ? props.objectid : this.newObjectId();
    if (this.objectIds.has(objectid)) throw new CypherError('semantic', at, `a node with objectid ${objectid} already exists`);
    this.objectIds.add(objectid);
    props.objectid = objectid;
    const kinds = [...labels];
    const node: CypherNode = {
      id: this.nextNode++,
      labels: kinds,
      source: {
        objectid,
        name: typeof props.name === 'string' ? props.name : objectid,
        kinds,
        primaryKind: primaryKindOf(kinds, ''),
        domainSid: typeof props.domainsid === 'string' ? props.domainsid : '',
        props,
      },
    };
    this.created.add(node);
    return node;
  }

  // --- SET and REMOVE ---------------------------------------------------------

  private set(item: Extract<UpdatingClause, { kind: 'set' }>['items'][number], row: Row, evaluate: Evaluate): void {
    const node = this.targetNode(item.kind === 'property' ? item.target.object : item.target, row);
    if (!node) return;
    switch (item.kind) {
      case 'property':
        if (item.target.key === 'objectid') throw unsupported(item.target.at, 'changing objectid');
        return this.setProperty(node, item.target.key, evaluate(item.value, row), item.value);
      case 'map': {
        const value = evaluate(item.value, row);
        if (value === null) return;
        const map = isNode(value) ? fromProperty(value.source.props) : value;
        if (!(map instanceof Map))
          throw new CypherError('semantic', item.value.at, `SET ${item.target.name} = needs a map, not a ${typeName(value)}`);
        if (item.replace) {
          for (const key of Object.keys(node.source.props))
            if (key !== 'objectid' && !map.has(key)) this.setProperty(node, key, null, item.value);
        }
        for (const [key, v] of map) if (key !== 'objectid') this.setProperty(node, key, v, item.value);
        return;
      }
      case 'labels':
        return this.changeLabels(node, item.labels, 'add', item.at);
    }
  }

  private remove(item: Extract<UpdatingClause, { kind: 'remove' }>['items'][number], row: Row): void {
    const node = this.targetNode(item.kind === 'property' ? item.target.object : item.target, row);
    if (!node) return;
    if (item.kind === 'property') this.setProperty(node, item.target.key, null, item.target);
    else this.changeLabels(node, item.labels, 'remove', item.at);
  }

  /** The node an item changes (null: nothing to change); a relationship's properties are refused. */
  private targetNode(expr: Expr, row: Row): MutableNode | null {
    const value = expr.kind === 'variable' ? (row.get(expr.name) ?? null) : null;
    if (value === null) return null;
    if (isRel(value)) throw unsupported(expr.at, 'changing a relationship');
    if (!isNode(value)) throw new CypherError('semantic', expr.at, `${typeName(value)} has no properties or labels to change`);
    if (this.deleted.has(value)) throw new CypherError('semantic', expr.at, `node ${value.id} has been deleted in this query`);
    if (!this.created.has(value)) this.edited.add(value);
    return value as unknown as MutableNode;
  }

  private setProperty(node: MutableNode, key: string, value: Value, at: { at: number }): void {
    if (key === 'objectid') throw unsupported(at.at, 'changing objectid');
    if (value === null) delete node.source.props[key];
    else node.source.props[key] = storable(value, at);
    if (key === 'name') node.source.name = typeof value === 'string' ? value : node.source.objectid;
  }

  private changeLabels(node: MutableNode, labels: readonly string[], how: 'add' | 'remove', at: number): void {
    const tag = labels.find((l) => TAG_LABELS.has(l));
    if (tag) throw tagRefusal(at, tag);
    const kinds = node.source.kinds;
    for (const label of labels) {
      const i = kinds.indexOf(label);
      if (how === 'add' && i < 0) kinds.push(label);
      if (how === 'remove' && i >= 0) kinds.splice(i, 1);
    }
    const tags = node.labels.filter((l) => TAG_LABELS.has(l));
    node.labels = [...kinds, ...tags];
    node.source.primaryKind = primaryKindOf(kinds, node.source.primaryKind);
  }

  // --- DELETE -------------------------------------------------------------------

  private delete(value: Value, detach: boolean, at: Expr): void {
    if (value === null) return;
    if (value instanceof CypherPath) {
      value.rels.forEach((r) => this.deletedRels.add(r));
      value.nodes.forEach((n) => this.deleteNode(n, detach));
    } else if (isRel(value)) this.deletedRels.add(value);
    else if (isNode(value)) this.deleteNode(value, detach);
    else throw new CypherError('semantic', at.at, `DELETE needs a node, a relationship or a path, not a ${typeName(value)}`);
  }

  private deleteNode(node: CypherNode, detach: boolean): void {
    this.deleted.add(node);
    if (detach) for (const r of this.relsOf(node)) this.deletedRels.add(r);
  }

  private relsOf(node: CypherNode): CypherRel[] {
    return [...this.rels, ...this.createdRels].filter((r) => r.start === node || r.end === node);
  }

  // --- the outcome ----------------------------------------------------------------

  /** The delta, once every clause ran; a node deleted while it still has relationships fails the query, as Cypher does. */
  delta(): GraphDelta {
    for (const node of this.deleted) {
      const kept = this.relsOf(node).find((r) => !this.deletedRels.has(r));
      if (kept) {
        throw new CypherError(
          'semantic',
          this.deleteAt,
          `Cannot delete node<${node.id}>, because it still has relationships. To delete this node, you must first delete its relationships.`,
        );
      }
    }
    const toDelta = (n: CypherNode): DeltaNode => ({
      graphId: n.id,
      objectid: n.source.objectid,
      kinds: [...n.source.kinds],
      props: { ...n.source.props },
    });
    const live = (n: CypherNode) => !this.deleted.has(n);
    return {
      createdNodes: [...this.created].filter(live).map(toDelta),
      createdEdges: [...this.createdRels]
        .filter((r) => !this.deletedRels.has(r))
        .map((r) => ({ graphId: r.id, source: r.start.source.objectid, target: r.end.source.objectid, kind: r.type })),
      deletedNodes: [...this.deleted].filter((n) => !this.created.has(n)).map((n) => n.source.objectid),
      deletedEdges: [...this.deletedRels].filter((r) => !this.createdRels.has(r)).map((r) => r.id),
      editedNodes: [...this.edited].filter(live).map(toDelta),
    };
  }
}

/** A value as a node property keeps it (JSON: numbers, text, booleans and lists of them). */
function storable(value: Value, at: { at: number }): unknown {
  if (isNode(value) || isRel(value) || value instanceof CypherPath || value instanceof Map) {
    throw new CypherError('semantic', at.at, `a property cannot hold a ${typeName(value)}`);
  }
  return toJson(value);
}

function primaryKindOf(kinds: readonly string[], previous: string): string {
  if (kinds.includes(previous)) return previous;
  return [...kinds].reverse().find((k) => !SOURCE_KINDS.has(k)) ?? '';
}

const tagRefusal = (at: number, tag: string) =>
  new CypherError('semantic', at, `${tag} marks membership of an asset group; change the group's selectors instead`);
