import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, insertStaff, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let support: string;
let compliance: string;
let userId: string;
let kycId: string;
let otherUserId: string;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const notesOf = async (user: string) =>
  q<{ body: string; kyc_record_id: string | null; author_email: string; corrects_id: string | null }>(
    `SELECT body, kyc_record_id, author_email::text AS author_email, corrects_id FROM case_notes WHERE user_id = $1 ORDER BY created_at`,
    [user],
  );

beforeAll(async () => {
  t = await createTestApp();
  support = await sessionFor(t.db, demo('support').email);
  compliance = await sessionFor(t.db, demo('compliance').email);
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ('Noted Nneka', 'notednneka', 'nneka@example.test', 'NOTE1') RETURNING id`,
  );
  userId = u!.id;
  const [k] = await q<{ id: string }>(
    `INSERT INTO kyc_records (user_id, first_name, last_name, level_two_status) VALUES ($1, 'Noted', 'Nneka', 'submitted') RETURNING id`,
    [userId],
  );
  kycId = k!.id;
  const [o] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ('Other Obi', 'otherobi', 'obi@example.test', 'NOTE2') RETURNING id`,
  );
  otherUserId = o!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('notes on a customer and their KYC case', () => {
  it('adds a note on the profile and one on the KYC case; both screens list both, newest first, with author and time; each addition is audited', async () => {
    const first = await post('/v1/admin/user-notes', { userId, note: '  Called about a late deposit.  ' }, support);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Note added');
    expect(first.json().data).toMatchObject({
      userId,
      on: 'customer',
      kycRecordId: null,
      correctsId: null,
      note: 'Called about a late deposit.',
      authorEmail: demo('support').email,
    });
    const second = await post(
      '/v1/admin/kyc/kyc-notes',
      { kycId, note: 'Selfie looks edited around the chin.' },
      compliance,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({
      userId,
      on: 'kyc',
      kycRecordId: kycId,
      authorEmail: demo('compliance').email,
    });

    expect(await notesOf(userId)).toEqual([
      {
        body: 'Called about a late deposit.',
        kyc_record_id: null,
        author_email: demo('support').email,
        corrects_id: null,
      },
      {
        body: 'Selfie looks edited around the chin.',
        kyc_record_id: kycId,
        author_email: demo('compliance').email,
        corrects_id: null,
      },
    ]);
    for (const url of [`/v1/admin/user-notes?userId=${userId}`, `/v1/admin/kyc/kyc-notes?kycId=${kycId}`]) {
      const res = await get(url, support);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ currentPage: 1, totalRecords: 2, totalPage: 1, pageSize: 10 });
      expect(data.records.map((n: { note: string; on: string }) => [n.on, n.note])).toEqual([
        ['kyc', 'Selfie looks edited around the chin.'],
        ['customer', 'Called about a late deposit.'],
      ]);
      expect(data.records[0].authorName).toBeTruthy();
      expect(Date.parse(data.records[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(data.records[1].createdAt));
    }
    const audit = await q<{
      action: string;
      target_type: string;
      target_id: string;
      actor_email: string;
      after: { note: string; on: string };
    }>(
      `SELECT action, target_type, target_id, actor_email::text AS actor_email, after FROM audit_log WHERE action = 'note.add' ORDER BY id`,
    );
    expect(audit.map((a) => [a.target_type, a.target_id, a.actor_email, a.after.on, a.after.note])).toEqual([
      ['case_note', first.json().data._id, demo('support').email, 'customer', 'Called about a late deposit.'],
      ['case_note', second.json().data._id, demo('compliance').email, 'kyc', 'Selfie looks edited around the chin.'],
    ]);
  });

  it('pages a long list with the paging shape, newest first across pages', async () => {
    const [u] = await q<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ('Paged Pat', 'pagedpat', 'pat@example.test', 'NOTE3') RETURNING id`,
    );
    for (let i = 1; i <= 12; i += 1)
      expect((await post('/v1/admin/user-notes', { userId: u!.id, note: `note ${i}` }, support)).statusCode).toBe(200);
    const one = (await get(`/v1/admin/user-notes?userId=${u!.id}&pageSize=5`, support)).json().data;
    expect(one).toMatchObject({ currentPage: 1, totalRecords: 12, totalPage: 3, pageSize: 5 });
    expect(one.records.map((n: { note: string }) => n.note)).toEqual([
      'note 12',
      'note 11',
      'note 10',
      'note 9',
      'note 8',
    ]);
    const three = (await get(`/v1/admin/user-notes?userId=${u!.id}&pageSize=5&page=3`, support)).json().data;
    expect(three.records.map((n: { note: string }) => n.note)).toEqual(['note 2', 'note 1']);
    expect((await get(`/v1/admin/user-notes?userId=${u!.id}&pageSize=51`, support)).statusCode).toBe(400);
    expect((await get(`/v1/admin/user-notes?userId=${u!.id}&page=0`, support)).statusCode).toBe(400);
  });

  it('a correction is a new note naming the one it corrects, about the same customer only', async () => {
    const [original] = await q<{ id: string }>(
      `SELECT id FROM case_notes WHERE user_id = $1 AND kyc_record_id IS NULL`,
      [userId],
    );
    const fix = await post(
      '/v1/admin/kyc/kyc-notes',
      { kycId, note: 'Correction: the deposit was on time.', correctsId: original!.id },
      support,
    );
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json().data.correctsId).toBe(original!.id);
    const before = await q(`SELECT count(*)::int AS n FROM case_notes`);
    const elsewhere = await post(
      '/v1/admin/user-notes',
      { userId: otherUserId, note: 'Wrong customer', correctsId: original!.id },
      support,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toHaveProperty('correctsId');
    expect(await q(`SELECT count(*)::int AS n FROM case_notes`)).toEqual(before);
    // The database refuses it too, whoever writes.
    await expect(
      q(
        `INSERT INTO case_notes (user_id, corrects_id, body, author_id, author_email, author_name)
      SELECT $1, $2, 'x', id, email, full_name FROM staff LIMIT 1`,
        [otherUserId, original!.id],
      ),
    ).rejects.toThrow(/case_notes_corrects_same_user/);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused and the notes stay as written', async () => {
    const before = await notesOf(userId);
    await expect(q(`UPDATE case_notes SET body = 'rewritten' WHERE user_id = $1`, [userId])).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(q(`DELETE FROM case_notes WHERE user_id = $1`, [userId])).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(q(`TRUNCATE case_notes`)).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await notesOf(userId)).toEqual(before);
    // No route edits or deletes a note.
    const paths = t.app.routeTable
      .filter((r) => r.url.includes('notes'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(paths).toEqual([
      'GET /v1/admin/finder/notes',
      'GET /v1/admin/kyc/kyc-notes',
      'GET /v1/admin/user-notes',
      'POST /v1/admin/kyc/kyc-notes',
      'POST /v1/admin/user-notes',
    ]);
  });

  it('bounds the text: blank, missing and over 1,000 characters are 400 naming note, and nothing is written', async () => {
    const before = await q(`SELECT count(*)::int AS n FROM case_notes`);
    const cases: [object, RegExp][] = [
      [{ userId, note: '   ' }, /^Please write a note$/],
      [{ userId }, /^Please write a note$/],
      [{ userId, note: 'x'.repeat(1001) }, /^Note is too long: at most 1000 characters$/],
      [{ userId, note: 42 }, /^Note must be text$/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/v1/admin/user-notes', payload, support);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().fields.note[0]).toMatch(message);
    }
    expect((await post('/v1/admin/user-notes', { userId, note: 'x'.repeat(1000) }, support)).statusCode).toBe(200);
    expect((await post('/v1/admin/user-notes', { userId: 'nope', note: 'x' }, support)).json().fields).toHaveProperty(
      'userId',
    );
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM case_notes`))[0]!.n).toBe(
      (before[0] as { n: number }).n + 1,
    );
    // The database keeps the same limit for any other writer.
    await expect(
      q(
        `INSERT INTO case_notes (user_id, body, author_id, author_email, author_name)
      SELECT $1, repeat('y', 1001), id, email, full_name FROM staff LIMIT 1`,
        [userId],
      ),
    ).rejects.toThrow(/case_notes_body_length/);
  });

  it('answers 404 for an unknown customer or KYC case, on reads and writes', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/v1/admin/user-notes?userId=${unknown}`, support)).statusCode).toBe(404);
    expect((await get(`/v1/admin/kyc/kyc-notes?kycId=${unknown}`, support)).statusCode).toBe(404);
    expect((await post('/v1/admin/user-notes', { userId: unknown, note: 'x' }, support)).statusCode).toBe(404);
    expect((await post('/v1/admin/kyc/kyc-notes', { kycId: unknown, note: 'x' }, support)).statusCode).toBe(404);
    // A customer without notes has an empty list, not a 404.
    expect((await get(`/v1/admin/user-notes?userId=${otherUserId}`, support)).json().data).toMatchObject({
      records: [],
      totalRecords: 0,
      totalPage: 0,
    });
  });
});

describe('permissions', () => {
  it('refuses a role without notes.write (403, nothing written) and one that cannot read the screen; reads follow the screen', async () => {
    await q(`INSERT INTO roles (slug, title, description, permissions) VALUES
      ('notes-readers', 'Notes readers', 'x', ARRAY['self.account', 'users.read', 'kyc.read']),
      ('kyc-only-writers', 'KYC only writers', 'x', ARRAY['self.account', 'kyc.read', 'notes.write'])`);
    await insertStaff(t.db, 'reader@vaultdesk.test', 'Rita Reader', 'Notes readers');
    await insertStaff(t.db, 'kyconly@vaultdesk.test', 'Kayode Kyc', 'KYC only writers');
    const reader = await sessionFor(t.db, 'reader@vaultdesk.test');
    const kycOnly = await sessionFor(t.db, 'kyconly@vaultdesk.test');
    const before = await q(`SELECT count(*)::int AS n FROM case_notes`);
    for (const [url, payload] of [
      ['/v1/admin/user-notes', { userId, note: 'not allowed' }],
      ['/v1/admin/kyc/kyc-notes', { kycId, note: 'not allowed' }],
    ] as const) {
      const res = await post(url, payload, reader);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
    }
    // notes.write without users.read: not on the profile (it cannot see it), yes on the case.
    expect((await post('/v1/admin/user-notes', { userId, note: 'not allowed' }, kycOnly)).statusCode).toBe(403);
    expect(await q(`SELECT count(*)::int AS n FROM case_notes`)).toEqual(before);
    expect((await post('/v1/admin/kyc/kyc-notes', { kycId, note: 'From a KYC-only role' }, kycOnly)).statusCode).toBe(
      200,
    );
    // The reader reads both screens; the KYC-only role reads the case's notes only, not the customer's.
    expect((await get(`/v1/admin/user-notes?userId=${userId}`, reader)).statusCode).toBe(200);
    expect((await get(`/v1/admin/user-notes?userId=${userId}`, kycOnly)).statusCode).toBe(403);
    const kycView = (await get(`/v1/admin/kyc/kyc-notes?kycId=${kycId}`, kycOnly)).json().data;
    expect(kycView.records.length).toBeGreaterThan(0);
    expect(kycView.records.every((n: { on: string }) => n.on === 'kyc')).toBe(true);
    expect(kycView.records[0].note).toBe('From a KYC-only role');
  });
});

describe('Activity Search finds the notes', () => {
  it("lists the customer's notes and the staff action of each addition by e-mail, and finds notes by any part of their text", async () => {
    const data = (await get('/v1/admin/finder?email=nneka@example.test', support)).json().data;
    expect(data.notes.length).toBe((await notesOf(userId)).length);
    expect(data.notes[0].note).toBe('From a KYC-only role');
    expect(data.notes.map((n: { note: string }) => n.note)).toContain('Selfie looks edited around the chin.');
    expect(data.staffActions.filter((a: { action: string }) => a.action === 'note.add').length).toBe(data.notes.length);
    expect((await get('/v1/admin/finder?email=obi@example.test', support)).json().data.notes).toEqual([]);

    const found = await get(`/v1/admin/finder/notes?search=${encodeURIComponent('EDITED around')}`, support);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([
      expect.objectContaining({
        note: 'Selfie looks edited around the chin.',
        on: 'kyc',
        user: { _id: userId, fullName: 'Noted Nneka', username: 'notednneka', email: 'nneka@example.test' },
      }),
    ]);
    // LIKE's wildcards are text like any other.
    expect((await get(`/v1/admin/finder/notes?search=${encodeURIComponent('%_%')}`, support)).json()).toEqual({
      message: 'No note holds this text',
      data: [],
    });
    const short = await get('/v1/admin/finder/notes?search=ab', support);
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.search[0]).toMatch(/too short: at least 3 characters/);
  });

  it('a text many notes hold: the newest 50, newest first', async () => {
    await q(
      `INSERT INTO case_notes (user_id, body, author_id, author_email, author_name, created_at)
      SELECT $1, 'Routine follow-up ' || g, s.id, s.email, s.full_name, now() - (g || ' minutes')::interval
        FROM generate_series(1, 60) g CROSS JOIN (SELECT id, email, full_name FROM staff ORDER BY email LIMIT 1) s`,
      [otherUserId],
    );
    const found = (await get('/v1/admin/finder/notes?search=routine%20FOLLOW', support)).json().data as {
      note: string;
    }[];
    expect(found.map((n) => n.note)).toEqual(Array.from({ length: 50 }, (_, i) => `Routine follow-up ${i + 1}`));
  });

  it("the text search uses the trigram index, and one customer's notes their own index", async () => {
    // One connection: the setting must hold for the EXPLAIN (a small table is otherwise read whole).
    const client = await t.db.$client.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = async (text: string, params: unknown[]) =>
        (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).rows
          .map((x) => x['QUERY PLAN'])
          .join('\n');
      expect(await plan(`SELECT id FROM case_notes WHERE body ILIKE $1`, ['%edited%'])).toMatch(
        /case_notes_body_trgm_idx/,
      );
      expect(
        await plan(`SELECT id FROM case_notes WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`, [userId]),
      ).toMatch(/case_notes_user_idx/);
      expect(await plan(`SELECT * FROM case_notes ORDER BY created_at DESC, id DESC LIMIT 20000`, [])).toMatch(
        /case_notes_created_idx/,
      );
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });
});
