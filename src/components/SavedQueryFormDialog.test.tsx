import { describe, expect, it } from 'vitest';
import { queryTextSize } from './SavedQueryFormDialog';

describe('queryTextSize', () => {
  it('counts lines (any line break) and characters against the limit', () => {
    expect(queryTextSize('')).toBe('0 lines · 0 of 20,000 characters');
    expect(queryTextSize('RETURN 1')).toBe('1 line · 8 of 20,000 characters');
    expect(queryTextSize('MATCH (n)\r\n\tWHERE n.x\rRETURN n\n')).toBe('4 lines · 31 of 20,000 characters');
  });
});
