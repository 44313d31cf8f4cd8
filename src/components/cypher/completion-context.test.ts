import { describe, expect, it } from 'vitest';
import { completionContext } from './completion-context';

describe('completionContext', () => {
  it('completes node kinds after a colon inside parentheses', () => {
    expect(completionContext('MATCH (n:Us')).toEqual({ kind: 'node', from: 9 });
    expect(completionContext('MATCH (:')).toEqual({ kind: 'node', from: 8 });
    expect(completionContext('MATCH (n:User:Ba')).toEqual({ kind: 'node', from: 14 });
  });

  it('completes relationship kinds after a colon or a bar inside brackets', () => {
    expect(completionContext('MATCH (a)-[:Mem')).toEqual({ kind: 'edge', from: 12 });
    expect(completionContext('MATCH (a)-[r:MemberOf|Adm')).toEqual({ kind: 'edge', from: 22 });
  });

  it('ignores brackets inside strings', () => {
    expect(completionContext("MATCH (n) WHERE n.name = '(' AND (n)-[:Ha")).toEqual({ kind: 'edge', from: 39 });
  });

  it('completes words elsewhere, and nothing after a colon outside a pattern or with nothing typed', () => {
    expect(completionContext('MATCH (n) RET')).toEqual({ kind: 'word', from: 10 });
    expect(completionContext('RETURN {a:')).toBeNull();
    expect(completionContext('MATCH (n) ')).toBeNull();
  });
});
