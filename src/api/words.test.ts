import { describe, expect, it } from 'vitest';
import { inWords } from './words';

describe('inWords', () => {
  it('lists things as a sentence does', () => {
    expect(inWords([])).toBe('');
    expect(inWords(['a'])).toBe('a');
    expect(inWords(['a', 'b'])).toBe('a and b');
    expect(inWords(['a', 'b', 'c'])).toBe('a, b and c');
    expect(inWords(['Administrator', 'Power User'], 'or')).toBe('Administrator or Power User');
  });
});
