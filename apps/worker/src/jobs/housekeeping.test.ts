import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { createTestDb } from '../../../../test/test-db';
import { housekeeping } from './housekeeping';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDb()));
afterAll(async () => {
  await drop?.();
});

const count = async (sql: string) => (await db.$client.query<{ n: number }>(sql)).rows[0]!.n;

describe('housekeeping', () => {
  it('removes sessions a day past expiry and attempts older than 30 days, and nothing else', async () => {
    await db.$client.query(
      `INSERT INTO staff_sessions (staff_id, token_hash, two_factor_passed, expires_at)
       SELECT id, 'old-' || email, true, now() - interval '2 days' FROM staff
       UNION ALL SELECT id, 'recent-' || email, true, now() - interval '1 hour' FROM staff
       UNION ALL SELECT id, 'live-' || email, true, now() + interval '1 hour' FROM staff`,
    );
    await db.$client.query(
      `INSERT INTO login_attempts (email, ip, step, success, at) VALUES
       ('a@vaultdesk.test', '10.0.0.1', 'password', false, now() - interval '31 days'),
       ('a@vaultdesk.test', '10.0.0.1', 'password', false, now() - interval '29 days')`,
    );
    const staff = await count('SELECT count(*)::int AS n FROM staff');
    const auditBefore = await count('SELECT count(*)::int AS n FROM audit_log');

    // Report marks: two for a computed day (one stays), one for a day never computed (goes).
    await db.$client.query(`INSERT INTO report_buckets (kind, bucket) VALUES ('fees', '2026-01-02')`);
    await db.$client.query(
      `INSERT INTO report_dirty (kind, bucket) VALUES ('fees', '2026-01-02'), ('fees', '2026-01-02'), ('fees', '2026-01-03')`,
    );

    // Grouped savings count deltas: three rows of two states fold into one row per state.
    await db.$client.query(
      `INSERT INTO savings_group_count_deltas (transaction_state, delta) VALUES (-1, 3), (-1, -1), (6, 2)`,
    );

    // Range change marks with no kept ranking: all go.
    await db.$client.query(
      `INSERT INTO report_range_changes (report, day) VALUES ('savings-group', '2026-01-02'), ('referral-payouts', '2026-01-03')`,
    );

    const removed = await housekeeping(db);

    expect(removed).toEqual({ sessions: staff, attempts: 1, reportMarks: 2, groupCountDeltas: 3, rangeMarks: 2 });
    expect(await count('SELECT count(*)::int AS n FROM report_range_changes')).toBe(0);
    expect(
      (
        await db.$client.query(
          `SELECT transaction_state AS s, delta::int AS d FROM savings_group_count_deltas ORDER BY 1`,
        )
      ).rows,
    ).toEqual([
      { s: -1, d: 2 },
      { s: 6, d: 2 },
    ]);
    expect(
      await count(`SELECT count(*)::int AS n FROM report_dirty WHERE kind = 'fees' AND bucket = '2026-01-02'`),
    ).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM report_dirty WHERE bucket = '2026-01-03'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM staff_sessions WHERE token_hash LIKE 'old-%'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM staff_sessions WHERE token_hash NOT LIKE 'old-%'`)).toBe(
      2 * staff,
    );
    expect(await count('SELECT count(*)::int AS n FROM login_attempts')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM audit_log')).toBe(auditBefore);
  });
});
