/**
 * Text order for sorting names, as `Intl.Collator('en', { sensitivity: 'base', numeric: true })` gives it:
 * case and accents do not count, and digits compare as numbers ("User 2" before "User 10").
 *
 * Printable ASCII, which is what names, principals and e-mail addresses almost always are, is compared here
 * by the collator's own order of those characters (the Unicode root collation: space, punctuation and
 * symbols, digits, letters; compare-text.test.ts checks it against Intl for every character and for
 * random strings). Anything else goes to one shared collator. The first collator a page builds costs
 * 4–6 ms of ICU set-up, which the users page paid on each load just to sort its first rows.
 */

/** The printable ASCII characters in the collator's order (letters once, lower case). */
export const ASCII_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';

const RANK = new Int8Array(128).fill(-1);
for (let i = 0; i < ASCII_ORDER.length; i++) RANK[ASCII_ORDER.charCodeAt(i)] = i;
for (let c = 65; c <= 90; c++) RANK[c] = RANK[c + 32]!; // A–Z as a–z

let collator: Intl.Collator | undefined;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Negative, zero or positive, as `a` sorts before, with or after `b`. */
export function compareText(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (ca > 126 || cb > 126 || RANK[ca]! < 0 || RANK[cb]! < 0) return slow(a, b);
    if (isDigit(ca) && isDigit(cb)) {
      // Two runs of digits: by value (leading zeros do not count).
      let ea = i;
      let eb = j;
      while (ea < a.length && isDigit(a.charCodeAt(ea))) ea++;
      while (eb < b.length && isDigit(b.charCodeAt(eb))) eb++;
      while (i < ea - 1 && a.charCodeAt(i) === 48) i++;
      while (j < eb - 1 && b.charCodeAt(j) === 48) j++;
      if (ea - i !== eb - j) return ea - i - (eb - j);
      for (; i < ea; i++, j++) {
        const d = a.charCodeAt(i) - b.charCodeAt(j);
        if (d !== 0) return d;
      }
      continue;
    }
    const d = RANK[ca]! - RANK[cb]!;
    if (d !== 0) return d;
    i++;
    j++;
  }
  if (i < a.length || j < b.length) {
    // One ran out: the shorter first, unless what is left of the other is not ASCII (the collator decides).
    const rest = i < a.length ? a.slice(i) : b.slice(j);
    if (!/^[\x20-\x7E]*$/.test(rest)) return slow(a, b);
    return i < a.length ? 1 : -1;
  }
  return 0;
}

function slow(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}
