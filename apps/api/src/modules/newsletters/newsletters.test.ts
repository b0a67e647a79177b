import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '@vaultdesk/worker';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';
import { mimeParts } from '../../../../../test/mime';
import { startSmtpSink } from '../../../../../test/smtp-sink';
import { DEMO_NEWSLETTER_ACCESS_CODE as CODE, DEMO_NEWSLETTER_SENDER_PIN as PIN } from './newsletters.service';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let support: string;
let compliance: string;
let superAdmin: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  support = await sessionFor(t.db, demo('support').email);
  compliance = await sessionFor(t.db, demo('compliance').email);
  superAdmin = await sessionFor(t.db, demo('superadmin').email);
  await t.db.$client.query(
    `INSERT INTO newsletter_subscribers (list, email) SELECT 'subscribers', 'reader' || g || '@example.test' FROM generate_series(1, 25) g`,
  );
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload, remoteAddress: '10.33.0.1' });
const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
const draft = {
  subject: 'November news',
  bannerUrl: 'https://cdn.example.test/banner.png',
  previewMessage: 'Rates are up',
  maillist: 'subscribers',
  content: '<p>Hello <b>savers</b><script>alert(1)</script></p>',
  deliveryType: 'instant',
};
const newDraft = async (token = support, body: object = draft) => {
  const res = await call('POST', '/v1/newsletters/draft', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; deliveryStatus: string };
};
const status = async (id: string) =>
  (await q(`SELECT delivery_status, is_published FROM newsletters WHERE id = $1`, [id]))[0];

