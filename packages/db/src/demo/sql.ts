import type pg from 'pg';

/** Target table and the row fields written, in column order (field name = column name). */
export type TableSpec<R> = { table: string; columns: readonly (keyof R & string)[] };

/** One COPY ... FROM STDIN with its data in PostgreSQL's text format (or binary, when said so). */
export type CopyStatement = { text: string; data: Buffer; binary?: boolean };

/** A COPY whose data may come in parts, sent one after the other (mergeCopies). */
export type CopyBatch = { text: string; data: Buffer | readonly Buffer[]; binary?: boolean };

/** Bytes of a COPY's data. */
export function copyBytes(st: CopyBatch): number {
  return Buffer.isBuffer(st.data) ? st.data.length : st.data.reduce((n, b) => n + b.length, 0);
}

/** Binary COPY: a 19-byte header (signature, flags, no extension) and a 2-byte trailer (-1). */
const BINARY_HEADER = 19;
const BINARY_TRAILER = 2;

/**
 * Several chunks' statements as one COPY per table (tables in the order they first appear, each
 * table's rows in chunk order: the same rows in the same order, so the ledger's ids are the same).
 * No bytes are copied: the parts are sent one after the other; a binary part loses its header
 * (all but the first) and its trailer (all but the last). Fewer, larger COPYs: each COPY FREEZE
 * leaves the pages it extended the table by and did not fill empty for good (about 12 % of the
 * heap with one COPY per table and chunk, measured with pg_visibility at 100,000 users), and each
 * statement has its own start-up.
 */
export function mergeCopies(batches: readonly (readonly CopyStatement[])[]): CopyBatch[] {
  const byText = new Map<string, CopyStatement[]>();
  for (const statements of batches)
    for (const st of statements) {
      if (!st.data.length) continue;
      const list = byText.get(st.text);
      if (list) list.push(st);
      else byText.set(st.text, [st]);
    }
  return [...byText].map(([text, list]) => {
    const binary = list[0]!.binary;
    if (list.length === 1) return list[0]!;
    const data = binary
      ? list.map((st, i) =>
          st.data.subarray(i === 0 ? 0 : BINARY_HEADER, i === list.length - 1 ? st.data.length : -BINARY_TRAILER),
        )
      : list.map((st) => st.data);
    return { text, data, binary };
  });
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY text format: \N for null, t/f for booleans, the rest as text with escapes. */
function field(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = typeof v === 'string' ? v : String(v);
  return SPECIAL.test(s) ? s.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : s;
}

/**
 * Rows of one table in COPY text format, appended to a growing buffer as they are generated.
 * Nothing but bytes outlives the row: keeping a chunk's row objects alive until the insert
 * made garbage collection a third of the generator's time.
 *
 * COPY rather than INSERT: measured here about three times faster than a multi-row
 * INSERT ... SELECT FROM unnest(arrays) (array parsing dominates that), with the same
 * row-by-row triggers and constraints, and rows land in the given order (the ledger's
 * bigserial ids follow it).
 */
export class CopyWriter<R> {
  count = 0;
  private buf = Buffer.allocUnsafe(1 << 16);
  private len = 0;

  constructor(private readonly spec: TableSpec<R>) {}

  add(row: R): void {
    const columns = this.spec.columns;
    let line = field(row[columns[0]!]);
    for (let c = 1; c < columns.length; c++) line += '\t' + field(row[columns[c]!]);
    line += '\n';
    const room = line.length * 3;
    if (this.len + room > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + room));
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    this.len += this.buf.write(line, this.len, 'utf8');
    this.count++;
  }

  statement(): CopyStatement {
    return {
      text: `COPY ${this.spec.table} (${this.spec.columns.join(', ')}) FROM STDIN`,
      data: this.buf.subarray(0, this.len),
    };
  }
}

/** The part of node-pg's connection a COPY needs (what pg-copy-streams uses as well). */
type CopyConnection = { query(text: string): void; sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void };

/**
 * node-pg's "submittable" protocol: the client calls submit when the connection is free and
 * routes the server's answers to the handle* methods.
 */
