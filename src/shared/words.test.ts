import { describe, expect, it } from 'vitest';
import { formatCount, inWords, plural } from './words';

describe('inWords', () => {
  it('lists things as a sentence does', () => {
    expect(inWords([])).toBe('');
    expect(inWords(['a'])).toBe('a');
    expect(inWords(['a', 'b'])).toBe('a and b');
    expect(inWords(['a', 'b', 'c'])).toBe('a, b and c');
    expect(inWords(['Administrator', 'Power User'], 'or')).toBe('Administrator or Power User');
  });
});

describe('formatCount and plural', () => {
  it('groups thousands with commas, whatever the browser language', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1_048_577)).toBe('1,048,577');
    expect(formatCount(-20_000)).toBe('-20,000');
    expect(formatCount(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(2 ** 60)).toBe((2 ** 60).toLocaleString('en-US'));
  });

  it('names the noun in the singular only for one', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(1234, 'audit entry', 'audit entries')).toBe('1,234 audit entries');
  });
});
