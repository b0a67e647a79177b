import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../client';
import { fmtMicro } from './money';
import { BinaryRowWriter, CopyWriter, mergeCopies, runStatements } from './sql';

type Row = { u: string; t: string | null; n: string; ts: string };
const SPEC = { table: 'cmp_text', columns: ['u', 't', 'n', 'ts'] as const };

// Amounts in whole micro-units (the generator's), times in whole milliseconds, and texts.
const MICROS = [
  0, 1, -1, 99, 100, 999_999, 1_000_000, -1_000_001, 123_456_789_012, -9_007_199_254_740_991, 9_007_199_254_740_991,
];
const TIMES = [
  '2026-03-15T10:30:00.123Z',
  '1999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00.000Z',
  '2000-01-01T00:00:00.000Z',
  '2099-06-30T12:00:00.001Z',
];
const TEXTS = ['BUSD', 'wallet_transaction', 'é ß İ 😀', '', null, 'tab\there'];
const UUIDS = ['0b7c6f4e-1d2a-4c3b-9e8f-a1b2c3d4e5f6', 'FFFFFFFF-0000-4000-8000-000000000001'];

describe('binary COPY rows (BinaryRowWriter)', () => {
  let test: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    test = await createTestDb();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('stores the same values as the text form, merged over several COPY parts too', async () => {
    const client = await test.db.$client.connect();
    try {
      await client.query('BEGIN');
      for (const t of ['cmp_text', 'cmp_binary'])
        await client.query(
          `CREATE TEMP TABLE ${t} (k serial, u uuid, t text, n numeric(38, 18), ts timestamptz) ON COMMIT DROP`,
        );
      const text = new CopyWriter<Row>(SPEC);
      // Two writers, merged as the generator merges chunks (header and trailer dropped between parts).
      const parts = [
        new BinaryRowWriter('COPY cmp_binary (u, t, n, ts) FROM STDIN WITH (FORMAT binary)'),
        new BinaryRowWriter('COPY cmp_binary (u, t, n, ts) FROM STDIN WITH (FORMAT binary)'),
      ];
      let i = 0;
      for (const micro of MICROS)
        for (const at of TIMES) {
          const u = UUIDS[i % UUIDS.length]!;
          const t = TEXTS[i % TEXTS.length]!;
          text.add({ u, t, n: fmtMicro(micro), ts: at });
          const w = parts[i % 2 === 0 || i < 20 ? 0 : 1]!;
          w.row(4);
          w.uuid(u);
          w.string(t);
          w.numericMicro(micro);
          w.timestampMs(Date.parse(at));
          i++;
        }
      await runStatements(client, [{ ...text.statement(), text: 'COPY cmp_text (u, t, n, ts) FROM STDIN' }]);
      await runStatements(client, mergeCopies([[parts[0]!.statement()], [parts[1]!.statement()]]));
      const { rows } = await client.query<{ n: number; differ: number }>(
        `SELECT (SELECT count(*) FROM cmp_binary)::int AS n,
                (SELECT count(*) FROM (SELECT u, t, n::text, ts FROM cmp_text EXCEPT ALL SELECT u, t, n::text, ts FROM cmp_binary) d)::int AS differ`,
      );
      expect(rows[0]).toEqual({ n: MICROS.length * TIMES.length, differ: 0 });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });

  it('refuses what it cannot encode exactly', () => {
    const w = new BinaryRowWriter('COPY x FROM STDIN');
    expect(() => w.numericMicro(0.5)).toThrow(/micro-units/);
    expect(() => w.uuid('not-a-uuid')).toThrow(/not a uuid/);
  });
});
