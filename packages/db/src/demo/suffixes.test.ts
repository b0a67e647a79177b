import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../client';
import { runStatements } from './sql';
import { searchSuffixes, serverLower, serverLowerMap, SuffixWriter, type LowerMap } from './suffixes';

/** Name, username, e-mail, phone: what user_search_suffixes_of is called with. */
const TRICKY: readonly (readonly (string | null)[])[] = [
  ['José Ñúñez-Álvarez', 'jose.nunez01', 'José.Nunez@Example.COM', '+2348012345678'],
  ['Straße Weiß ẞIGMA', 'strasse_weiss', 'STRASSE@weiss.de', null],
  ['İSTANBUL İlker Işık', 'İlker', 'ILKER@ıı.tr', '+90 555 000'],
  ['ΟΔΥΣΣΕΥΣ ΑΣ Σ', 'σίσυφος', 'ΟΔΟΣ@mail.gr', null],
  ['Zoë 😀 Smith 👍🏽 🇳🇬', '😀😀😀😀', 'emoji😀@x.io', '😀'],
  ['𐐀𐐁𐐂 Deseret 𝔄𝔅 ǅungla ǈ', 'Ꭰꭰ ᏸ', 'ᲐᲑᲒ@ge.ge', 'Ⓐⓑ'],
  ['Al', 'ab', 'a@b', ''],
  ['abc', 'ABC', 'Abc', 'aBc'],
  ['', null, null, null],
  [null, null, null, null],
  [
    'A very long full name well beyond sixteen characters',
    'user_name_with_more_than_16',
    'a.b.c.d.e.f.g@h.example',
    '+1 (555) 010-9999 ext 12',
  ],
  ['Tab\tand\\backslash\nnewline', 'under_score%percent', 'x_y%z@q.r', '12'],
  ['Ångström Ķēniņš Łódź Œuvre Ǆemal', 'ÆØÅæøå', 'ČĆŽŠĐ@hr.hr', '١٢٣٤٥'],
  ['Кирилл Ёжиков ЩЪЫ', 'ǰŉΐ', 'ﬁﬂﬀ@lig.tr', 'Ⅻⅻ'],
  // ASCII repeats: windows of 16 repeated within a field, fields inside and at the end of others.
  ['Aaaaaaaaaaaaaaaaaaaaaaaaaa Bbb', 'aaaaaaaaaaaaaaaaaaaaaaa', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@aaa.aa', 'aaa'],
  ['John Smith', 'johnsmith', 'john.smith.johnsmith.smith@smith.com', 'smith'],
  ['abcdefghijklmnopqrstuvwxyz', 'klmnopqrstuvwxyz', 'xyz@defghijklmnopqrstuvwxyz', 'abcdefghijklmnopq'],
  ['Ng', 'nga', 'gaga@ga.ga', '+234 801 234 5678'],
];

/** The suffixes in a SuffixWriter's binary COPY data, with the user's time and id of each row. */
function decode(data: Buffer): { suffix: string; micros: bigint; id: string }[] {
  const rows: { suffix: string; micros: bigint; id: string }[] = [];
  let at = 19;
  for (;;) {
    const fields = data.readInt16BE(at);
    if (fields === -1) break;
    expect(fields).toBe(3);
    const n = data.readInt32BE(at + 2);
    const suffix = data.toString('utf8', at + 6, at + 6 + n);
    at += 6 + n;
    expect(data.readInt32BE(at)).toBe(8);
    const micros = data.readBigInt64BE(at + 4);
    expect(data.readInt32BE(at + 12)).toBe(16);
    const id = data.toString('hex', at + 16, at + 32);
    rows.push({ suffix, micros, id });
    at += 32;
  }
  expect(at + 2).toBe(data.length);
  return rows;
}

describe('search suffixes in JavaScript', () => {
  let test: { db: Db; drop: () => Promise<void> };
  let lower: LowerMap;

  beforeAll(async () => {
    test = await createTestDb();
    const map = await serverLowerMap(test.db.$client as never);
    expect(map).not.toBeNull();
    lower = map!;
  });

  afterAll(async () => {
    await test.drop();
  });

  it('lowers every code point as the server does', async () => {
    const all: string[] = [];
    for (let cp = 1; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) all.push(String.fromCodePoint(cp));
    const text = all.join('');
    const { rows } = await test.db.$client.query<{ l: string }>('SELECT lower($1) AS l', [text]);
    expect(serverLower(text, lower) === rows[0]!.l).toBe(true);
  });

  it('gives exactly what user_search_suffixes_of gives', async () => {
    for (const fields of TRICKY) {
      const { rows } = await test.db.$client.query<{ s: string }>(
        'SELECT user_search_suffixes_of($1, $2, $3, $4) AS s',
        [...fields],
      );
      const sql = rows.map((r) => r.s).sort();
      const js = [...searchSuffixes(fields, lower)].sort();
      expect(js, JSON.stringify(fields)).toEqual(sql);
      // The writer's rows (its ASCII path has no set of its own): the same suffixes, once each.
      const writer = new SuffixWriter(lower);
      writer.addUser(fields, '2026-03-15T10:30:00.123Z', '0b7c6f4e-1d2a-4c3b-9e8f-a1b2c3d4e5f6');
      const written = decode(writer.data());
      expect(written.map((r) => r.suffix).sort(), JSON.stringify(fields)).toEqual(sql);
      expect(writer.count).toBe(sql.length);
      for (const r of written) {
        expect(r.id).toBe('0b7c6f4e1d2a4c3b9e8fa1b2c3d4e5f6');
        expect(r.micros).toBe(BigInt(Date.parse('2026-03-15T10:30:00.123Z') - Date.UTC(2000, 0, 1)) * 1000n);
      }
    }
  });

  it('writes binary COPY rows equal to the SQL function rows', async () => {
    const client = await test.db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE js_suffixes (LIKE user_search_suffixes) ON COMMIT DROP');
      const writer = new SuffixWriter(lower);
      const id = '0b7c6f4e-1d2a-4c3b-9e8f-a1b2c3d4e5f6';
      const at = '2026-03-15T10:30:00.123Z';
      for (const fields of TRICKY) writer.addUser(fields, at, id);
      await runStatements(client, [
        { text: 'COPY js_suffixes (suffix, created_at, user_id) FROM STDIN WITH (FORMAT binary)', data: writer.data() },
      ]);
      const { rows } = await client.query<{ missing: string; extra: string }>(
        `WITH f(a, b, c, d) AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])),
              s AS (SELECT x AS suffix, $5::timestamptz AS created_at, $6::uuid AS user_id
                      FROM f CROSS JOIN LATERAL user_search_suffixes_of(a, b, c, d) AS x)
         SELECT (SELECT count(*) FROM (SELECT * FROM s EXCEPT ALL SELECT * FROM js_suffixes) m) AS missing,
                (SELECT count(*) FROM (SELECT * FROM js_suffixes EXCEPT ALL SELECT * FROM s) e) AS extra`,
        [0, 1, 2, 3].map((k) => TRICKY.map((f) => f[k] ?? null)).concat([at, id] as never),
      );
      expect(rows[0]).toEqual({ missing: 0, extra: 0 });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
