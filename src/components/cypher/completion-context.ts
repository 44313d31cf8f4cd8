/**
 * What the editor completes at the cursor: after `:` in a pattern, the kinds of nodes (inside `( … )`) or of
 * relationships (inside `[ … ]`); elsewhere, keywords and functions.
 */
export type CompletionKind = 'node' | 'edge' | 'word';

export interface CompletionContextInfo {
  kind: CompletionKind;
  /** Offset in `before` where the word being completed starts. */
  from: number;
}

/** The word being typed at the end of `before` (the query text up to the cursor), and what it may be. */
export function completionContext(before: string): CompletionContextInfo | null {
  const word = /[A-Za-z_][\w]*$/.exec(before);
  const from = word ? word.index : before.length;
  if (before[from - 1] === ':' || (before[from - 1] === '|' && /:[\w|:]*$/.test(before.slice(0, from)))) {
    const bracket = enclosingBracket(before.slice(0, from));
    if (bracket === '(') return { kind: 'node', from };
    if (bracket === '[') return { kind: 'edge', from };
    return null;
  }
  return word ? { kind: 'word', from } : null;
}

/** The innermost bracket still open at the end of `text`, outside strings. */
function enclosingBracket(text: string): '(' | '[' | '{' | null {
  const open: ('(' | '[' | '{')[] = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') open.push(c);
    else if (c === ')' || c === ']' || c === '}') open.pop();
  }
  return open[open.length - 1] ?? null;
}
