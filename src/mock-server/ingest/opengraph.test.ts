import { describe, expect, it } from 'vitest';
import { IngestError } from './batch';
import { OPENGRAPH_DEFAULT_SOURCE_KIND, parseOpenGraph } from './opengraph';

/** The text as a stream of small chunks, so that values are split across them as a network splits them. */
async function* chunks(text: string | Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const parse = (doc: unknown) => parseOpenGraph(chunks(JSON.stringify(doc)));
const reason = async (doc: unknown) => {
  const error = await parse(doc).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IngestError);
  return (error as Error).message;
};

const node = (id: string, kinds = ['Person'], properties: unknown = { name: id }) => ({ id, kinds, properties });
const edge = (start: unknown, end: unknown, kind = 'Knows', properties: unknown = null) => ({ start, end, kind, properties });

describe('parseOpenGraph', () => {
  it('reads nodes and edges by id, name and property, with the metadata source kind', async () => {
    const batch = await parse({
      metadata: { source_kind: 'GitHub' },
      graph: {
        nodes: [
          node('user-1', ['GHUser', 'GHBase'], { name: 'alice', admin: true, teams: ['a', 'b'] }),
          node('repo-9', ['GHRepository']),
        ],
        edges: [
          edge({ value: 'user-1' }, { match_by: 'id', value: 'repo-9' }, 'GHCanPush', { since: 2024 }),
          edge({ match_by: 'name', value: 'alice', kind: 'GHUser' }, { value: 'repo-9' }),
          edge(
            { match_by: 'property', property_matchers: [{ key: 'email', operator: 'equals', value: 'a@x.io' }] },
            { value: 'repo-9' },
          ),
        ],
      },
    });
    expect(batch.sourceKind).toBe('GitHub');
    expect(batch.nodes).toEqual([
      {
        objectid: 'USER-1',
        kinds: ['GHUser', 'GHBase'],
        props: { name: 'alice', admin: true, teams: ['a', 'b'], objectid: 'USER-1' },
      },
      { objectid: 'REPO-9', kinds: ['GHRepository'], props: { name: 'repo-9', objectid: 'REPO-9' } },
    ]);
    expect(batch.edges).toEqual([
      { source: { objectid: 'USER-1' }, target: { objectid: 'REPO-9' }, kind: 'GHCanPush', props: { since: 2024 } },
      { source: { name: 'alice', kind: 'GHUser' }, target: { objectid: 'REPO-9' }, kind: 'Knows', props: {} },
      { source: { properties: { email: 'a@x.io' } }, target: { objectid: 'REPO-9' }, kind: 'Knows', props: {} },
    ]);
    expect(batch.deleted).toEqual([]);
  });

  it('takes a byte-order mark, metadata after the graph, null properties and no metadata (the default source kind)', async () => {
    const text = new TextEncoder().encode(JSON.stringify({ graph: { nodes: [node('n', ['Thing'], null)] } }));
    const batch = await parseOpenGraph(chunks(new Uint8Array([0xef, 0xbb, 0xbf, ...text]), 2));
    expect(batch.sourceKind).toBe(OPENGRAPH_DEFAULT_SOURCE_KIND);
    expect(batch.nodes).toEqual([{ objectid: 'N', kinds: ['Thing'], props: { objectid: 'N' } }]);
    const late = await parse({ graph: { nodes: [node('n')] }, metadata: { source_kind: 'Late' } });
    expect(late.sourceKind).toBe('Late');
  });

  it('merges a node given twice into one, its kinds and properties together', async () => {
    const batch = await parse({ graph: { nodes: [node('x', ['A'], { p: 1 }), node('X', ['B'], { q: 2 })] } });
    expect(batch.nodes).toEqual([{ objectid: 'X', kinds: ['A', 'B'], props: { p: 1, q: 2, objectid: 'X' } }]);
  });

  it.each([
    ['a list at the root', [], 'an OpenGraph file is a JSON object'],
    ['no graph', { metadata: {} }, 'it has no "graph"'],
    ['an empty graph', { graph: { nodes: [], edges: [] } }, 'graph: holds no nodes and no edges'],
    ['nodes not a list', { graph: { nodes: {} } }, 'graph.nodes: must be a list'],
    ['a node without id', { graph: { nodes: [{ kinds: ['A'] }] } }, 'graph.nodes[0].id: is required'],
    ['a node without kinds', { graph: { nodes: [node('a'), { id: 'b', kinds: [] }] } }, 'graph.nodes[1].kinds: is required'],
    ['a kind not a text', { graph: { nodes: [{ id: 'a', kinds: ['A', 3] }] } }, 'graph.nodes[0].kinds[1]: must be'],
    [
      'a nested object',
      { graph: { nodes: [node('a', ['A'], { o: { x: 1 } })] } },
      'graph.nodes[0].properties.o: must be a string',
    ],
    [
      'a mixed list',
      { graph: { nodes: [node('a', ['A'], { l: [1, 'x'] })] } },
      'graph.nodes[0].properties.l: a list must hold values of one type',
    ],
    [
      'a list of objects',
      { graph: { nodes: [node('a', ['A'], { l: [{}] })] } },
      'graph.nodes[0].properties.l: a list may hold only',
    ],
    [
      'an edge kind with a dash',
      { graph: { edges: [edge({ value: 'a' }, { value: 'b' }, 'has-session')] } },
      'graph.edges[0].kind: is required: letters',
    ],
    [
      'an edge without properties',
      { graph: { edges: [{ start: { value: 'a' }, end: { value: 'b' }, kind: 'K' }] } },
      'graph.edges[0].properties: is required',
    ],
    [
      'an edge without end',
      { graph: { edges: [{ start: { value: 'a' }, kind: 'K', properties: null }] } },
      'graph.edges[0].end: is required',
    ],
    [
      'an unknown match',
      { graph: { edges: [edge({ value: 'a', match_by: 'email' }, { value: 'b' })] } },
      'graph.edges[0].start.match_by: must be id, name or property',
    ],
    [
      'a property match with a value',
      { graph: { edges: [edge({ match_by: 'property', value: 'a' }, { value: 'b' })] } },
      'graph.edges[0].start.value: is not used',
    ],
    [
      'a property match without matchers',
      { graph: { edges: [edge({ match_by: 'property' }, { value: 'b' })] } },
      'graph.edges[0].start.property_matchers: is required',
    ],
    [
      'a matcher that is not equals',
      {
        graph: {
          edges: [edge({ match_by: 'property', property_matchers: [{ key: 'k', operator: 'like', value: 1 }] }, { value: 'b' })],
        },
      },
      'graph.edges[0].start.property_matchers[0].operator: must be equals',
    ],
    [
      'matchers beside an id',
      { graph: { edges: [edge({ value: 'a', property_matchers: [] }, { value: 'b' })] } },
      'graph.edges[0].start.property_matchers: is used only',
    ],
    [
      'a name match without value',
      { graph: { edges: [edge({ match_by: 'name' }, { value: 'b' })] } },
      "graph.edges[0].start.value: is required: the node's name",
    ],
    [
      'a metadata field of its own',
      { metadata: { source: 'x' }, graph: { nodes: [node('a')] } },
      'metadata.source: is not a metadata field',
    ],
    [
      'a source kind not a text',
      { metadata: { source_kind: 4 }, graph: { nodes: [node('a')] } },
      'metadata.source_kind: must be',
    ],
  ])('refuses %s, naming where', async (_, doc, message) => {
    expect(await reason(doc)).toContain(message);
  });

  it('refuses text that is not JSON, saying so', async () => {
    const error = await parseOpenGraph(chunks('{"graph": {"nodes": [ {"id": ')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as Error).message).toMatch(/^it is not valid JSON/);
  });
});