class CopyIn {
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (e: unknown) => void;
  private failed = false;

  constructor(private readonly statement: CopyBatch) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: CopyConnection) {
    connection.query(this.statement.text);
  }

  handleCopyInResponse(connection: CopyConnection) {
    const { data } = this.statement;
    for (const buf of Buffer.isBuffer(data) ? [data] : data)
      for (let at = 0; at < buf.length; at += 1 << 16) connection.sendCopyFromChunk(buf.subarray(at, at + (1 << 16)));
    connection.endCopyFrom();
  }

  handleError(err: unknown) {
    this.failed = true;
    this.reject(err);
  }

  handleReadyForQuery() {
    if (!this.failed) this.resolve();
  }

  handleCommandComplete() {}
  handleEmptyQuery() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleCopyData() {}
  handlePortalSuspended() {}
}

/**
 * Runs the statements one after another on the connection. The caller does not await at once:
 * it builds the next chunk meanwhile, so PostgreSQL and the generator work at the same time.
 */
export async function runStatements(client: pg.PoolClient, statements: readonly CopyBatch[]): Promise<void> {
  for (const s of statements) {
    if (!copyBytes(s)) continue;
    const copy = new CopyIn(s);
    client.query(copy as unknown as pg.Submittable);
    await copy.done;
  }
}

/** Microseconds between the Unix epoch and PostgreSQL's (2000-01-01T00:00:00Z), in milliseconds. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const BINARY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX['0123456789abcdef'.charCodeAt(i)] = HEX['0123456789ABCDEF'.charCodeAt(i)] = i;

/**
 * Writes the 16 bytes of the uuid `s` (its text form, 8-4-4-4-12 hex digits) into `out` at `at`;
 * anything else throws. Shared by `uuidBytes` and `BinaryRowWriter.uuid`.
 */
function writeUuidBytes(s: string, out: Uint8Array, at: number): void {
  const start = at;
  let bad = s.length !== 36;
  for (let i = 0; i < 36 && !bad; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (s.charCodeAt(i) !== 45) bad = true;
      continue;
    }
    const hi = s.charCodeAt(i);
    const lo = s.charCodeAt(++i);
    const h = hi < 128 ? HEX[hi]! : -1;
    const l = lo < 128 ? HEX[lo]! : -1;
    if (h < 0 || l < 0) bad = true;
    out[at++] = (h << 4) | l;
  }
  if (bad || at !== start + 16) throw new Error(`not a uuid: ${s}`);
}

/** The 16 bytes of a uuid given in its text form (8-4-4-4-12 hex digits). */
export function uuidBytes(s: string): Uint8Array {
  const out = new Uint8Array(16);
  writeUuidBytes(s, out, 0);
  return out;
}

const HEX_DIGIT = new Uint8Array(16);
for (let i = 0; i < 16; i++) HEX_DIGIT[i] = '0123456789abcdef'.charCodeAt(i);
const UUID_SCRATCH = new Uint8Array(16);

/**
 * The 16 bytes of uuidFromWords(a, b, c, d) (random.ts) at `at`: the words' 32 hex digits with
 * digit 12 set to 4 (version) and digit 16 to 8-b (variant), here as bytes.
 */
function writeUuidWords(out: Uint8Array, at: number, a: number, b: number, c: number, d: number): void {
  out[at] = a >>> 24;
  out[at + 1] = a >>> 16;
  out[at + 2] = a >>> 8;
  out[at + 3] = a;
  out[at + 4] = b >>> 24;
  out[at + 5] = b >>> 16;
  out[at + 6] = 0x40 | ((b >>> 8) & 15);
  out[at + 7] = b;
  out[at + 8] = ((((c >>> 28) & 3) | 8) << 4) | ((c >>> 24) & 15);
  out[at + 9] = c >>> 16;
  out[at + 10] = c >>> 8;
  out[at + 11] = c;
  out[at + 12] = d >>> 24;
  out[at + 13] = d >>> 16;
  out[at + 14] = d >>> 8;
  out[at + 15] = d;
}

