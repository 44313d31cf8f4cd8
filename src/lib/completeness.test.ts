import { describe, expect, it } from 'vitest';
import { completenessFigures } from './completeness';

describe('completenessFigures', () => {
  it('reads upstream shares (0–1) as percentages with labels', () => {
    expect(completenessFigures({ LocalGroupCompleteness: 0.81, SessionCompleteness: 0.64 })).toEqual([
      { key: 'LocalGroupCompleteness', label: 'Local admins collected', percent: 81 },
      { key: 'SessionCompleteness', label: 'Sessions collected', percent: 64 },
    ]);
  });
  it('reads values above 1 as percentages already, and labels unknown keys in words', () => {
    expect(completenessFigures({ sessionCompleteness: 64, otherRatio: 12.5 })).toEqual([
      { key: 'otherRatio', label: 'Other ratio', percent: 12.5 },
      { key: 'sessionCompleteness', label: 'Sessions collected', percent: 64 },
    ]);
    expect(completenessFigures({})).toEqual([]);
  });
});
