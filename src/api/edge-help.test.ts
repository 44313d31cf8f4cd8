import { describe, expect, it } from 'vitest';
import { EDGE_HELP, edgeHelpOf, type EdgeHelp } from './edge-help';
import { EDGE_KINDS, type KnownEdgeKind } from './schemas/edge-kinds';

const KINDS = Object.keys(EDGE_KINDS) as KnownEdgeKind[];
const TEXT_FIELDS = ['meaning', 'abuse', 'detection'] as const satisfies readonly (keyof EdgeHelp)[];
const MAX_CHARS = 600;

describe('EDGE_HELP', () => {
  it('covers exactly the kinds of the edge-kind table', () => {
    expect(Object.keys(EDGE_HELP).sort()).toEqual([...KINDS].sort());
  });

  it.each(KINDS)('%s has non-empty fields no longer than the limit', (kind) => {
    const help = EDGE_HELP[kind];
    for (const field of TEXT_FIELDS) {
      expect(help[field].trim(), `${kind}.${field}`).not.toBe('');
      expect(help[field].length, `${kind}.${field}`).toBeLessThanOrEqual(MAX_CHARS);
    }
    expect(help.references.length).toBeGreaterThan(0);
  });

  it.each(KINDS)('%s references only upstream https pages', (kind) => {
    for (const reference of EDGE_HELP[kind].references) {
      const url = new URL(reference);
      expect(url.protocol, reference).toBe('https:');
      expect(url.hostname, reference).toBe('bloodhound.specterops.io');
      expect(url.pathname, reference).toMatch(/^\/resources\/edges\/[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(reference.length, reference).toBeLessThanOrEqual(MAX_CHARS);
    }
  });

  it('gives no two kinds the same abuse text', () => {
    const byAbuse = new Map<string, KnownEdgeKind[]>();
    for (const kind of KINDS) {
      const text = EDGE_HELP[kind].abuse.trim();
      byAbuse.set(text, [...(byAbuse.get(text) ?? []), kind]);
    }
    const shared = [...byAbuse.values()].filter((kinds) => kinds.length > 1);
    expect(shared).toEqual([]);
  });
});

describe('edgeHelpOf', () => {
  it('returns the help of a known kind', () => {
    expect(edgeHelpOf('GenericAll')).toBe(EDGE_HELP.GenericAll);
    expect(edgeHelpOf('ADCSESC1')?.references).toContain('https://bloodhound.specterops.io/resources/edges/adcs-esc1');
  });

  it('returns undefined for an unknown kind or an inherited property name', () => {
    expect(edgeHelpOf('SomeOpenGraphKind')).toBeUndefined();
    expect(edgeHelpOf('toString')).toBeUndefined();
    expect(edgeHelpOf('')).toBeUndefined();
  });
});
