/**
 * Where a refused query went wrong. The service names it at the start of its message, `line L:C message`, lines
 * and columns counted from 1; the editor marks that place.
 */
export interface QueryErrorPosition {
  line: number;
  column: number;
  /** The message without its position ("MERGE is not supported"). */
  message: string;
}

const AT = /^line (\d+):(\d+)\s+([\s\S]*)$/;

/** The position a refusal names, or null when it names none. */
export function parseErrorPosition(text: string): QueryErrorPosition | null {
  const match = AT.exec(text.trim());
  if (!match) return null;
  const line = Number(match[1]);
  const column = Number(match[2]);
  if (line < 1 || column < 1) return null;
  return { line, column, message: match[3]!.trim() };
}

/**
 * The span of the query text to mark: from the named column to the end of the word or symbol there, kept inside
 * the text (a line or column past the end marks the last character). Offsets into `text`, end exclusive.
 */
export function errorRange(text: string, at: Pick<QueryErrorPosition, 'line' | 'column'>): { from: number; to: number } {
  const lines = text.split('\n');
  const lineIndex = Math.min(at.line, lines.length) - 1;
  const lineText = lines[lineIndex]!;
  let start = 0;
  for (let i = 0; i < lineIndex; i++) start += lines[i]!.length + 1;
  const column = Math.min(at.column - 1, Math.max(lineText.length - 1, 0));
  const from = start + column;
  const rest = lineText.slice(column);
  const word = /^\w+/.exec(rest)?.[0].length ?? (rest.length > 0 ? 1 : 0);
  return { from, to: Math.min(from + word, text.length) };
}
