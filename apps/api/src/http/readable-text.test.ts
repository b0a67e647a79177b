import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { READABLE_TEXT } from '@vaultdesk/contract';
import { migrationsFolder } from '@vaultdesk/db';
import { bearer, useTestApp } from '../../test/helpers';
import { insertServiceClient, productCall, type TestServiceClient } from '../../test/product';
import type { JsonSchema, OpenApiDocument } from '../../test/string-bounds';

/**
 * Text people read (names, titles, subjects, descriptions, bodies, notes, reasons) refuses
 * invisible, format and control characters with a 400 naming the field, and changes nothing
 * (issue 31, finding 8); role titles and user type names are unique as people read them.
 */
const { t, tokens, q } = useTestApp();

/** The product API's routes answer signed calls only: they are sent by a client with every scope. */
let client: TestServiceClient;
beforeAll(async () => {
  client = await insertServiceClient(t.db, t.config.secretsKey, { rateLimitPerMinute: 100_000 });
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = tokens.superadmin) =>
  url.startsWith('/product/')
    ? productCall(t.app, client, method, url, payload, { idempotencyKey: method === 'GET' ? undefined : randomUUID() })
    : t.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
        remoteAddress: '10.31.8.1',
      });

/** What a refused product call still changes: the client's rate-limit counter and its last use. */
const PRODUCT_BOOKKEEPING = new Set(['product_rate_counts', 'service_clients']);

