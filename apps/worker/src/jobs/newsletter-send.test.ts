import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../api/test/helpers';
import { mimeParts } from '../../../../test/mime';
import { startSmtpSink } from '../../../../test/smtp-sink';
import {
  createNewsletterTransport,
  decodeHtmlEntities,
  runNewsletterSend,
  sanitizeNewsletterHtml,
  type NewsletterTransport,
} from './newsletter-send';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let transport: NewsletterTransport;
const settings = { appUrl: 'http://localhost:8080', unsubscribeSecret: Buffer.alloc(32, 7) };

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  transport = createNewsletterTransport({ ...settings, smtpUrl: sink.url, outboxDir: '/tmp/unused', connections: 4 });
  await t.db.$client.query(
    `INSERT INTO newsletter_subscribers (list, email) SELECT 'subscribers', 'sub' || g || '@example.test' FROM generate_series(1, 120) g`,
  );
  await t.db.$client.query(
    `UPDATE newsletter_subscribers SET subscribed = false WHERE email IN ('sub7@example.test', 'sub8@example.test')`,
  );
});
afterAll(async () => {
  transport?.close();
  await t?.close();
  await sink?.close();
});
beforeEach(() => {
  sink.messages.length = 0;
  sink.recipients.clear();
});

const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
const setBatch = (size: number, waitMinutes = 0) =>
  q(`UPDATE newsletter_config SET max_mails_per_batch = $1, wait_minutes_per_batch = $2`, [size, waitMinutes]);
const approved = async (subject: string) => {
  const [row] = await q(
    `INSERT INTO newsletters (subject, content, creator_email, delivery_status, is_published) VALUES ($1, '<p>Hi</p>', 'c@vaultdesk.test', 'pending', true) RETURNING id`,
    [subject],
  );
  return row.id as string;
};
const progress = async (id: string) =>
  (
    await q(`SELECT delivery_status, total_sent, total_failed, total_recipients FROM newsletters WHERE id = $1`, [id])
  )[0];
const mine = (subject: string) => sink.messages.filter((m) => m.raw.includes(`Subject: ${subject}`));

