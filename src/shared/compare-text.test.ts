import { describe, expect, it } from 'vitest';
import { ASCII_ORDER, compareText } from './compare-text';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sign = (n: number) => Math.sign(n);

describe('compareText', () => {
  it('orders printable ASCII as the collator does, letters without case', () => {
    const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    const groups: string[] = [];
    for (const c of [...chars].sort(collator.compare)) {
      if (groups.length && collator.compare(groups.at(-1)!, c) === 0) continue;
      groups.push(c.toLowerCase());
    }
    expect(groups.join('')).toBe(ASCII_ORDER);
    for (const a of chars) for (const b of chars) expect(sign(compareText(a, b)), `${a} ${b}`).toBe(sign(collator.compare(a, b)));
  });

  it('compares digits by value, and agrees with the collator on random names', () => {
    expect(compareText('User 2', 'User 10')).toBeLessThan(0);
    expect(compareText('a01', 'a1')).toBe(0);
    expect(compareText('Ada Admin', 'ada admin')).toBe(0);
    expect(compareText('x9', 'x09a')).toBeLessThan(0);
    const alphabet = "aAbBzZ09 1.-_@'éÉß";
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () =>
      Array.from({ length: Math.floor(random() * 7) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let n = 0; n < 20_000; n++) {
      const a = word();
      const b = random() < 0.3 ? a.slice(0, Math.floor(random() * a.length)) + word() : word();
      expect(sign(compareText(a, b)), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(sign(collator.compare(a, b)));
    }
  });
});
