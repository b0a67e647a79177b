import type pg from 'pg';

/**
 * The user search's suffix rows (migration 0005, `user_search_suffixes_of`) built in JavaScript,
 * so the chunk workers write them with each chunk instead of one SQL function call per user after
 * the load. Exactly what the SQL function gives: each non-null field lowered as PostgreSQL lowers
 * it on this server, every substring from each position to the end of at least 3 characters cut
 * to 16 characters (positions and lengths in code points, as substr and length count them), the
 * distinct ones over the four fields.
 *
 * lower() depends on the server (its collation provider and, for libc, the C library's Unicode
 * tables), so it is not guessed: `serverLowerMap` asks the server for the lower case of every
 * non-ASCII code point that has one, and checks on a sample with context-sensitive cases (final
 * sigma, dotted I) that lowering a text is lowering each code point alone. If not (a provider with
 * context rules), it returns null and the generator keeps the SQL rebuild.
 */

/** Non-ASCII code point -> its lower case on the server (only those that change). */
export type LowerMap = Record<number, string>;

/** Only code units below 0x80 (a surrogate pair is two units above). */
const ASCII = /^[^\u0080-\uffff]*$/;

/** lower() as the server computes it, given its map (ASCII: A-Z only, as every provider does). */
export function serverLower(s: string, map: LowerMap): string {
  if (ASCII.test(s)) return s.toLowerCase();
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x80 ? ch.toLowerCase() : (map[cp] ?? ch);
  }
  return out;
}

/** The distinct suffixes of one user's four fields (full name, username, e-mail, phone). */
export function searchSuffixes(fields: readonly (string | null | undefined)[], map: LowerMap): Set<string> {
  const out = new Set<string>();
  for (const field of fields) {
    if (field === null || field === undefined) continue;
    const f = serverLower(field, map);
    if (ASCII.test(f)) {
      for (let i = 0; i + 3 <= f.length; i++) out.add(f.slice(i, i + 16));
    } else {
      const cps = Array.from(f);
      for (let i = 0; i + 3 <= cps.length; i++) out.add(cps.slice(i, i + 16).join(''));
    }
  }
  return out;
}

/** Text the server must lower code point by code point for the map to be used (context cases). */
const CONTEXT_SAMPLE = 'ΑΣ ΑΣΑ Σ İstanbul İ̇ ß ẞ ǅ Ǳ ΣΑΣ ΟΔΟΣ. AΣ1 Ꭰ ᲐᲑ 𐐀𐐁 Ⓐ ǰ ŉ ΐ';

/**
 * The server's lower() as a map over every code point 128..0x10FFFF (surrogates and NUL aside),
 * or null if the server lowers with context (the sample differs from the per-code-point map).
 */
export async function serverLowerMap(client: pg.ClientBase): Promise<LowerMap | null> {
  const { rows } = await client.query<{ cp: number; l: string }>(
    `SELECT cp, lower(chr(cp)) AS l FROM generate_series(128, 1114111) AS cp
      WHERE cp NOT BETWEEN 55296 AND 57343 AND lower(chr(cp)) <> chr(cp)`,
  );
  const map: LowerMap = {};
  for (const r of rows) map[r.cp] = r.l;
  const { rows: sample } = await client.query<{ l: string }>('SELECT lower($1) AS l', [CONTEXT_SAMPLE]);
  return sample[0]?.l === serverLower(CONTEXT_SAMPLE, map) ? map : null;
}

/** Whether g ends with f from position i on. */
function endsWithTail(g: string, f: string, i: number): boolean {
  const len = f.length - i;
  const off = g.length - len;
  if (off < 0) return false;
  for (let k = len - 1; k >= 0; k--) if (g.charCodeAt(off + k) !== f.charCodeAt(i + k)) return false;
  return true;
}

