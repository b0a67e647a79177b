import type { Randomizer } from '@faker-js/faker';

/** murmur3's finaliser: a cheap, well-mixed 32-bit hash step. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of a few 32-bit integers. */
export function hash32(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) h = fmix32((h ^ fmix32((p >>> 0) + 0x9e3779b9)) + 0x7f4a7c15);
  return h;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const NIBBLE: string[] = Array.from({ length: 16 }, (_, i) => i.toString(16));

export function hex32(w: number): string {
  return HEX[(w >>> 24) & 255]! + HEX[(w >>> 16) & 255]! + HEX[(w >>> 8) & 255]! + HEX[w & 255]!;
}

/** A v4-shaped UUID from four 32-bit words. */
export function uuidFromWords(a: number, b: number, c: number, d: number): string {
  // The 32 hex digits of a, b, c, d with digit 12 set to 4 (version) and digit 16 to 8-b (variant).
  return (
    hex32(a) +
    '-' +
    HEX[b >>> 24]! +
    HEX[(b >>> 16) & 255]! +
    '-4' +
    NIBBLE[(b >>> 8) & 15]! +
    HEX[b & 255]! +
    '-' +
    NIBBLE[((c >>> 28) & 3) | 8]! +
    NIBBLE[(c >>> 24) & 15]! +
    HEX[(c >>> 16) & 255]! +
    '-' +
    HEX[(c >>> 8) & 255]! +
    HEX[c & 255]! +
    hex32(d)
  );
}

/**
 * UUID of a record that other chunks must be able to name without remembering it (a user is
 * referenced by later sign-ups as their referrer): a hash of seed, record kind and index.
 */
export function derivedUuid(seed: number, tag: number, index: number): string {
  return uuidFromWords(
    hash32(seed, tag, index, 1),
    hash32(seed, tag, index, 2),
    hash32(seed, tag, index, 3),
    hash32(seed, tag, index, 4),
  );
}

export type Rng = Randomizer & {
  u32(): number;
  float(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Standard normal (Box-Muller). */
  normal(): number;
  hex(chars: number): string;
  uuid(): string;
};

/**
 * sfc32: small, fast and good enough for demo data. It is the single source of randomness:
 * the faker instances are built on it, so one seed decides every row.
 */
export function createRng(initial: number | number[] = 1): Rng {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const float = () => u32() / 4294967296;
  const rng: Rng = {
    u32,
    float,
    next: float,
    seed(seed) {
      const parts = typeof seed === 'number' ? [seed] : seed;
      a = hash32(0xa1, ...parts);
      b = hash32(0xb2, ...parts);
      c = hash32(0xc3, ...parts);
      d = 1;
      for (let i = 0; i < 12; i++) u32();
    },
    int: (min, max) => min + Math.floor(float() * (max - min + 1)),
    chance: (p) => float() < p,
    between: (min, max) => min + float() * (max - min),
    pick: (items) => items[Math.floor(float() * items.length)]!,
    normal() {
      const u = 1 - float();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * float());
    },
    hex(chars) {
      let s = '';
      while (s.length < chars) s += hex32(u32());
      return s.slice(0, chars);
    },
    uuid: () => uuidFromWords(u32(), u32(), u32(), u32()),
  };
  rng.seed(initial);
  return rng;
}

/** Picks by weight; `table` is [value, weight][] with positive weights. */
export function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of table) total += w;
  let x = rng.float() * total;
  for (const [v, w] of table) {
    x -= w;
    if (x < 0) return v;
  }
  return table[table.length - 1]![0];
}