describe('newsletter sender', () => {
  it('sends to every subscribed address once, in batches of the configured size, and ends as sent', async () => {
    await setBatch(50);
    const id = await approved('All of them');
    const batches: number[] = [];
    const outcome = await runNewsletterSend(t.db, id, transport, {
      settings,
      onBatch: (b) => {
        batches.push(b.size);
      },
    });
    expect(outcome).toBe('sent');
    expect(batches).toEqual([50, 50, 18]);
    expect(await progress(id)).toEqual({
      delivery_status: 'sent',
      total_sent: 118,
      total_failed: 0,
      total_recipients: 118,
    });
    expect(mine('All of them')).toHaveLength(118);
    expect(sink.duplicates()).toEqual([]);
    expect(sink.recipients.has('sub7@example.test')).toBe(false);
    const m = mine('All of them')[0]!;
    expect(m.raw).toMatch(/\/v1\/newsletters\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{32}/);
    expect(
      await q(`SELECT status, count(*)::int AS n FROM newsletter_deliveries WHERE newsletter_id = $1 GROUP BY status`, [
        id,
      ]),
    ).toEqual([{ status: 'sent', n: 118 }]);
  });

  it('honours the wait between batches, and a pause stops it within one batch; resume continues where it stopped', async () => {
    await setBatch(40, 1);
    const id = await approved('Paused one');
    const waits: number[] = [];
    let batchesDone = 0;
    const outcome = await runNewsletterSend(t.db, id, transport, {
      settings,
      pollMs: 60_000,
      sleep: async (ms) => {
        waits.push(ms);
      },
      onBatch: async () => {
        batchesDone++;
        if (batchesDone === 1) await q(`UPDATE newsletters SET delivery_status = 'paused' WHERE id = $1`, [id]);
      },
    });
    expect(outcome).toBe('paused');
    expect(waits).toEqual([60_000]);
    expect(mine('Paused one')).toHaveLength(40);
    expect((await progress(id)).total_sent).toBe(40);

    await q(`UPDATE newsletters SET delivery_status = 'pending' WHERE id = $1`, [id]);
    await setBatch(40, 0);
    expect(await runNewsletterSend(t.db, id, transport, { settings })).toBe('sent');
    expect(mine('Paused one')).toHaveLength(118);
    expect(sink.duplicates()).toEqual([]);
    expect(await progress(id)).toMatchObject({ delivery_status: 'sent', total_sent: 118 });
  });

  it('terminate ends it: nothing more is sent', async () => {
    await setBatch(30);
    const id = await approved('Terminated one');
    const outcome = await runNewsletterSend(t.db, id, transport, {
      settings,
      onBatch: async () => {
        await q(`UPDATE newsletters SET delivery_status = 'terminated' WHERE id = $1`, [id]);
      },
    });
    expect(outcome).toBe('terminated');
    expect(mine('Terminated one')).toHaveLength(30);
    expect(await runNewsletterSend(t.db, id, transport, { settings })).toBe('terminated');
    expect(mine('Terminated one')).toHaveLength(30);
  });

  it('a crash mid-batch and a restart resume without sending anyone the same newsletter twice; only the group being handed over is in doubt', async () => {
    await setBatch(50);
    const id = await approved('Crashed one');
    let delivered = 0;
    // Batch 2 is claimed (51-100); its second hand-off group (61-70) is marked and handed to SMTP, and the
    // process dies when the last of them is delivered, before their answers are recorded.
    await expect(
      runNewsletterSend(t.db, id, transport, {
        settings,
        handOffGroup: 10,
        onDelivered: () => {
          if (++delivered === 70) throw new Error('process killed');
        },
      }),
    ).rejects.toThrow('process killed');
    expect(mine('Crashed one')).toHaveLength(70);
    expect(
      await q(
        `SELECT status, count(*)::int AS n FROM newsletter_deliveries WHERE newsletter_id = $1 GROUP BY status ORDER BY status`,
        [id],
      ),
    ).toEqual([
      { status: 'claimed', n: 30 },
      { status: 'sending', n: 10 },
      { status: 'sent', n: 60 },
    ]);

    expect(await runNewsletterSend(t.db, id, transport, { settings, handOffGroup: 10 })).toBe('sent');
    // Nobody twice; the 30 claimed but never handed over were sent after the restart; the 10 whose
    // SMTP answer was lost are in doubt (here the server did get them) and were not sent again.
    expect(sink.duplicates()).toEqual([]);
    expect(mine('Crashed one')).toHaveLength(118);
    expect(await progress(id)).toEqual({
      delivery_status: 'sent',
      total_sent: 108,
      total_failed: 0,
      total_recipients: 118,
    });
    expect(await q(`SELECT total_in_doubt FROM newsletters WHERE id = $1`, [id])).toEqual([{ total_in_doubt: 10 }]);
    expect(
      await q(
        `SELECT status, count(*)::int AS n FROM newsletter_deliveries WHERE newsletter_id = $1 GROUP BY status ORDER BY status`,
        [id],
      ),
    ).toEqual([
      { status: 'in-doubt', n: 10 },
      { status: 'sent', n: 108 },
    ]);
  });

  it('a crash after claiming a batch but before any hand-off loses nothing and is in doubt for nobody', async () => {
    await setBatch(50);
    const id = await approved('Claimed only');
    // The state a kill between the claim's commit and the first hand-off leaves: 50 claimed, the cursor past them.
    await q(
      `INSERT INTO newsletter_deliveries (newsletter_id, subscriber_id, status)
             SELECT $1, id, 'claimed' FROM newsletter_subscribers WHERE list = 'subscribers' AND subscribed ORDER BY id LIMIT 50`,
      [id],
    );
    await q(
      `UPDATE newsletters SET cursor_subscriber_id = (SELECT max(subscriber_id) FROM newsletter_deliveries WHERE newsletter_id = $1) WHERE id = $1`,
      [id],
    );
    expect(await runNewsletterSend(t.db, id, transport, { settings })).toBe('sent');
    expect(mine('Claimed only')).toHaveLength(118);
    expect(sink.duplicates()).toEqual([]);
    expect(await progress(id)).toEqual({
      delivery_status: 'sent',
      total_sent: 118,
      total_failed: 0,
      total_recipients: 118,
    });
    expect(await q(`SELECT total_in_doubt FROM newsletters WHERE id = $1`, [id])).toEqual([{ total_in_doubt: 0 }]);
  });

  it('a stopping worker finishes the group in hand and records it: nothing in doubt, the rest is sent by the next run', async () => {
    await setBatch(50);
    const id = await approved('Stopped one');
    const stopping = new AbortController();
    let delivered = 0;
    const outcome = await runNewsletterSend(t.db, id, transport, {
      settings,
      handOffGroup: 10,
      signal: stopping.signal,
      onDelivered: () => {
        if (++delivered === 5) stopping.abort();
      },
    });
    expect(outcome).toBe('stopped');
    expect(
      await q(
        `SELECT status, count(*)::int AS n FROM newsletter_deliveries WHERE newsletter_id = $1 GROUP BY status ORDER BY status`,
        [id],
      ),
    ).toEqual([
      { status: 'claimed', n: 40 },
      { status: 'sent', n: 10 },
    ]);
    expect(await runNewsletterSend(t.db, id, transport, { settings })).toBe('sent');
    expect(mine('Stopped one')).toHaveLength(118);
    expect(sink.duplicates()).toEqual([]);
    expect(await q(`SELECT total_sent, total_in_doubt FROM newsletters WHERE id = $1`, [id])).toEqual([
      { total_sent: 118, total_in_doubt: 0 },
    ]);
  });

  it('runs one sender per newsletter at a time', async () => {
    await setBatch(20);
    const id = await approved('Only once');
    const outcomes = await Promise.all([
      runNewsletterSend(t.db, id, transport, { settings }),
      runNewsletterSend(t.db, id, transport, { settings }),
    ]);
    expect(outcomes.sort()).toEqual(['busy', 'sent'].sort());
    expect(mine('Only once')).toHaveLength(118);
    expect(sink.duplicates()).toEqual([]);
  });

  it('waits for approval and for the scheduled date', async () => {
    const [row] = await q(
      `INSERT INTO newsletters (subject, content, creator_email, delivery_status, is_published) VALUES ('Not yet', 'x', 'c@x.test', 'pending', false) RETURNING id`,
    );
    expect(await runNewsletterSend(t.db, row.id, transport, { settings })).toBe('not-approved');
    const [later] = await q(
      `INSERT INTO newsletters (subject, content, creator_email, delivery_status, is_published, delivery_date) VALUES ('Later', 'x', 'c@x.test', 'pending', true, now() + interval '1 day') RETURNING id`,
    );
    expect(await runNewsletterSend(t.db, later.id, transport, { settings })).toBe('scheduled');
    expect(mine('Later')).toHaveLength(0);
  });

  it('mails every subscriber a text/plain part with the text as typed and an HTML part kept clean', async () => {
    await setBatch(200);
    const [row] = await q(
      `INSERT INTO newsletters (subject, content, creator_email, delivery_status, is_published) VALUES ('Typed text', $1, 'c@vaultdesk.test', 'pending', true) RETURNING id`,
      ['<p>Rates &amp; fees: &lt;b&gt;up&lt;/b&gt; 5&#37;</p><ul><li>one</li><li>two</li></ul>'],
    );
    expect(await runNewsletterSend(t.db, row.id, transport, { settings })).toBe('sent');
    const mails = mine('Typed text');
    expect(mails).toHaveLength(118);
    const [text, html] = mimeParts(mails[0]!.raw).map((p) => p.text);
    expect(text!.trimEnd()).toMatch(
      /^Rates & fees: <b>up<\/b> 5%\none\ntwo\n\n--\nUnsubscribe: http:\/\/localhost:8080\/v1\/newsletters\/unsubscribe\?token=\d+\.[\w-]{32}$/,
    );
    expect(html).toContain('<p>Rates &amp; fees: &lt;b&gt;up&lt;/b&gt; 5&#37;</p><ul><li>one</li><li>two</li></ul>');
  });

  it('decodes character references in one pass, as a browser shows them', () => {
    expect(
      decodeHtmlEntities(
        '&lt;script&gt; &amp;lt; &quot;&#39;&apos; &#x1F600; &#8364; &EURO; &unknown; &#0; &#xD800; &#99999999; & alone',
      ),
    ).toBe("<script> &lt; \"'' \u{1F600} \u20ac \u20ac &unknown; \ufffd \ufffd \ufffd & alone");
  });

  it('keeps only safe formatting in the content', () => {
    expect(
      sanitizeNewsletterHtml(
        '<p onclick="x()">Hi <a href="javascript:alert(1)">x</a><a href="https://v.test">y</a><script>bad()</script><iframe src="x"></iframe></p>',
      ),
    ).toBe('<p>Hi <a rel="noopener noreferrer">x</a><a href="https://v.test" rel="noopener noreferrer">y</a></p>');
  });
});