const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
/** created_at and user_id after each suffix: length 8, the microseconds, length 16, the uuid. */
const TAIL = 4 + 8 + 4 + 16;
const HEADER = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Rows of user_search_suffixes (suffix, created_at, user_id) in COPY's binary format: no text to
 * parse for the timestamp and the uuid, for the tens of millions of rows of a large run. Written
 * byte by byte (an ASCII suffix is its field's bytes; the user's timestamp and uuid are encoded
 * once): about 70 rows a user made this the chunk workers' hottest loop.
 */
export class SuffixWriter {
  count = 0;
  private buf = Buffer.allocUnsafe(1 << 22);
  private len = 0;
  /** The user's created_at and id fields, as they follow every suffix. */
  private readonly tail = Buffer.alloc(TAIL);

  constructor(private readonly lower: LowerMap) {
    HEADER.copy(this.buf, 0);
    this.buf.writeInt32BE(0, 11);
    this.buf.writeInt32BE(0, 15);
    this.len = 19;
  }

  private room(n: number) {
    if (this.len + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(bigger, 0, 0, this.len);
    this.buf = bigger;
  }

  /**
   * One user's rows: the distinct suffixes of the four fields (searchSuffixes, the same order),
   * createdAt an ISO time with milliseconds, id a uuid.
   */
  addUser(fields: readonly (string | null | undefined)[], createdAt: string, id: string): void {
    const tail = this.tail;
    tail.writeInt32BE(8, 0);
    tail.writeBigInt64BE(BigInt(Date.parse(createdAt) - PG_EPOCH_MS) * 1000n, 4);
    tail.writeInt32BE(16, 12);
    tail.write(id.replace(/-/g, ''), 16, 'hex');
    const lowered: string[] = [];
    let ascii = true;
    for (const field of fields) {
      if (field === null || field === undefined) continue;
      const f = serverLower(field, this.lower);
      lowered.push(f);
      ascii &&= ASCII.test(f);
    }
    if (ascii) this.addAscii(lowered);
    else
      for (const s of searchSuffixes(fields, this.lower)) {
        this.room(6 + 64 + TAIL);
        this.put(this.buf.write(s, this.len + 6, 'utf8'));
      }
  }

  /**
   * ASCII fields, without a set: a suffix shorter than 16 is unique within its field (by length)
   * and repeats an earlier field's only as that field's end; a 16-character one repeats a window
   * of its own field or any substring of an earlier field.
   */
  private addAscii(fields: readonly string[]) {
    for (let j = 0; j < fields.length; j++) {
      const f = fields[j]!;
      const n = f.length;
      for (let i = 0; i + 3 <= n; i++) {
        const end = i + 16 < n ? i + 16 : n;
        if (end - i === 16) {
          const s = f.slice(i, end);
          if (f.indexOf(s) < i) continue;
          let dup = false;
          for (let k = 0; k < j && !dup; k++) dup = fields[k]!.includes(s);
          if (dup) continue;
        } else {
          let dup = false;
          for (let k = 0; k < j && !dup; k++) dup = endsWithTail(fields[k]!, f, i);
          if (dup) continue;
        }
        this.room(6 + 16 + TAIL);
        const b = this.buf;
        const at = this.len + 6;
        for (let k = i; k < end; k++) b[at + k - i] = f.charCodeAt(k);
        this.put(end - i);
      }
    }
  }

  /** Completes the row whose suffix (n bytes) is written after its 6-byte head. */
  private put(n: number) {
    const b = this.buf;
    let at = this.len;
    b[at] = 0;
    b[at + 1] = 3;
    b[at + 2] = 0;
    b[at + 3] = 0;
    b[at + 4] = 0;
    b[at + 5] = n;
    at += 6 + n;
    const tail = this.tail;
    for (let k = 0; k < TAIL; k++) b[at + k] = tail[k]!;
    this.len = at + TAIL;
    this.count++;
  }

  /** The COPY data, trailer included. */
  data(): Buffer {
    this.room(2);
    this.buf.writeInt16BE(-1, this.len);
    return this.buf.subarray(0, this.len + 2);
  }
}
