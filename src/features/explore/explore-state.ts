import { EDGE_KINDS } from '@/api/schemas/edge-kinds';
import { SEARCH_NODE_TYPES } from '@/api/schemas/entities';

/**
 * The Explore page's state, all of it in the address: which tab, what was searched, the path's ends and its
 * filter, what is selected and which of its lists is open, the Cypher text. A link reopens what a person saw.
 */
export const EXPLORE_TABS = ['search', 'pathfinding', 'cypher'] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];

/** A relationship named by its ends' object ids and its kind (`edge=<source>:<kind>:<target>`). */
export interface EdgeRef {
  source: string;
  kind: string;
  target: string;
}

/** Which relationship kinds a path may walk: all, only these (`in:`), or all but these (`nin:`). */
export type KindsFilter = { mode: 'in' | 'nin'; kinds: string[] } | null;

export interface ExploreState {
  tab: ExploreTab;
  /** The object searched for and drawn on the Search tab. */
  search: string | null;
  start: string | null;
  end: string | null;
  kinds: KindsFilter;
  /** "Traversable only". */
  traversable: boolean;
  selected: string | null;
  edge: EdgeRef | null;
  /** The selected node's related list that is open. */
  list: string | null;
  /** The Cypher tab's query text. */
  cypher: string;
}

/** The params this state owns; any other (a table's paging) is kept as it is. */
export const STATE_KEYS = ['tab', 'search', 'start', 'end', 'kinds', 'traversable', 'selected', 'edge', 'list', 'q'] as const;

const text = (v: string | null): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

export function parseEdgeRef(value: string | null): EdgeRef | null {
  const parts = value?.split(':');
  if (!parts || parts.length !== 3 || parts.some((p) => p.trim() === '')) return null;
  const [source, kind, target] = parts as [string, string, string];
  return { source, kind, target };
}

export const edgeRefText = (e: EdgeRef): string => `${e.source}:${e.kind}:${e.target}`;

/** `in:A,B` or `nin:A,B` (the API's own `relationship_kinds`); anything else is no filter. */
export function parseKindsFilter(value: string | null): KindsFilter {
  const m = value ? /^(in|nin):(.*)$/.exec(value) : null;
  if (!m) return null;
  const kinds = [
    ...new Set(
      m[2]!
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  if (m[1] === 'nin' && kinds.length === 0) return null;
  return { mode: m[1] as 'in' | 'nin', kinds };
}

export const kindsFilterText = (f: KindsFilter): string | null => (f ? `${f.mode}:${f.kinds.join(',')}` : null);

export function parseExploreState(params: URLSearchParams): ExploreState {
  const tabParam = params.get('tab');
  const tab = (EXPLORE_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as ExploreTab) : 'search';
  const edge = parseEdgeRef(params.get('edge'));
  return {
    tab,
    search: text(params.get('search')),
    start: text(params.get('start')),
    end: text(params.get('end')),
    kinds: parseKindsFilter(params.get('kinds')),
    traversable: params.get('traversable') === 'true',
    // One selection at a time: a node wins over a relationship.
    selected: text(params.get('selected')),
    edge: text(params.get('selected')) ? null : edge,
    list: text(params.get('list')),
    cypher: params.get('q') ?? '',
  };
}

/**
 * `state` written into `base` (whose other params stay): defaults are left out, so the plain page is `/explore`
 * and a link holds only what differs from it.
 */
export function serializeExploreState(state: ExploreState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of STATE_KEYS) next.delete(key);
  const set = (key: string, value: string | null) => {
    if (value !== null && value !== '') next.set(key, value);
  };
  if (state.tab !== 'search') set('tab', state.tab);
  set('search', state.search);
  set('start', state.start);
  set('end', state.end);
  set('kinds', kindsFilterText(state.kinds));
  if (state.traversable) set('traversable', 'true');
  set('selected', state.selected);
  if (!state.selected && state.edge) set('edge', edgeRefText(state.edge));
  if (state.selected || state.edge) set('list', state.list);
  set('q', state.cypher);
  return next;
}

/** Every relationship kind the filter offers. */
export const FILTER_KINDS: readonly string[] = Object.keys(EDGE_KINDS);

/** The kinds the filter lets a path walk, out of FILTER_KINDS. */
export function allowedKinds(filter: KindsFilter): Set<string> {
  if (!filter) return new Set(FILTER_KINDS);
  if (filter.mode === 'in') return new Set(filter.kinds);
  const left = new Set(filter.kinds);
  return new Set(FILTER_KINDS.filter((k) => !left.has(k)));
}

/** The shortest way to write `allowed` as a filter: none when every kind is in, else `nin:` of those left out. */
export function kindsFilterOf(allowed: ReadonlySet<string>): KindsFilter {
  const left = FILTER_KINDS.filter((k) => !allowed.has(k));
  if (left.length === 0) return null;
  const kept = FILTER_KINDS.filter((k) => allowed.has(k));
  return kept.length < left.length ? { mode: 'in', kinds: kept } : { mode: 'nin', kinds: left };
}

const TYPES = new Map<string, string>(SEARCH_NODE_TYPES.map((t) => [t.toLowerCase(), t]));

/**
 * What the type-ahead asks for: `user:ali` looks for "ali" among users (`type=User`); a prefix that names no
 * kind is part of the text.
 */
export function parseSearchText(input: string): { q: string; type: string | null } {
  const m = /^\s*([A-Za-z]+):(.*)$/.exec(input);
  const type = m ? TYPES.get(m[1]!.toLowerCase()) : undefined;
  if (!m || !type) return { q: input.trim(), type: null };
  return { q: m[2]!.trim(), type };
}

/** A Cypher string literal of `value`. */
export const cypherString = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The query that draws one object by its object id. */
export const nodeCypher = (objectId: string): string => `MATCH (n {objectid: ${cypherString(objectId)}}) RETURN n`;
