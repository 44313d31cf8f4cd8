import { describe, expect, it } from 'vitest';
import { worseSeverity } from '@/features/attack-paths/api/attack-paths';
import { relationshipKindOf } from './finding-edge';
import { compareTypes, percent, type TypeEntry } from './severity';

const entry = (finding: string, summary: TypeEntry['summary']): TypeEntry => ({ finding, title: finding, summary });
const sum = (severity: 'critical' | 'high' | 'moderate' | 'low' | null, impact: number, count = 1) => ({
  finding: '',
  count,
  severity,
  impact,
  exposure: null,
});

describe('finding types', () => {
  it('orders most severe first, then by impact; loading and empty ones last', () => {
    const list = [
      entry('loading', undefined),
      entry('none', sum(null, 0, 0)),
      entry('high-low-impact', sum('high', 0.2)),
      entry('critical', sum('critical', 0.1)),
      entry('high', sum('high', 0.9)),
    ].sort(compareTypes);
    expect(list.map((e) => e.finding)).toEqual(['critical', 'high', 'high-low-impact', 'none', 'loading']);
  });

  it('picks the worse severity', () => {
    expect(worseSeverity('low', 'high')).toBe('high');
    expect(worseSeverity('', null)).toBeNull();
    expect(worseSeverity(null, 'moderate')).toBe('moderate');
  });

  it('names the relationship kind of a type', () => {
    expect(relationshipKindOf('T0GenericAll')).toBe('GenericAll');
    expect(relationshipKindOf('T0ReadLAPS')).toBe('ReadLAPSPassword');
    expect(relationshipKindOf('T0Sessions')).toBe('HasSession');
    expect(relationshipKindOf('T0ADCSESC1')).toBe('ADCSESC1');
  });

  it('writes shares as percentages', () => {
    expect(percent(0.9773)).toBe('97.7%');
    expect(percent(null)).toBe('—');
  });
});
