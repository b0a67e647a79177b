/**
 * How every cell of every CSV export is written: values as a person reads them, decided once by
 * the column's type, not per report. A report's SELECT answers database types (numeric, boolean,
 * timestamptz, text...); the writer wraps it in one outer SELECT that turns each column into its
 * readable form before COPY writes it:
 *
 * - numeric: the exact value without trailing zeros (`18`, `9.5`, `0.000000000000000001`), as the
 *   API's payloads carry it; no thousands separators and `.` for decimals, so spreadsheets read
 *   them as numbers. The screen cuts amounts to four decimals for reading; a file is for adding
 *   up, so it keeps every digit the ledger holds (docs/decisions/reports-and-exports.md);
 * - integers as they are; floats are cast to numeric first (a float would print `1e-05`);
 * - boolean: `true` / `false` (PostgreSQL's own CSV form is `t` / `f`);
 * - timestamptz: ISO 8601 in UTC with its zone, `2026-05-01T00:37:00.000Z`, as the API answers;
 * - date: `YYYY-MM-DD`;
 * - text of any kind (text, varchar, citext, enums, json...): guarded against spreadsheet formulas
 *   by `csv_safe_text` (one starting with `= + - @`, a tab or a carriage return gets a `'`);
 * - NULL stays an empty cell.
 * A timestamp without a time zone is refused: the file could not say which moment it is.
 */

/** The connection the export runs on (a pg client inside the export's transaction). */
type Client = {
  query: (
    text: string,
    values?: unknown[],
  ) => Promise<{ fields: { name: string; dataTypeID: number }[]; rows: unknown[] }>;
};
type PgType = { oid: number; typname: string };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The readable form of one column of the report's SELECT (aliased `r`), by its type. */
export function readableCell(column: string, type: Pick<PgType, 'typname'>): string {
  const c = `r.${quoteIdent(column)}`;
  switch (type.typname) {
    case 'numeric':
      return `trim_scale(${c})`;
    case 'float4':
    case 'float8':
      return `trim_scale(${c}::numeric)`;
    case 'int2':
    case 'int4':
    case 'int8':
    case 'uuid':
      return c;
    case 'bool':
      return `CASE WHEN ${c} THEN 'true' WHEN NOT ${c} THEN 'false' END`;
    case 'timestamptz':
      return `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'date':
      return `to_char(${c}, 'YYYY-MM-DD')`;
    case 'timestamp':
      throw new Error(`export column ${column} is a timestamp without time zone: give it a zone`);
    default:
      return `csv_safe_text(${c}::text)`;
  }
}

/**
 * The report's SELECT wrapped so that every column is written in its readable form. Runs the
 * SELECT with LIMIT 0 once (no rows are read) to learn its columns; call it inside the export's
 * transaction so the description and the COPY see the same snapshot.
 */
export async function readableSelect(client: Client, select: string): Promise<string> {
  const { fields } = await client.query(`SELECT * FROM (${select}) r LIMIT 0`);
  const names = fields.map((f) => f.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`export column ${duplicate} appears twice`);
  const oids = [...new Set(fields.map((f) => f.dataTypeID))];
  const { rows } = await client.query(
    'SELECT oid::int AS oid, typname::text AS typname FROM pg_type WHERE oid = ANY($1::oid[])',
    [oids],
  );
  const types = new Map((rows as PgType[]).map((t) => [Number(t.oid), t]));
  const cells = fields.map((f) => {
    const type = types.get(f.dataTypeID) ?? { typname: 'unknown' };
    return `${readableCell(f.name, type)} AS ${quoteIdent(f.name)}`;
  });
  return `SELECT ${cells.join(', ')} FROM (${select}) r`;
}
