/**
 * Counts as the console writes them ("1,234"), apart from src/shared/format.ts (times), which the sign-in page
 * does not load.
 */
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