/** count and md5 of every row, per table: "nothing changed" means all equal. */
async function checksums() {
  const tables = await q<{ n: string }>(
    `SELECT table_name AS n FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = 'public' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { n } of tables) {
    if (PRODUCT_BOOKKEEPING.has(n)) continue;
    const [row] = await q<{ c: string; h: string }>(
      `SELECT count(*)::text AS c, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM "${n}" x`,
    );
    out[n] = `${row!.c}:${row!.h}`;
  }
  return out;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const invisible = (label: string, code: string) => `${label} contains an invisible or control character (${code})`;
const roleBody = { description: 'Reads the dashboard', permissions: ['self.account', 'dashboard.read'] };

describe('finding 8: invisible and control characters where people read them', () => {
  it('a greeting titled "\\u202etxt.exe\\u200b" is a 400 naming title; nothing is stored or served to customers', async () => {
    const before = await checksums();
    const greeting = { title: '\u202etxt.exe\u200b', description: 'Open me', timeFrame: '', expiry_time: day(2) };
    const res = await send('POST', '/v1/admin/create-alert', greeting);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: `title: ${invisible('Title', 'U+202E')}`,
      code: 'BAD_REQUEST',
      fields: { title: [invisible('Title', 'U+202E')] },
    });
    // The same on an edit of a greeting that exists.
    const made = await send('POST', '/v1/admin/create-alert', { ...greeting, title: 'Good evening' });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data._id as string;
    const afterMade = await checksums();
    const edit = await send('PATCH', `/v1/admin/update-alert?id=${id}`, greeting);
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().fields).toEqual({ title: [invisible('Title', 'U+202E')] });
    expect(await checksums()).toEqual(afterMade);
    expect(await q(`SELECT title FROM greetings WHERE title LIKE '%txt.exe%'`)).toEqual([]);
    const served = await t.app.inject({ method: 'GET', url: '/v1/user/get-all-alert' });
    expect(served.statusCode).toBe(200);
    expect(JSON.stringify(served.json())).not.toMatch(/[\u202e\u200b]/u);
    expect(before).not.toEqual(afterMade); // the good greeting was written, the bad ones not
  });

  it('a description "\\u0007" is a 400 naming description; line breaks in a description are kept', async () => {
    const before = await checksums();
    const res = await send('POST', '/v1/admin/create-alert', {
      title: 'Bell',
      description: '\u0007',
      timeFrame: '',
      expiry_time: day(2),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: `description: ${invisible('Description', 'U+0007')}`,
      code: 'BAD_REQUEST',
      fields: { description: [invisible('Description', 'U+0007')] },
    });
    const role = await send('POST', '/v1/admin/roles', { ...roleBody, title: 'Bell role', description: 'Rings\u0007' });
    expect(role.statusCode, role.body).toBe(400);
    expect(role.json().fields).toEqual({ description: [invisible('Description', 'U+0007')] });
    expect(await checksums()).toEqual(before);
    const ok = await send('POST', '/v1/admin/create-alert', {
      title: 'Two lines \u{1F469}\u200D\u{1F4BB}',
      description: 'Save today.\nEarn tomorrow.',
      timeFrame: '',
      expiry_time: day(2),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await q(`SELECT title, description FROM greetings WHERE id = $1`, [ok.json().data._id as string])).toEqual([
      { title: 'Two lines \u{1F469}\u200D\u{1F4BB}', description: 'Save today.\nEarn tomorrow.' },
    ]);
  });

  it('a role titled "Compliance\\u200b" is a 400 naming title; nothing is written', async () => {
    const before = await checksums();
    const res = await send('POST', '/v1/admin/roles', { ...roleBody, title: 'Compliance\u200b' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: `title: ${invisible('Title', 'U+200B')}`,
      code: 'BAD_REQUEST',
      fields: { title: [invisible('Title', 'U+200B')] },
    });
    const twoLines = await send('POST', '/v1/admin/roles', { ...roleBody, title: 'Compliance\nreview' });
    expect(twoLines.json().fields).toEqual({ title: ['Title must be on one line'] });
    expect(await checksums()).toEqual(before);
  });

  it('"compliance", "ＣＯＭＰＬＩＡＮＣＥ" and other spellings of a taken title are a 409, created or renamed to; the database refuses them too', async () => {
    const before = await checksums();
    for (const title of [
      'compliance',
      'ＣＯＭＰＬＩＡＮＣＥ',
      'COMPLIANCE',
      'ｃｏｍｐｌｉａｎｃｅ',
      'Super  Admin',
      'super\u00a0admin',
    ]) {
      const res = await send('POST', '/v1/admin/roles', { ...roleBody, title });
      expect(res.statusCode, `${title}: ${res.body}`).toBe(409);
      expect(res.json(), title).toEqual({ message: 'A role with this title already exists', code: 'CONFLICT' });
    }
    expect(await checksums()).toEqual(before);

    const made = await send('POST', '/v1/admin/roles', { ...roleBody, title: 'Treasury Desk' });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data._id as string;
    const dup = await send('POST', '/v1/admin/roles', { ...roleBody, title: 'ＴＲＥＡＳＵＲＹ ＤＥＳＫ' });
    expect(dup.statusCode, dup.body).toBe(409);
    const afterMade = await checksums();
    for (const title of ['ｃｏｍｐｌｉａｎｃｅ', 'KYC reviewer']) {
      const rename = await send('PATCH', `/v1/admin/roles/${id}`, { ...roleBody, title });
      expect(rename.statusCode, `${title}: ${rename.body}`).toBe(409);
      expect(rename.json().message).toBe('A role with this title already exists');
    }
    // A role keeps its own title in another case: it collides with nobody else.
    expect(await checksums()).toEqual(afterMade);
    const recased = await send('PATCH', `/v1/admin/roles/${id}`, { ...roleBody, title: 'Treasury desk' });
    expect(recased.statusCode, recased.body).toBe(200);
    expect(await q(`SELECT title FROM roles WHERE id = $1`, [id])).toEqual([{ title: 'Treasury desk' }]);

    // Past the service: the unique index on the folded title.
    await expect(
      q(`INSERT INTO roles (slug, title) VALUES ('compliance-fullwidth', 'ＣＯＭＰＬＩＡＮＣＥ')`),
    ).rejects.toThrow(/roles_title_folded_key/);
  });

  it('a user type name is unique as people read it (full-width, spacing) and refuses invisible characters', async () => {
    const made = await send('POST', '/v1/admin/user-types/add-user-type', { name: 'Street Merchant' });
    expect(made.statusCode, made.body).toBe(200);
    const before = await checksums();
    for (const name of ['ＳＴＲＥＥＴ ＭＥＲＣＨＡＮＴ', 'street   merchant']) {
      const res = await send('POST', '/v1/admin/user-types/add-user-type', { name });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe('A UserType with this name already exists');
    }
    const hidden = await send('POST', '/v1/admin/user-types/add-user-type', { name: 'Street\u2060Merchant' });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fields).toEqual({ name: [invisible('UserType name', 'U+2060')] });
    expect(await checksums()).toEqual(before);
    await expect(q(`INSERT INTO user_types (name) VALUES ('ＳＴＲＥＥＴ ＭＥＲＣＨＡＮＴ')`)).rejects.toThrow(
      /user_types_name_folded_key/,
    );
  });
});

describe('migration 0039 on titles that already collide', () => {
  it('keeps the first (built-in, then oldest), appends the id to the others, and then holds the index', async () => {
    await q(`DROP INDEX roles_title_folded_key`);
    await q(`DROP INDEX user_types_name_folded_key`);
    const [late] = await q<{ id: string }>(
      `INSERT INTO roles (slug, title, created_at) VALUES ('compliance-copy', 'ＣＯＭＰＬＩＡＮＣＥ', now() - interval '9 years') RETURNING id`,
    );
    const [a] = await q<{ id: string }>(
      `INSERT INTO user_types (name, created_at) VALUES ('Corner Shop', now() - interval '2 days') RETURNING id`,
    );
    const [b] = await q<{ id: string }>(
      `INSERT INTO user_types (name, created_at) VALUES ('corner  shop', now() - interval '1 day') RETURNING id`,
    );
    const file = path.join(migrationsFolder, '0039_folded_titles.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) await q(statement);
    expect(await q(`SELECT title FROM roles WHERE slug IN ('compliance', 'compliance-copy') ORDER BY slug`)).toEqual([
      { title: 'Compliance' },
      { title: `ＣＯＭＰＬＩＡＮＣＥ (${late!.id.slice(0, 8)})` },
    ]);
    expect(
      await q(`SELECT id, name::text AS name FROM user_types WHERE id IN ($1, $2) ORDER BY created_at`, [a!.id, b!.id]),
    ).toEqual([
      { id: a!.id, name: 'Corner Shop' },
      { id: b!.id, name: `corner  shop (${b!.id.slice(0, 8)})` },
    ]);
    await expect(q(`INSERT INTO roles (slug, title) VALUES ('compliance-2', 'compliance')`)).rejects.toThrow(
      /roles_title_folded_key/,
    );
  });
});

describe('every field the API document marks as text people read', () => {
  type Field = {
    op: string;
    method: string;
    url: string;
    in: 'body' | 'query';
    name: string;
    lines: 'one' | 'several';
  };

  const kindOf = (s: JsonSchema | undefined): 'one' | 'several' | null => {
    const patterns = [s?.pattern, ...(s?.allOf ?? []).map((p) => p.pattern)];
    if (patterns.includes(READABLE_TEXT.oneLine.source)) return 'one';
    if (patterns.includes(READABLE_TEXT.lines.source)) return 'several';
    return null;
  };

  async function readableFields(): Promise<Field[]> {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument;
    const out: Field[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const url = path.replace(/\{[^}]+\}/g, randomUUID());
        for (const p of op.parameters ?? []) {
          const lines = kindOf(p.schema);
          if (lines && p.in === 'query')
            out.push({ op: `${method.toUpperCase()} ${path}`, method, url, in: 'query', name: p.name, lines });
        }
        const body = op.requestBody?.content?.['application/json']?.schema;
        for (const [name, s] of Object.entries(body?.properties ?? {})) {
          const lines = kindOf(s);
          if (lines) out.push({ op: `${method.toUpperCase()} ${path}`, method, url, in: 'body', name, lines });
        }
      }
    }
    return out;
  }

  it('are the names, titles, subjects, descriptions, bodies, notes and comments, each a 400 naming it; nothing changes', async () => {
    const fields = await readableFields();
    // A field people read that is not here is a new one: give it the rule (readableText) and list it.
    expect(fields.map((f) => `${f.op} ${f.name} (${f.lines})`).sort()).toEqual(
      [
        'POST /v1/admin/roles title (one)',
        'POST /v1/admin/roles description (several)',
        'POST /v1/admin/setup fullName (one)',
        'PATCH /v1/admin/roles/{id} title (one)',
        'PATCH /v1/admin/roles/{id} description (several)',
        'PUT /v1/admin/lock-fixed-savings lockedComment (several)',
        'PUT /v1/admin/lock-flexible-savings lockedComment (several)',
        'PUT /v1/admin/profile fullName (one)',
        'POST /v1/admin/passkeys name (one)',
        'POST /v1/admin/user-notes note (several)',
        'POST /v1/admin/kyc/kyc-notes note (several)',
        'POST /v1/advanced/save-batch protocolName (one)',
        'POST /v1/advanced/liquidity-providers name (one)',
        'POST /v1/admin/create-alert title (one)',
        'POST /v1/admin/create-alert description (several)',
        'PATCH /v1/admin/update-alert title (one)',
        'PATCH /v1/admin/update-alert description (several)',
        'PUT /v1/newsletters/config senderName (one)',
        'POST /v1/newsletters/draft subject (one)',
        'POST /v1/newsletters/draft previewMessage (one)',
        'POST /v1/newsletters/draft content (several)',
        'POST /v1/admin/kycLevel/create-KycLevel levelName (one)',
        'PUT /v1/admin/kycLevel/update-kycLevel levelName (one)',
        'POST /v1/admin/kyc/update-levelTwo-kyc RejectionMessage (several)',
        'POST /v1/admin/approval-requests/{id}/reject comment (several)',
        'POST /v1/admin/user-types/add-user-type name (one)',
        'PATCH /v1/admin/user-types/update-user-type name (one)',
        'POST /v1/admin/assign-usertype usertype (one)',
        'PUT /v1/admin/remove-usertype usertype (one)',
        'POST /v1/admin/update-location storeState (one)',
        'GET /v1/admin/sortuser-by-usertype userType (one)',
        'POST /v1/advanced/integrations name (one)',
        'PATCH /v1/advanced/integrations/{clientId} name (one)',
        'POST /product/v1/customers fullName (one)',
        'PATCH /product/v1/customers/{customerId} fullName (one)',
        'POST /product/v1/customers/{customerId}/wallets name (one)',
      ].sort(),
    );
    const before = await checksums();
    const sendTo = (f: Field, value: string) =>
      f.in === 'query'
        ? send(
            f.method.toUpperCase() as 'GET',
            `${f.url}${f.url.includes('?') ? '&' : '?'}${f.name}=${encodeURIComponent(value)}`,
            {},
          )
        : send(f.method.toUpperCase() as 'POST', f.url, { [f.name]: value });
    const said = async (f: Field, value: string, ending: string) => {
      const res = await sendTo(f, value);
      expect(res.statusCode, `${f.op} ${f.name}: ${res.body}`).toBe(400);
      const messages = (res.json().fields?.[f.name] ?? []) as string[];
      expect(
        messages.some((m) => m.endsWith(ending)),
        `${f.op} ${f.name}: ${res.body}`,
      ).toBe(true);
    };
    for (const f of fields) {
      await said(f, 'Looks\u202Efine', 'contains an invisible or control character (U+202E)');
      await said(f, 'Rings\u0007', 'contains an invisible or control character (U+0007)');
      if (f.lines === 'one') await said(f, 'Two\nlines', 'must be on one line');
    }
    expect(await checksums()).toEqual(before);
  });
});
