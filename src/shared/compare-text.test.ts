import { describe, expect, it } from 'vitest';
import { compareText } from './compare-text';

const sorted = (names: string[]) => [...names].sort(compareText);

describe('compareText', () => {
  it('puts numbers in a name in numeric order', () => {
    expect(sorted(['User 10', 'User 2', 'User 1', 'user 02b'])).toEqual(['User 1', 'User 2', 'user 02b', 'User 10']);
    expect(compareText('a01', 'a1')).toBe(0);
  });

  it('ignores case and accents, as a reader does', () => {
    expect(compareText('Ada Admin', 'ada admin')).toBe(0);
    expect(compareText('José', 'jose')).toBe(0);
    expect(sorted(['zoe', 'Émile', 'adam', 'Bob'])).toEqual(['adam', 'Bob', 'Émile', 'zoe']);
  });

  it('sorts a shorter name before a longer one that starts with it, and punctuation before letters', () => {
    expect(sorted(['admin2', 'admin', 'admin_old', 'admin.ops'])).toEqual(['admin', 'admin_old', 'admin.ops', 'admin2']);
    expect(compareText('b', 'a')).toBeGreaterThan(0);
  });
});
