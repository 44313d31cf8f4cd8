/** Deterministic pseudo-random numbers for seeds: the same seed gives the same data on every start. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** mulberry32: a float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  bool(pTrue = 0.5): boolean {
    return this.next() < pTrue;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** An RFC 4122 version-4-shaped UUID from this generator. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  /** Base32 string (RFC 4648 alphabet) of `length` characters, e.g. a TOTP secret. */
  base32(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    return Array.from({ length }, () => alphabet[Math.floor(this.next() * 32)]).join('');
  }
}

/** Fixed clock of the seed: every seeded timestamp is relative to this instant. */
export const SEED_EPOCH = Date.parse('2026-11-01T09:00:00.000Z');

/** ISO timestamp `days` days (may be fractional or negative) after the seed epoch. */
export function seedTime(days: number): string {
  return new Date(SEED_EPOCH + Math.round(days * 86_400_000)).toISOString();
}
