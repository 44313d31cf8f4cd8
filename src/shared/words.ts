let numbers: Intl.NumberFormat | undefined;

/**
 * "1,234": a number as the console writes it (en-US, whatever the browser's language). Whole numbers, which
 * is what it counts, are grouped here; others go to one shared `Intl.NumberFormat`. Not
 * `n.toLocaleString('en-US')`: that builds a formatter at each call, and the first formatter a page builds
 * costs about 10 ms (ICU's data), which the users page paid at load for its schemas' "at most 1,000
 * characters" messages.
 */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n)) return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  numbers ??= new Intl.NumberFormat('en-US');
  return numbers.format(n);
}

/** A count and its noun: "1 file", "3 files", "1,234 entries" (`many` when the plural is not `one` + s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** "A", "A and B", "A, B and C" ("or" for a choice): the one way the console and the mock list things in a sentence. */
export function inWords(items: readonly string[], word: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}
