/**
 * Text order for sorting names: case and accents do not count, and digits compare as numbers ("User 2"
 * before "User 10"). One collator, made the first time anything is compared, serves the whole console.
 */
let collator: Intl.Collator | undefined;

/** Negative, zero or positive, as `a` sorts before, with or after `b`. */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}
