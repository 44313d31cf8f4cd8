import { describe, expect, it } from 'vitest';
import {
  allowedKinds,
  FILTER_KINDS,
  kindsFilterOf,
  nodeCypher,
  parseEdgeRef,
  parseExploreState,
  parseKindsFilter,
  parseSearchText,
  serializeExploreState,
  type ExploreState,
} from './explore-state';

const parse = (search: string) => parseExploreState(new URLSearchParams(search));

describe('Explore URL state', () => {
  it('reads the plain page as the Search tab with nothing chosen', () => {
    expect(parse('')).toEqual({
      tab: 'search',
      search: null,
      start: null,
      end: null,
      kinds: null,
      traversable: false,
      selected: null,
      edge: null,
      list: null,
      cypher: '',
    });
    expect(serializeExploreState(parse('')).toString()).toBe('');
  });

  it('round-trips every field', () => {
    const state: ExploreState = {
      tab: 'pathfinding',
      search: null,
      start: 'S-1-5-21-1-2-3-1104',
      end: 'S-1-5-21-1-2-3-512',
      kinds: { mode: 'nin', kinds: ['CanRDP', 'HasSession'] },
      traversable: true,
      selected: 'S-1-5-21-1-2-3-512',
      edge: null,
      list: 'members',
      cypher: "MATCH (n) WHERE n.name = 'A&B' RETURN n",
    };
    const params = serializeExploreState(state);
    expect(params.get('kinds')).toBe('nin:CanRDP,HasSession');
    expect(params.get('traversable')).toBe('true');
    expect(parseExploreState(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('keeps the params it does not own, and drops its own defaults', () => {
    const base = new URLSearchParams('nodes.page=2&tab=cypher&list=x');
    const next = serializeExploreState({ ...parse(''), search: 'S-1' }, base);
    expect(next.toString()).toBe('nodes.page=2&search=S-1');
  });

  it('reads a relationship selection, and a node selection wins over it', () => {
    expect(parse('edge=S-1:MemberOf:S-2').edge).toEqual({ source: 'S-1', kind: 'MemberOf', target: 'S-2' });
    expect(parse('edge=S-1:MemberOf:S-2&selected=S-3')).toMatchObject({ selected: 'S-3', edge: null });
    expect(serializeExploreState(parse('edge=S-1:MemberOf:S-2&list=a')).toString()).toBe('edge=S-1%3AMemberOf%3AS-2&list=a');
    expect(parseEdgeRef('S-1:MemberOf')).toBeNull();
    expect(parseEdgeRef('S-1::S-2')).toBeNull();
  });

  it('ignores an unknown tab, blank ids and a list with nothing selected', () => {
    expect(parse('tab=graph&search=%20%20').tab).toBe('search');
    expect(parse('search=%20').search).toBeNull();
    expect(serializeExploreState(parse('list=members')).toString()).toBe('');
  });

  it('reads the kinds filter in the API format', () => {
    expect(parseKindsFilter('in:MemberOf, AdminTo,MemberOf')).toEqual({ mode: 'in', kinds: ['MemberOf', 'AdminTo'] });
    expect(parseKindsFilter('nin:')).toBeNull();
    expect(parseKindsFilter('in:')).toEqual({ mode: 'in', kinds: [] });
    expect(parseKindsFilter('MemberOf')).toBeNull();
  });

  it('writes the shorter filter for a set of allowed kinds', () => {
    expect(kindsFilterOf(new Set(FILTER_KINDS))).toBeNull();
    expect(kindsFilterOf(new Set(FILTER_KINDS.filter((k) => k !== 'CanRDP')))).toEqual({ mode: 'nin', kinds: ['CanRDP'] });
    expect(kindsFilterOf(new Set(['MemberOf']))).toEqual({ mode: 'in', kinds: ['MemberOf'] });
    expect(allowedKinds({ mode: 'nin', kinds: ['CanRDP'] }).has('CanRDP')).toBe(false);
    expect(allowedKinds(null).size).toBe(FILTER_KINDS.length);
  });
});

describe('the search text', () => {
  it('takes a kind prefix, whatever its case', () => {
    expect(parseSearchText('user:ali')).toEqual({ q: 'ali', type: 'User' });
    expect(parseSearchText('  Computer: dc01 ')).toEqual({ q: 'dc01', type: 'Computer' });
    expect(parseSearchText('ou:lab')).toEqual({ q: 'lab', type: 'OU' });
    expect(parseSearchText('enterpriseca:')).toEqual({ q: '', type: 'EnterpriseCA' });
  });

  it('keeps a prefix that names no kind as text', () => {
    expect(parseSearchText('foo:bar')).toEqual({ q: 'foo:bar', type: null });
    expect(parseSearchText(' S-1-5-21 ')).toEqual({ q: 'S-1-5-21', type: null });
  });

  it('quotes an object id into the query that draws it', () => {
    expect(nodeCypher("a'b\\c")).toBe("MATCH (n {objectid: 'a\\'b\\\\c'}) RETURN n");
  });
});
