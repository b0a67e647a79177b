import type { ExtrasContext } from './context';
import { withIndexesAfter } from './indexes-after';

/**
 * Demo rows for the team and content screens: newsletter subscribers drawn from the customers
 * (a few unsubscribed), earlier newsletters, greetings (live and expired), earlier versions of
 * the internal settings and past bot runs. Set-based and keyed on the seed, like the other areas.
 */
export async function seedTeamExtras(ctx: ExtrasContext): Promise<void> {
  const { client, seed, nowMs } = ctx;
  const h = (salt: string) =>
    `(('x' || substr(md5(u.id::text || '${salt}' || $1::text), 1, 8))::bit(32)::int & 2147483647)`;
  const at = (i: number) => `to_timestamp($${i}::double precision / 1000)`;
  const now = at(2);

  // About 70% of customers take the newsletter; 1 in 20 of them later unsubscribed. Into an
  // empty list the rows are written before the list's indexes exist (built once after them):
  // users.email is unique, so ON CONFLICT (list, email) has nothing to skip there, and adding
  // the unique constraint back checks it. Into a list with rows, as before.
  const {
    rows: [list],
  } = await client.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM newsletter_subscribers) AS empty');
  const subscribe = (onConflict: string) =>
    client.query(
      `INSERT INTO newsletter_subscribers (list, email, subscribed, created_at, unsubscribed_at)
     SELECT 'subscribers', u.email, ${h('unsub')} % 20 <> 0, u.created_at,
            CASE WHEN ${h('unsub')} % 20 = 0 THEN least(u.created_at + make_interval(days => 1 + ${h('unsubday')} % 90), ${now}) END
       FROM users u
      WHERE u.email IS NOT NULL AND ${h('sub')} % 10 < 7
      ORDER BY u.created_at, u.id
     ${onConflict}`,
      [seed, nowMs],
    );
  const { rowCount: subscribers } = list!.empty
    ? await withIndexesAfter(client, ['newsletter_subscribers'], () => subscribe(''))
    : await subscribe('ON CONFLICT (list, email) DO NOTHING');

  await client.query(
    `INSERT INTO newsletters (subject, preview_message, maillist, content, delivery_type, delivery_status, creator_email, is_published,
                              approved_by_email, approved_at, total_sent, total_failed, total_recipients, started_at, finished_at, created_at, updated_at)
     SELECT n.subject, n.preview, 'subscribers', n.content, 'instant', n.status, 'support@vaultdesk.test', n.published,
            CASE WHEN n.published THEN 'compliance@vaultdesk.test' END,
            CASE WHEN n.published THEN ${at(1)} - make_interval(days => n.age) END,
            n.sent, n.failed, CASE WHEN n.published THEN greatest(s.subs, n.sent + n.failed) END,
            CASE WHEN n.published THEN ${at(1)} - make_interval(days => n.age) END,
            CASE WHEN n.status = 'sent' THEN ${at(1)} - make_interval(days => n.age) + interval '40 minutes' END,
            ${at(1)} - make_interval(days => n.age + 1), ${at(1)} - make_interval(days => n.age)
       FROM (SELECT count(*) FILTER (WHERE subscribed)::int AS subs FROM newsletter_subscribers WHERE list = 'subscribers') s,
            LATERAL (VALUES
              ('Your savings, now with weekly rewards', 'Weekly rewards are here', '<p>Hello saver,</p><p>From this week your <b>flexible savings</b> earn rewards every week.</p>', 'sent', true, s.subs - s.subs / 200, s.subs / 200, 45),
              ('Security tips for the holidays', 'Keep your account safe', '<p>Never share your PIN or your 2FA codes. Our staff will never ask for them.</p>', 'sent', true, s.subs - s.subs / 150, s.subs / 150, 20),
              ('New fixed plans: 90 and 180 days', 'Lock in a better rate', '<p>Two new fixed plans with better rates.</p>', 'terminated', true, s.subs / 3, 0, 8),
              ('Year in review', 'What you saved this year', '<p>Draft: thank-you note and highlights.</p>', 'saved', false, 0, 0, 1)
            ) AS n(subject, preview, content, status, published, sent, failed, age)`,
    [nowMs],
  );

  const { rowCount: greetings } = await client.query(
    `INSERT INTO greetings (title, description, time_frame, expiry_time, created_at, updated_at)
     VALUES ('Good morning', 'Start the day with a small deposit: every little bit grows.', 'morning', ${at(1)} + interval '30 days', ${at(1)} - interval '3 days', ${at(1)} - interval '3 days'),
            ('Good afternoon', 'Your flexible savings earn while you work.', 'afternoon', ${at(1)} + interval '14 days', ${at(1)} - interval '2 days', ${at(1)} - interval '2 days'),
            ('Good evening', 'Check your rewards before you sleep.', 'evening', ${at(1)} + interval '7 days', ${at(1)} - interval '1 day', ${at(1)} - interval '1 day'),
            ('Happy savings week', 'Double rewards on fixed plans all week long.', '', ${at(1)} - interval '5 days', ${at(1)} - interval '12 days', ${at(1)} - interval '12 days')`,
    [nowMs],
  );

  // Earlier settings versions, older than the one the migration wrote.
  await client.query(
    `INSERT INTO process_settings_versions (vlt_token_usd_price, busd_token_usd_price, vlt_token_apr, changed_by_email, created_at)
     SELECT v.price, 1, v.apr, 'compliance@vaultdesk.test', (SELECT min(created_at) FROM process_settings_versions) - make_interval(days => v.age)
       FROM (VALUES (0.21, 10.5, 90), (0.22, 11, 60), (0.24, 11.5, 30)) AS v(price, apr, age)`,
  );

  await client.query(
    `INSERT INTO bot_runs (bot, started_at, finished_at, outcome, duration_ms, detail)
     SELECT b.bot, ${at(1)} - make_interval(hours => g), ${at(1)} - make_interval(hours => g) + make_interval(secs => b.ms / 1000.0), 'succeeded', b.ms, b.detail
       FROM (VALUES ('greetingsCleanup', 40, '0 expired greetings removed'), ('housekeeping', 350, '12 old sessions, 40 old sign-in attempts removed')) AS b(bot, ms, detail),
            generate_series(24, 72, 24) AS g`,
    [nowMs],
  );
  ctx.log(`team extras: ${subscribers ?? 0} newsletter subscribers, ${greetings ?? 0} greetings, 4 newsletters`);
}
