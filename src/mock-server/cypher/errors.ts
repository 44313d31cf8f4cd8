/**
 * A query the engine refuses: a syntax error, a construct it does not
 * support, an updating clause. `at` is the offset in the query text where the
 * construct starts; `describe` gives upstream's `line L:C message` form.
 */
export class CypherError extends Error {
  constructor(
    readonly reason: 'syntax' | 'unsupported' | 'mutation' | 'semantic',
    readonly at: number,
    message: string,
  ) {
    super(message);
  }

  /** `line L:C message`, lines and columns counted from 1 (as upstream's parser does). */
  describe(query: string): string {
    const { line, column } = position(query, this.at);
    return `line ${line}:${column} ${this.message}`;
  }
}

export function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export const unsupported = (at: number, what: string) => new CypherError('unsupported', at, `${what} is not supported`);
