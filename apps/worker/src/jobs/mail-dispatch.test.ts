import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../api/test/helpers';
import { createMailer, dispatchMail } from './mail-dispatch';

let t: TestApp;
let outboxDir: string;
const from = 'Vaultdesk <no-reply@vaultdesk.test>';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Each test delivers only its own mail, into its own folder.
  await t.db.$client.query('DELETE FROM mail_outbox');
  outboxDir = mkdtempSync(path.join(tmpdir(), 'vaultdesk-outbox-'));
  return () => rmSync(outboxDir, { recursive: true, force: true });
});

const emlFiles = () => readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));

/** The message as a reader sees it: quoted-printable soft breaks joined and escapes decoded. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const queue = async (to: string, subject = 'Hello', text = 'Body') => {
  const { rows } = await t.db.$client.query<{ id: string }>(
    `INSERT INTO mail_outbox ("to", subject, text) VALUES ($1, $2, $3) RETURNING id`,
    [to, subject, text],
  );
  return rows[0]!.id;
};
const rowOf = async (id: string) => (await t.db.$client.query('SELECT * FROM mail_outbox WHERE id = $1', [id])).rows[0];

describe('mail dispatch', () => {
  it('delivers the admin setup mail as an .eml file with To, Subject and the link, once', async () => {
    const email = 'mila.mailtest@vaultdesk.test';
    const {
      rows: [role],
    } = await t.db.$client.query(`SELECT id FROM roles WHERE title = 'Support'`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/setup',
      headers: bearer(await sessionFor(t.db, demo('superadmin').email)),
      payload: { fullName: 'Mila Mailtest', email, roleId: role.id },
    });
    expect(res.statusCode).toBe(200);
    const {
      rows: [queued],
    } = await t.db.$client.query(`SELECT id, text FROM mail_outbox WHERE "to" = $1`, [email]);
    const link = /http:\/\/localhost:8080\/confirm-admin\/[A-Za-z0-9_-]+/.exec(queued.text)![0];

    const delivered = await dispatchMail(t.db, createMailer({ from, outboxDir }));
    expect(delivered).toBe(1);
    const files = emlFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(queued.id);
    const eml = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    expect(eml).toMatch(/^Subject: Confirm your Vaultdesk admin account$/m);
    expect(eml).toMatch(/^From: Vaultdesk <no-reply@vaultdesk\.test>$/m);
    expect(decoded(eml)).toContain(link);

    const row = await rowOf(queued.id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(Number(row.attempts)).toBe(1);
    expect(row.last_error).toBeNull();

    // A second run (the scheduled sweep after the nudge) finds nothing to send.
    expect(await dispatchMail(t.db, createMailer({ from, outboxDir }))).toBe(0);
    expect(emlFiles()).toHaveLength(1);
  });

  it('delivers every queued row across batches, oldest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await queue(`batch${i}@example.test`, `Batch ${i}`));
    const order: string[] = [];
    const mailer = createMailer({ from, outboxDir });
    const delivered = await dispatchMail(
      t.db,
      async (row) => {
        order.push(row.id);
        return mailer(row);
      },
      2,
    );
    expect(delivered).toBe(5);
    expect(order).toEqual(ids);
    expect(emlFiles()).toHaveLength(5);
    const { rows } = await t.db.$client.query(`SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status`);
    expect(rows).toEqual([{ status: 'sent', n: 5 }]);
  });

  it('keeps a failed row queued with the error and attempts, and marks it failed after 5 attempts', async () => {
    const id = await queue('flaky@example.test', 'Flaky');
    let calls = 0;
    const broken = async () => {
      calls++;
      throw new Error('SMTP 421 service not available');
    };
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await dispatchMail(t.db, broken)).toBe(0);
      const row = await rowOf(id);
      expect(row.status).toBe('queued');
      expect(Number(row.attempts)).toBe(attempt);
      expect(row.last_error).toContain('SMTP 421 service not available');
      expect(row.sent_at).toBeNull();
    }
    expect(await dispatchMail(t.db, broken)).toBe(0);
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(Number(row.attempts)).toBe(5);
    expect(calls).toBe(5);

    // A failed row is not tried again, not even by a working sender.
    expect(await dispatchMail(t.db, createMailer({ from, outboxDir }))).toBe(0);
    expect(calls).toBe(5);
    expect(emlFiles()).toHaveLength(0);
  });

  it('one failing message does not hold back the others', async () => {
    const bad = await queue('bad@example.test', 'Bad');
    const good = await queue('good@example.test', 'Good');
    const mailer = createMailer({ from, outboxDir });
    const delivered = await dispatchMail(t.db, async (row) => {
      if (row.to === 'bad@example.test') throw new Error('mailbox unavailable');
      return mailer(row);
    });
    expect(delivered).toBe(1);
    expect((await rowOf(bad)).status).toBe('queued');
    expect((await rowOf(good)).status).toBe('sent');
    expect(emlFiles()).toHaveLength(1);
  });

  it('two dispatchers at once send each message only once', async () => {
    for (let i = 0; i < 6; i++) await queue(`race${i}@example.test`, `Race ${i}`);
    const sent: string[] = [];
    const mailer = createMailer({ from, outboxDir });
    const send = async (row: Parameters<typeof mailer>[0]) => {
      sent.push(row.id);
      await new Promise((r) => setTimeout(r, 10));
      return mailer(row);
    };
    const [a, b] = await Promise.all([dispatchMail(t.db, send, 3), dispatchMail(t.db, send, 3)]);
    expect(a + b).toBe(6);
    expect(new Set(sent).size).toBe(6);
    expect(sent).toHaveLength(6);
    expect(emlFiles()).toHaveLength(6);
  });
});