describe('drafts', () => {
  it('saves a draft as saved, edits it while saved, lists it (size 10) and audits', async () => {
    const n = await newDraft();
    expect(n).toMatchObject({
      deliveryStatus: 'saved',
      subject: 'November news',
      maillist: 'subscribers',
      creatorEmail: demo('support').email,
      isPublished: false,
      instantProcessing: true,
      totalSent: 0,
    });
    const edit = await call('POST', '/v1/newsletters/draft', support, {
      ...draft,
      id: n.id,
      subject: 'November news (v2)',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      message: 'NewsLetter Saved Successfully',
      data: { id: n.id, subject: 'November news (v2)' },
    });
    const list = (await call('GET', '/v1/newsletters', support)).json().data;
    expect(list.pageSize).toBe(10);
    expect(list.records[0]).toMatchObject({ id: n.id, deliveryStatus: 'saved' });
    expect(await q(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [n.id])).toEqual([
      { action: 'newsletter.create' },
      { action: 'newsletter.update' },
    ]);
  });

  it('stores the content as the sender mails it: formatting and safe links only, no script, handler or javascript: link', async () => {
    const content =
      '<p onclick="x()">Hi <b>all</b><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">a</a> <a href="https://vaultdesk.test/r">r</a></p><script>alert(1)</script><iframe srcdoc="<script>alert(1)</script>"></iframe>';
    const n = await newDraft(support, { ...draft, content });
    const [row] = await q(`SELECT content FROM newsletters WHERE id = $1`, [n.id]);
    expect(row!.content).toBe(
      '<p>Hi <b>all</b><img><a rel="noopener noreferrer">a</a> <a href="https://vaultdesk.test/r" rel="noopener noreferrer">r</a></p>',
    );
    expect((await call('GET', `/v1/newsletters/${n.id}`, support)).json().data.content).toBe(row!.content);
    // Nothing left to send is a 400 naming content, and nothing is stored.
    const [{ n: before }] = await q(`SELECT count(*)::int AS n FROM newsletters`);
    const empty = await call('POST', '/v1/newsletters/draft', support, {
      ...draft,
      content: '<script>alert(1)</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Content is required',
      fields: { content: ['The content holds nothing that can be sent'] },
    });
    expect((await q(`SELECT count(*)::int AS n FROM newsletters`))[0]!.n).toBe(before);
  });

  it('answers 400 naming the field, and stores nothing', async () => {
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM newsletters`);
    const cases: [object, string][] = [
      [{ ...draft, subject: '' }, 'subject'],
      [{ ...draft, maillist: 'everyone' }, 'maillist'],
      [{ ...draft, content: '' }, 'content'],
      [{ ...draft, deliveryType: 'scheduled' }, 'deliveryDate'],
      [{ ...draft, deliveryType: 'scheduled', deliveryDate: '2020-01-01T00:00:00Z' }, 'deliveryDate'],
      [{ ...draft, bannerUrl: 'javascript:alert(1)' }, 'bannerUrl'],
      // The subject is every mail's Subject header: no line break or other control character.
      [{ ...draft, subject: 'Hello\r\nBcc: everyone@example.com' }, 'subject'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/v1/newsletters/draft', support, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload)).toContain(field);
    }
    expect((await q(`SELECT count(*)::int AS n FROM newsletters`))[0].n).toBe(n);
  });
});

describe('the life of a newsletter', () => {
  it('test send goes to the test mail list through SMTP; needs the access code', async () => {
    const n = await newDraft();
    const wrong = await call('POST', `/v1/newsletters/${n.id}/test`, support, { access_code: 'guess' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Wrong access code');
    const before = sink.count();
    const res = await call('POST', `/v1/newsletters/${n.id}/test`, support, { access_code: CODE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Test NewsLetter sent');
    expect(res.json().data.recipients.sort()).toEqual([
      'marketing-test@vaultdesk.test',
      'newsletter-test@vaultdesk.test',
    ]);
    expect(sink.count() - before).toBe(2);
    const mail = sink.messages.at(-1)!;
    expect(mail.raw).toContain('Subject: [TEST] November news');
    expect(mail.raw).toContain('savers');
    expect(mail.raw).not.toContain('<script>');
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:8080\/v1\/newsletters\/unsubscribe\?token=/);
    expect((await status(n.id)).delivery_status).toBe('saved');
  });

  it('the text/plain part shows what the author typed (<script> as text, & as &, references decoded); the HTML part stays clean', async () => {
    // What the editor stores when the author types: Use <script> tags & more: "Tom & Jerry" costs €5 — café ok / x &lt; y
    const content =
      '<p>Use &lt;script&gt; tags &amp; more: &quot;Tom &amp; Jerry&quot; costs &euro;5 &#8212; caf&#xE9;&nbsp;ok</p><p>x &amp;lt; y</p><script>alert(1)</script>';
    const n = await newDraft(support, {
      ...draft,
      subject: 'Plain part',
      previewMessage: 'Fish & chips <today>',
      content,
    });
    const [stored] = await q(`SELECT content FROM newsletters WHERE id = $1`, [n.id]);
    const before = sink.count();
    const res = await call('POST', `/v1/newsletters/${n.id}/test`, support, { access_code: CODE });
    expect(res.statusCode, res.body).toBe(200);
    expect(sink.count() - before).toBe(2);
    const parts = mimeParts(sink.messages.at(-1)!.raw);
    expect(parts.map((p) => p.type)).toEqual(['text/plain', 'text/html']);
    const [text, html] = [parts[0]!.text, parts[1]!.text];
    expect(text).toContain(
      'Fish & chips <today>\n\nUse <script> tags & more: "Tom & Jerry" costs \u20ac5 \u2014 caf\u00e9 ok\nx &lt; y',
    );
    // The one reference left is the one the author typed as text (x &lt; y).
    expect(text.replace('x &lt; y', '')).not.toMatch(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i);
    expect(text).not.toContain('alert(1)');
    expect(text).toMatch(/Unsubscribe: http:\/\/localhost:8080\/v1\/newsletters\/unsubscribe\?token=/);
    // The HTML part: the typed text stays escaped, the real script is gone, the preview is escaped.
    expect(html).toContain('<p>Use &lt;script&gt; tags &amp; more: &quot;Tom &amp; Jerry&quot;');
    expect(html).toContain('Fish &amp; chips &lt;today&gt;');
    expect(html).not.toMatch(/<script/i);
    // A test send changes nothing stored.
    expect((await q(`SELECT content, delivery_status FROM newsletters WHERE id = $1`, [n.id]))[0]).toEqual({
      content: stored!.content,
      delivery_status: 'saved',
    });
  });

  it('submit -> approve by a second staff member -> pause -> resume -> terminate -> delete', async () => {
    const n = await newDraft();
    // Pause before approval: refused.
    expect(
      (await call('PATCH', `/v1/newsletters/${n.id}/status`, support, { access_code: CODE, status: 'paused' }))
        .statusCode,
    ).toBe(409);

    const submit = await call('POST', '/v1/newsletters', support, { id: n.id, access_code: CODE });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json()).toMatchObject({
      message: 'NewsLetter sent',
      data: { deliveryStatus: 'pending', isPublished: false },
    });
    expect((await call('POST', '/v1/newsletters', support, { id: n.id, access_code: CODE })).statusCode).toBe(409);

    // The creator cannot approve (Support does not even hold the permission); nor a Compliance creator its own.
    expect((await call('POST', `/v1/newsletters/${n.id}/send`, support, { sender_pin: PIN })).statusCode).toBe(403);
    const wrongPin = await call('POST', `/v1/newsletters/${n.id}/send`, compliance, { sender_pin: '000000' });
    expect(wrongPin.statusCode).toBe(403);
    expect(wrongPin.json().message).toBe('Wrong sender pin');

    const jobsBefore = t.jobs.sent.length;
    const [a, b] = await Promise.all([
      call('POST', `/v1/newsletters/${n.id}/send`, compliance, { sender_pin: PIN }),
      call('POST', `/v1/newsletters/${n.id}/send`, superAdmin, { sender_pin: PIN }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = [a, b].find((r) => r.statusCode === 200)!;
    expect(ok.json()).toMatchObject({
      message: 'NewsLetters Sending Started',
      data: { deliveryStatus: 'pending', isPublished: true },
    });
    expect(t.jobs.sent.slice(jobsBefore)).toContain('newsletter-send');
    expect(
      await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'newsletter.approve' AND target_id = $1`, [
        n.id,
      ]),
    ).toEqual([{ n: 1 }]);

    const pause = await call('PATCH', `/v1/newsletters/${n.id}/status`, support, {
      access_code: CODE,
      status: 'paused',
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json().message).toBe('Sending NewsLetters Paused');
    expect((await status(n.id)).delivery_status).toBe('paused');
    const resume = await call('PATCH', `/v1/newsletters/${n.id}/status`, support, {
      access_code: CODE,
      status: 'pending',
    });
    expect(resume.json().message).toBe('Sending NewsLetters Resumed');
    expect((await status(n.id)).delivery_status).toBe('pending');

    // Delete is not offered while pending.
    expect((await call('DELETE', `/v1/newsletters/${n.id}?access_code=${CODE}`, support)).statusCode).toBe(409);
    const term = await call('POST', `/v1/newsletters/terminate/${n.id}`, support, { access_code: CODE });
    expect(term.statusCode, term.body).toBe(200);
    expect((await status(n.id)).delivery_status).toBe('terminated');
    expect(
      (await call('PATCH', `/v1/newsletters/${n.id}/status`, support, { access_code: CODE, status: 'pending' }))
        .statusCode,
    ).toBe(409);
    const del = await call('DELETE', `/v1/newsletters/${n.id}?access_code=${CODE}`, support);
    expect(del.statusCode, del.body).toBe(200);
    expect((await status(n.id)).delivery_status).toBe('deleted');
    expect((await call('GET', `/v1/newsletters/${n.id}`, support)).statusCode).toBe(404);
    const actions = (await q(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [n.id])).map(
      (r) => r.action,
    );
    expect(actions).toEqual([
      'newsletter.create',
      'newsletter.submit',
      'newsletter.approve',
      'newsletter.pause',
      'newsletter.resume',
      'newsletter.terminate',
      'newsletter.delete',
    ]);
  });

  it('refuses a creator approving their own newsletter even with the permission', async () => {
    const n = await newDraft(compliance);
    await call('POST', '/v1/newsletters', compliance, { id: n.id, access_code: CODE });
    const own = await call('POST', `/v1/newsletters/${n.id}/send`, compliance, { sender_pin: PIN });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'You cannot approve a newsletter you created: another member of staff must approve it',
    );
    expect((await status(n.id)).is_published).toBe(false);
  });

  it('answers 400 naming access_code when it is missing, and changes nothing', async () => {
    const n = await newDraft();
    const res = await call('POST', '/v1/newsletters', support, { id: n.id });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain('access_code');
    expect((await status(n.id)).delivery_status).toBe('saved');
    const noStatus = await call('PATCH', `/v1/newsletters/${n.id}/status`, support, {
      access_code: CODE,
      status: 'sent',
    });
    expect(noStatus.statusCode).toBe(400);
    expect(Object.keys(noStatus.json().fields)).toContain('status');
  });
});

