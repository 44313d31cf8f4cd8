import { formatCount } from './count';

/** A count and its noun: "1 file", "3 files", "1,234 entries" (`many` when the plural is not `one` + s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${pluralWord(n, one, many)}`;
}

/** The noun or phrase alone for a count: `one` for 1, else `many` ("user" or "users", "is" or "are"). */
export function pluralWord(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** "A", "A and B", "A, B and C" ("or" for a choice): the one way the console and the mock list things in a sentence. */
export function inWords(items: readonly string[], word: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}
