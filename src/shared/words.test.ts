import { describe, expect, it } from 'vitest';
import { inWords, plural, pluralWord } from './words';

describe('inWords', () => {
  it('lists things as a sentence does', () => {
    expect(inWords([])).toBe('');
    expect(inWords(['a'])).toBe('a');
    expect(inWords(['a', 'b'])).toBe('a and b');
    expect(inWords(['a', 'b', 'c'])).toBe('a, b and c');
    expect(inWords(['Administrator', 'Power User'], 'or')).toBe('Administrator or Power User');
  });
});

describe('plural', () => {
  it('names the noun in the singular only for one', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(1234, 'audit entry', 'audit entries')).toBe('1,234 audit entries');
  });

  it('gives the noun or phrase alone for a count', () => {
    expect(pluralWord(1, 'user')).toBe('user');
    expect(pluralWord(0, 'user')).toBe('users');
    expect(pluralWord(2, 'is', 'are')).toBe('are');
  });
});
