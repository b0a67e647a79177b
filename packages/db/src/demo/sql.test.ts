import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../client';
import { SAVINGS_TX_COPY, WALLET_TX_COPY } from './activity';
import { fmtMicro } from './money';
import { createRng, uuidFromWords } from './random';
import { BinaryRowWriter, CopyWriter, mergeCopies, runStatements, uuidBytes } from './sql';

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

describe('wallet_transactions and savings_transactions in binary COPY (activity.ts)', () => {
  let test: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    test = await createTestDb();
  });
  afterAll(async () => {
    await test.drop();
  });

  // The generator's text form of these rows (before they moved to binary) against the binary
  // writer's, loaded into copies of the real tables (their own column types).
  it('stores the same rows as their text form', async () => {
    const client = await test.db.$client.connect();
    try {
      await client.query('BEGIN');
      for (const [copy, table] of [
        ['wt_text', 'wallet_transactions'],
        ['wt_binary', 'wallet_transactions'],
        ['st_text', 'savings_transactions'],
        ['st_binary', 'savings_transactions'],
      ])
        await client.query(`CREATE TEMP TABLE ${copy} (LIKE ${table}) ON COMMIT DROP`);
      const wtColumns = WALLET_TX_COPY.slice(WALLET_TX_COPY.indexOf('(') + 1, WALLET_TX_COPY.indexOf(')')).split(', ');
      const stColumns = SAVINGS_TX_COPY.slice(SAVINGS_TX_COPY.indexOf('(') + 1, SAVINGS_TX_COPY.indexOf(')')).split(
        ', ',
      );
      const wtText = new CopyWriter<Record<string, unknown>>({ table: 'wt_text', columns: wtColumns });
      const stText = new CopyWriter<Record<string, unknown>>({ table: 'st_text', columns: stColumns });
      const wtBin = new BinaryRowWriter(WALLET_TX_COPY.replace('wallet_transactions', 'wt_binary'));
      const stBin = new BinaryRowWriter(SAVINGS_TX_COPY.replace('savings_transactions', 'st_binary'));
      let i = 0;
      for (const micro of MICROS)
        for (const at of TIMES) {
          const [id, user, other] = [UUIDS[i % 2]!, UUIDS[(i + 1) % 2]!, UUIDS[i % 2]!];
          const text = TEXTS[i % TEXTS.length]!;
          const state = i % 10;
          const active = i % 3 !== 0;
          const fee = Math.abs(micro) < 1e15 ? Math.abs(micro) % 1000 : 0;
          wtText.add({
            id,
            user_id: user,
            wallet_id: other,
            amount: fmtMicro(micro),
            final_amount: fmtMicro(micro - fee),
            fee: fmtMicro(fee),
            currency: 'BUSD',
            transaction_state: state,
            type_of_transaction: 'funding',
            description: text,
            txn_hash: i % 4 === 0 ? null : `0x${'ab'.repeat(32)}`,
            to_address: text ?? '',
            from_address: '0x10ed43c718714eb63d5aa57b78b54704e256024e',
            is_active: active,
            created_at: at,
          });
          wtBin.row(15);
          wtBin.uuid(id);
          wtBin.uuidBytes(uuidBytes(user));
          wtBin.uuid(other);
          wtBin.numericMicro(micro);
          wtBin.numericMicro(micro - fee);
          wtBin.numericMicro(fee);
          wtBin.string('BUSD');
          wtBin.int16(state);
          wtBin.string('funding');
          wtBin.string(text);
          wtBin.string(i % 4 === 0 ? null : `0x${'ab'.repeat(32)}`);
          wtBin.string(text ?? '');
          wtBin.string('0x10ed43c718714eb63d5aa57b78b54704e256024e');
          wtBin.bool(active);
          wtBin.timestampMs(Date.parse(at));
          stText.add({
            id,
            user_id: user,
            plan_id: other,
            amount: fmtMicro(micro),
            currency: 'VLT',
            network: 56,
            txn_hash: text,
            transaction_state: state,
            description: text,
            is_active: active,
            created_at: at,
          });
          stBin.row(11);
          stBin.uuid(id);
          stBin.uuid(user);
          stBin.uuidBytes(uuidBytes(other));
          stBin.numericMicro(micro);
          stBin.string('VLT');
          stBin.int32(56);
          stBin.string(text);
          stBin.int16(state);
          stBin.string(text);
          stBin.bool(active);
          stBin.timestampMs(Date.parse(at));
          i++;
        }
      await runStatements(client, [wtText.statement(), stText.statement()]);
      await runStatements(client, [
        { ...wtBin.statement(), text: `${wtBin.statement().text} WITH (FORMAT binary)` },
        { ...stBin.statement(), text: `${stBin.statement().text} WITH (FORMAT binary)` },
      ]);
      const { rows } = await client.query<{ n: number; wt: number; st: number }>(
        `SELECT (SELECT count(*) FROM wt_binary)::int + (SELECT count(*) FROM st_binary)::int AS n,
                (SELECT count(*) FROM (SELECT t::text FROM wt_text t EXCEPT ALL SELECT t::text FROM wt_binary t) d)::int AS wt,
                (SELECT count(*) FROM (SELECT t::text FROM st_text t EXCEPT ALL SELECT t::text FROM st_binary t) d)::int AS st`,
      );
      expect(rows[0]).toEqual({ n: 2 * MICROS.length * TIMES.length, wt: 0, st: 0 });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});

describe('uuids written from their random words (BinaryRowWriter.uuidWords, uuidWordsText)', () => {
  it('writes the same bytes as the uuid and the text uuidFromWords gives', () => {
    const rng = createRng(7);
    const words = [
      [0, 0, 0, 0],
      [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff],
      [0x80000000, 0x7fffffff, 0x12345678, 0x9abcdef0],
      ...Array.from({ length: 200 }, () => [rng.u32(), rng.u32(), rng.u32(), rng.u32()]),
    ] as [number, number, number, number][];
    const fromText = new BinaryRowWriter('COPY t FROM STDIN');
    const fromWords = new BinaryRowWriter('COPY t FROM STDIN');
    for (const [a, b, c, d] of words) {
      const text = uuidFromWords(a, b, c, d);
      fromText.row(2);
      fromText.uuid(text);
      fromText.string(text);
      fromWords.row(2);
      // Signed words too (as an Int32Array holds them).
      fromWords.uuidWords(a | 0, b, c | 0, d);
      fromWords.uuidWordsText(a, b | 0, c, d | 0);
    }
    expect(fromWords.statement().data.equals(fromText.statement().data)).toBe(true);
  });
});
