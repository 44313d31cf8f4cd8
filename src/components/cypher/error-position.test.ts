import { describe, expect, it } from 'vitest';
import { errorRange, parseErrorPosition } from './error-position';

describe('parseErrorPosition', () => {
  it('reads the line, the column and the message of the service', () => {
    expect(parseErrorPosition('line 2:7 MERGE is not supported')).toEqual({
      line: 2,
      column: 7,
      message: 'MERGE is not supported',
    });
  });

  it('keeps a message that runs over several lines', () => {
    expect(parseErrorPosition('line 1:1 mismatched input\nexpected RETURN')?.message).toBe('mismatched input\nexpected RETURN');
  });

  it('finds no position in a message without one, or with a position of 0', () => {
    expect(parseErrorPosition('query is empty')).toBeNull();
    expect(parseErrorPosition('the query is too complex: line 3:4 is deep')).toBeNull();
    expect(parseErrorPosition('line 0:4 nothing')).toBeNull();
  });
});

describe('errorRange', () => {
  const text = 'MATCH (n)\nMERGE (m)\nRETURN n';

  it('marks the word at the line and column', () => {
    expect(errorRange(text, { line: 2, column: 1 })).toEqual({ from: 10, to: 15 });
    expect(text.slice(10, 15)).toBe('MERGE');
  });

  it('marks one character where no word starts', () => {
    const at = errorRange(text, { line: 1, column: 7 });
    expect(text.slice(at.from, at.to)).toBe('(');
  });

  it('keeps a position past the end of a line or of the text inside the text', () => {
    expect(errorRange(text, { line: 1, column: 40 })).toEqual({ from: 8, to: 9 });
    const last = errorRange(text, { line: 9, column: 1 });
    expect(text.slice(last.from, last.to)).toBe('RETURN');
    expect(errorRange('', { line: 1, column: 1 })).toEqual({ from: 0, to: 0 });
  });
});
