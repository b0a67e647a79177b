import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { withIndexesAfter } from './indexes-after';

const INDEXES = `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition,
                        (SELECT string_agg(k.conname || ':' || k.contype::text, ',' ORDER BY k.conname) FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid) AS backs
                   FROM pg_index i WHERE i.indrelid = ANY ($1::regclass[]) ORDER BY 1`;

describe('withIndexesAfter', () => {
  let made: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    made = await createTestDb();
  });
  afterAll(async () => {
    await made.drop();
  });

  it('writes with the indexes dropped and builds the same ones again; keeps referenced keys and the arbiters named', async () => {
    const client = await made.db.$client.connect();
    try {
      const tables = ['newsletter_subscribers', 'kyc_records'];
      const before = (await client.query(INDEXES, [tables])).rows;
      expect(before.length).toBeGreaterThan(5);
      await client.query('BEGIN');
      const during = await withIndexesAfter(
        client,
        tables,
        async () => (await client.query<{ name: string }>(INDEXES, [tables])).rows.map((r) => r.name),
        ['newsletter_subscribers_list_email_unique'],
      );
      // Left while writing: the primary keys foreign keys point at (kyc_records', the
      // subscribers') and the arbiter named; every other index is gone.
      expect(during.sort()).toEqual(
        ['kyc_records_pkey', 'newsletter_subscribers_list_email_unique', 'newsletter_subscribers_pkey'].sort(),
      );
      // Back with the same names, definitions and constraints.
      expect((await client.query(INDEXES, [tables])).rows).toEqual(before);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });

  it('keeps the indexes when PostgreSQL refuses to drop them', async () => {
    const client = await made.db.$client.connect();
    try {
      await client.query('BEGIN');
      // A role that may read and write the table but does not own it (rolled back with the test).
      const role = `demo_indexes_${Math.random().toString(36).slice(2, 10)}`;
      await client.query(`CREATE ROLE ${role}`);
      await client.query(`GRANT SELECT, INSERT ON fee_records TO ${role}`);
      await client.query(`SET LOCAL ROLE ${role}`);
      const before = (await client.query(INDEXES, [['fee_records']])).rows;
      const during = await withIndexesAfter(
        client,
        ['fee_records'],
        async () => (await client.query(INDEXES, [['fee_records']])).rows.length,
      );
      expect(during).toBe(before.length);
      expect((await client.query(INDEXES, [['fee_records']])).rows).toEqual(before);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
