/** A small seeded PRNG (mulberry32): the same seed gives the same demo content on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const n = Math.min(count, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, n);
  }

  /** Rounds to a "price-like" step, e.g. 14500 rather than 14437. */
  amount(min: number, max: number, step: number): number {
    return Math.round(this.int(min, max) / step) * step;
  }
}

export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180) || 'item';

/** Hands out unique slugs for one table: a repeated name becomes name-2, name-3, ... */
export class Slugger {
  private readonly taken: Set<string>;
  /** the next suffix to try per base, so a name used thousands of times stays cheap */
  private readonly nextSuffix = new Map<string, number>();

  constructor(existing: Iterable<string> = []) {
    this.taken = new Set(existing);
  }

  slug(name: string): string {
    const base = slugify(name);
    let candidate = base;
    let n = this.nextSuffix.get(base) ?? 2;
    while (this.taken.has(candidate)) candidate = `${base}-${n++}`;
    this.nextSuffix.set(base, n);
    this.taken.add(candidate);
    return candidate;
  }
}

/**
 * Takes a draw the seed once spent on a picture (it seeds none now: imagery comes only from real
 * uploads), so every value seeded after it stays what the tests know.
 */
export const spent = (_draw: number): Record<string, never> => ({});
