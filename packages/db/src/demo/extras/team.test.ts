import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';

const NOW = new Date('2026-03-15T10:30:00Z');
const USERS = 400;

const one = async (db: Db, sql: string) => (await db.$client.query(sql)).rows[0] as Record<string, number | string>;

describe('demo rows of the team and content screens', () => {
  let d: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    d = await createTestDb();
    await generateDemoData(d.db, { users: USERS, seed: 11, now: NOW });
  });
  afterAll(async () => {
    await d.drop();
  });

  it('subscribes about 70% of customers to the newsletter, a few of them unsubscribed, none in the future', async () => {
    const r = await one(
      d.db,
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT subscribed)::int AS unsubscribed,
      count(*) FILTER (WHERE NOT subscribed AND unsubscribed_at IS NULL)::int AS undated,
      count(*) FILTER (WHERE unsubscribed_at > '${NOW.toISOString()}')::int AS future
      FROM newsletter_subscribers WHERE list = 'subscribers'`,
    );
    expect(r.total).toBeGreaterThan(USERS * 0.6);
    expect(r.total).toBeLessThan(USERS * 0.8);
    expect(r.unsubscribed).toBeGreaterThan(0);
    expect(r).toMatchObject({ undated: 0, future: 0 });
  });

  it('writes newsletters in each kind of state, sent counts within the list, and greetings both live and expired', async () => {
    const n = await one(
      d.db,
      `SELECT count(*) FILTER (WHERE delivery_status = 'sent')::int AS sent, count(*) FILTER (WHERE delivery_status = 'saved' AND NOT is_published)::int AS saved,
      max(total_sent + total_failed)::int AS most FROM newsletters`,
    );
    const subs = await one(
      d.db,
      `SELECT count(*)::int AS n FROM newsletter_subscribers WHERE list = 'subscribers' AND subscribed`,
    );
    expect(n).toMatchObject({ sent: 2, saved: 1 });
    expect(n.most).toBeLessThanOrEqual(subs.n as number);
    const g = await one(
      d.db,
      `SELECT count(*) FILTER (WHERE expiry_time > '${NOW.toISOString()}')::int AS live, count(*) FILTER (WHERE expiry_time <= '${NOW.toISOString()}')::int AS expired FROM greetings`,
    );
    expect(g.live).toBeGreaterThanOrEqual(3);
    expect(g.expired).toBeGreaterThanOrEqual(1);
    const s = await one(d.db, `SELECT count(*)::int AS versions FROM process_settings_versions`);
    expect(s.versions).toBeGreaterThanOrEqual(4);
  });
});