describe('subscribers and config', () => {
  it('counts subscribers; the signed unsubscribe link updates the counts; a forged one is refused', async () => {
    const before = (await call('GET', '/v1/subscribers', support)).json().data;
    expect(before).toEqual({ totalSubscribers: 25, totalUnSubscribers: 0 });
    const [{ id }] = await q(`SELECT id::text FROM newsletter_subscribers WHERE email = 'reader3@example.test'`);
    const res = await call(
      'GET',
      `/v1/newsletters/unsubscribe?token=${unsubscribeToken(t.config.secretsKey, id)}`,
      null,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect((await call('GET', '/v1/subscribers', support)).json().data).toEqual({
      totalSubscribers: 24,
      totalUnSubscribers: 1,
    });
    const forged = await call('GET', `/v1/newsletters/unsubscribe?token=${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, null);
    expect(forged.statusCode).toBe(400);
    const lists = (await call('GET', '/v1/newsletters/maillist', support)).json().data.maillist;
    expect(lists).toEqual([
      { name: 'subscribers', label: 'All subscribers', count: 24 },
      { name: 'test', label: 'Test mail list', count: 2 },
    ]);
  });

  it('the system config: read by staff, changed by Super Admin only, code and pin stored hashed, audited without them', async () => {
    const cfg = (await call('GET', '/v1/newsletters/config', support)).json().data;
    expect(cfg).toMatchObject({
      senderName: 'Vault Token',
      maxMailsPerBatch: 500,
      waitMinutesPerBatch: 0,
      accessCodeSet: true,
      senderPinSet: true,
    });
    const body = {
      senderName: 'Vault News',
      senderEmail: 'News@Vault.test',
      maxMailsPerBatch: 200,
      waitMinutesPerBatch: 0.5,
      accessCode: 'new-access-code-1',
    };
    expect((await call('PUT', '/v1/newsletters/config', compliance, body)).statusCode).toBe(403);
    const res = await call('PUT', '/v1/newsletters/config', superAdmin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      senderName: 'Vault News',
      senderEmail: 'news@vault.test',
      maxMailsPerBatch: 200,
      waitMinutesPerBatch: 0.5,
    });
    const [row] = await q(`SELECT access_code_hash FROM newsletter_config`);
    expect(row.access_code_hash).toMatch(/^\$argon2id\$/);
    const [audit] = await q(`SELECT after::text AS a FROM audit_log WHERE action = 'newsletter.config'`);
    expect(audit.a).not.toContain('new-access-code-1');
    const n = await newDraft();
    expect((await call('POST', '/v1/newsletters', support, { id: n.id, access_code: CODE })).statusCode).toBe(403);
    expect(
      (await call('POST', '/v1/newsletters', support, { id: n.id, access_code: 'new-access-code-1' })).statusCode,
    ).toBe(200);
    const bad = await call('PUT', '/v1/newsletters/config', superAdmin, { ...body, maxMailsPerBatch: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('maxMailsPerBatch');
    // The sender name goes into every mail's From header.
    const header = await call('PUT', '/v1/newsletters/config', superAdmin, {
      ...body,
      senderName: 'Vault\r\nBcc: everyone@example.com',
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().fields.senderName).toEqual(['Sender name must be on one line']);
    expect((await q(`SELECT sender_name FROM newsletter_config`))[0].sender_name).toBe('Vault News');
  });
});
