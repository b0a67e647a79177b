import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { EXPORT_REPORTS } from '@vaultdesk/contract';
import { EXPORT_QUERIES } from '../modules/exports/export-registry';
import { transactionsFilter } from '../modules/reports/report-filters';
import { dayRange } from './day-range';
import { bound, inlined, raw, where } from './sql-filter';

const dialect = new PgDialect();
const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

describe('one filter for a list and its export', () => {
  it('binds its values for the list and inlines the same values, in the same places, for the export', () => {
    const f = transactionsFilter(dayRange('2026-01-01', '2026-01-31'), 3);
    const q = dialect.sqlToQuery(bound(f));
    expect(q.sql).toBe(
      't.created_at >= $1::timestamptz AND t.created_at < $2::timestamptz AND t.transaction_state = $3',
    );
    expect(q.params).toEqual(['2026-01-01T00:00:00Z', '2026-02-01T00:00:00.000Z', 3]);
    expect(inlined(f, lit)).toBe(
      "t.created_at >= '2026-01-01T00:00:00Z'::timestamptz AND t.created_at < '2026-02-01T00:00:00.000Z'::timestamptz AND t.transaction_state = 3",
    );
    expect(inlined(transactionsFilter(dayRange('2026-01-01', '2026-01-01'), undefined), lit)).not.toContain(
      'transaction_state',
    );
  });

  it('escapes every string value and refuses a number that is not whole', () => {
    expect(inlined(where`${raw('u.email')} = ${"o'brien@x.test"}`, lit)).toBe("u.email = 'o''brien@x.test'");
    expect(() => inlined(where`n = ${1.5}`, lit)).toThrow('not a whole number');
  });

  it('every exportable report has its SELECT registered from its area', () => {
    expect(Object.keys(EXPORT_QUERIES).sort()).toEqual(Object.keys(EXPORT_REPORTS).sort());
  });
});
