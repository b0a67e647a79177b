import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '@vaultdesk/db/demo';
import { createTestDb } from '../../../test/helpers';

/**
 * The demo load writes users with triggers off; the user search's suffix table must still hold
 * exactly the suffixes of every loaded user, with its index, or searches on demo data miss them.
 */
describe('user search suffixes of the demo data', () => {
  let drop: () => Promise<void>;
  let query: (sql: string) => Promise<Record<string, number>>;
  beforeAll(async () => {
    const t = await createTestDb();
    drop = t.drop;
    query = async (sql) => (await t.db.$client.query(sql)).rows[0];
    await generateDemoData(t.db, { users: 300, seed: 5, now: new Date('2026-03-15T10:30:00Z') });
  });
  afterAll(async () => {
    await drop?.();
  });

  it('holds the suffixes of every loaded user, and only those, indexed', async () => {
    const expected = `SELECT x AS suffix, u.created_at, u.id AS user_id FROM users u
      CROSS JOIN LATERAL user_search_suffixes_of(u.full_name, u.username::text, u.email::text, u.phone_no) AS x`;
    const r = await query(`SELECT
      (SELECT count(*)::int FROM user_search_suffixes) AS stored,
      (SELECT count(*)::int FROM (${expected}) e) AS expected,
      (SELECT count(*)::int FROM (SELECT suffix, created_at, user_id FROM user_search_suffixes EXCEPT ${expected}) d) AS extra,
      (SELECT count(*)::int FROM (${expected} EXCEPT SELECT suffix, created_at, user_id FROM user_search_suffixes) d) AS missing,
      (SELECT count(*)::int FROM pg_indexes WHERE indexname = 'user_search_suffixes_idx') AS indexes,
      (SELECT count(DISTINCT user_id)::int FROM user_search_suffixes) AS users`);
    expect(r.stored).toBeGreaterThan(300 * 20);
    expect(r).toMatchObject({ stored: r.expected, extra: 0, missing: 0, indexes: 1, users: 300 });
  });
});