/**
 * Rows in COPY's binary format, field by field: no text for PostgreSQL to parse (a timestamp, a
 * uuid and two numerics per ledger row) and none for the generator to format. Each field is
 * encoded as PostgreSQL's own `*_recv` reads it; the column's type modifier is applied on the
 * server as for text (a numeric(38,18) column stores the same value with the same scale).
 */
export class BinaryRowWriter {
  count = 0;
  private buf = Buffer.allocUnsafe(1 << 20);
  private len = BINARY_HEADER;

  constructor(private readonly text: string) {
    BINARY_SIGNATURE.copy(this.buf, 0);
    this.buf.writeInt32BE(0, 11);
    this.buf.writeInt32BE(0, 15);
  }

  private room(n: number) {
    if (this.len + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(bigger, 0, 0, this.len);
    this.buf = bigger;
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): void {
    this.room(2);
    const buf = this.buf;
    const at = this.len;
    buf[at] = fields >>> 8;
    buf[at + 1] = fields;
    this.len = at + 2;
    this.count++;
  }

  /** A field's length word (big-endian int32) at `at`, written byte by byte (no Buffer method call). */
  private static head(buf: Buffer, at: number, n: number): void {
    buf[at] = n >>> 24;
    buf[at + 1] = n >>> 16;
    buf[at + 2] = n >>> 8;
    buf[at + 3] = n;
  }

  null(): void {
    this.room(4);
    BinaryRowWriter.head(this.buf, this.len, -1);
    this.len += 4;
  }

  /** A uuid in its text form (8-4-4-4-12 hex digits). */
  uuid(s: string): void {
    this.room(20);
    BinaryRowWriter.head(this.buf, this.len, 16);
    writeUuidBytes(s, this.buf, this.len + 4);
    this.len += 20;
  }

  /** A uuid from its 16 bytes (uuidBytes). */
  uuidBytes(b: Uint8Array): void {
    if (b.length !== 16) throw new Error('not a uuid: 16 bytes expected');
    this.room(20);
    const buf = this.buf;
    const at = this.len;
    BinaryRowWriter.head(buf, at, 16);
    for (let i = 0; i < 16; i++) buf[at + 4 + i] = b[i]!;
    this.len = at + 20;
  }

  /** A uuid from four 32-bit words, the 16 bytes of the text uuidFromWords(a, b, c, d) (random.ts) gives. */
  uuidWords(a: number, b: number, c: number, d: number): void {
    this.room(20);
    const buf = this.buf;
    const at = this.len;
    BinaryRowWriter.head(buf, at, 16);
    writeUuidWords(buf, at + 4, a, b, c, d);
    this.len = at + 20;
  }

  /** The text form of uuidFromWords(a, b, c, d) (random.ts) as a text field, without building the string. */
  uuidWordsText(a: number, b: number, c: number, d: number): void {
    this.room(40);
    const buf = this.buf;
    let at = this.len;
    BinaryRowWriter.head(buf, at, 36);
    at += 4;
    const bytes = UUID_SCRATCH;
    writeUuidWords(bytes, 0, a, b, c, d);
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) buf[at++] = 45; // -
      const v = bytes[i]!;
      buf[at++] = HEX_DIGIT[v >>> 4]!;
      buf[at++] = HEX_DIGIT[v & 15]!;
    }
    this.len = at;
  }

  /** A smallint. */
  int16(v: number): void {
    if (v !== (v << 16) >> 16) throw new RangeError(`not a smallint: ${v}`);
    this.room(6);
    const buf = this.buf;
    const at = this.len;
    BinaryRowWriter.head(buf, at, 2);
    buf[at + 4] = v >>> 8;
    buf[at + 5] = v;
    this.len = at + 6;
  }

  /** An integer. */
  int32(v: number): void {
    if (v !== (v | 0)) throw new RangeError(`not an integer: ${v}`);
    this.room(8);
    const buf = this.buf;
    const at = this.len;
    BinaryRowWriter.head(buf, at, 4);
    BinaryRowWriter.head(buf, at + 4, v);
    this.len = at + 8;
  }

  /** A boolean. */
  bool(v: boolean): void {
    this.room(5);
    const buf = this.buf;
    const at = this.len;
    BinaryRowWriter.head(buf, at, 1);
    buf[at + 4] = v ? 1 : 0;
    this.len = at + 5;
  }

  /** text (UTF-8), or NULL. Short ASCII texts (most of the generator's) byte by byte. */
  string(s: string | null): void {
    if (s === null) return this.null();
    const n = s.length;
    this.room(4 + n * 3);
    const buf = this.buf;
    const at = this.len + 4;
    if (n <= 96) {
      let i = 0;
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 128) break;
        buf[at + i] = c;
      }
      if (i === n) {
        BinaryRowWriter.head(buf, this.len, n);
        this.len = at + n;
        return;
      }
    }
    const bytes = buf.write(s, at, 'utf8');
    BinaryRowWriter.head(buf, this.len, bytes);
    this.len = at + bytes;
  }

  /**
   * A numeric from whole micro-units (value = micro / 1e6, |micro| < 2^53): base-10000 digits,
   * the integer part's groups then two groups for the six decimals (display scale 6; the
   * column's own scale is applied by the server, as for the text form). Every word is written
   * byte by byte: all of them are below 2^15 but the sign word (0x4000 or 0).
   */
  numericMicro(micro: number): void {
    if (!Number.isSafeInteger(micro)) throw new Error(`not a whole number of micro-units: ${micro}`);
    const abs = micro < 0 ? -micro : micro;
    let whole = Math.floor(abs / 1_000_000);
    const frac = abs - whole * 1_000_000;
    // The integer part's base-10000 groups, most significant first (at most 3 below 2^53 / 1e6).
    const g2 = whole % 10000;
    whole = Math.floor(whole / 10000);
    const g1 = whole % 10000;
    const g0 = Math.floor(whole / 10000);
    const ints = g0 > 0 ? 3 : g1 > 0 ? 2 : 1;
    const ndigits = ints + 2;
    this.room(4 + 8 + ndigits * 2);
    const buf = this.buf;
    let at = this.len;
    BinaryRowWriter.head(buf, at, 8 + ndigits * 2);
    buf[at + 4] = 0;
    buf[at + 5] = ndigits;
    buf[at + 6] = 0;
    buf[at + 7] = ints - 1;
    buf[at + 8] = micro < 0 ? 0x40 : 0;
    buf[at + 9] = 0;
    buf[at + 10] = 0;
    buf[at + 11] = 6;
    at += 12;
    if (ints === 3) {
      buf[at] = g0 >>> 8;
      buf[at + 1] = g0;
      at += 2;
    }
    if (ints >= 2) {
      buf[at] = g1 >>> 8;
      buf[at + 1] = g1;
      at += 2;
    }
    const f0 = Math.floor(frac / 100);
    const f1 = (frac % 100) * 100;
    buf[at] = g2 >>> 8;
    buf[at + 1] = g2;
    buf[at + 2] = f0 >>> 8;
    buf[at + 3] = f0;
    buf[at + 4] = f1 >>> 8;
    buf[at + 5] = f1;
    this.len = at + 6;
  }

  /** A timestamptz from milliseconds since the Unix epoch (whole milliseconds). */
  timestampMs(ms: number): void {
    this.room(12);
    const us = (ms - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / 0x1_0000_0000);
    if (!Number.isSafeInteger(us) || hi !== (hi | 0)) throw new RangeError(`not a timestamp in milliseconds: ${ms}`);
    const buf = this.buf;
    const at = this.len;
    BinaryRowWriter.head(buf, at, 8);
    BinaryRowWriter.head(buf, at + 4, hi);
    BinaryRowWriter.head(buf, at + 8, us - hi * 0x1_0000_0000);
    this.len = at + 12;
  }

  statement(): CopyStatement {
    this.room(2);
    this.buf.writeInt16BE(-1, this.len);
    return { text: this.text, data: this.buf.subarray(0, this.len + 2), binary: true };
  }
}
