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
