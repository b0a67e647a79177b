import { createDecipheriv } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_REGEX } from '@vaultdesk/contract';
import { bearer, createTestApp, demo, insertStaff, sessionFor, type TestApp } from '../../../test/helpers';
import { createFileStore } from '../../files/file-store';
import { localObjectStore } from '../../files/local-object-store';
import { demoImage } from '../../demo/demo-image';
import { attachAgentDemoImages } from '../../demo/agents-demo-images';

let t: TestApp;
let token: string;
let outsider: string;

const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, tok: string = token) =>
  t.app.inject({ method, url, headers: bearer(tok), payload, remoteAddress: '10.41.0.1' });

/** A multipart body as a browser sends it (FormData serialised by the platform itself). */
async function multipart(parts: Record<string, string | { bytes: Buffer; name: string; type: string }>) {
  const fd = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === 'string') fd.append(key, value);
    else fd.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}
async function upload(url: string, parts: Parameters<typeof multipart>[0], tok: string = token) {
  const { payload, contentType } = await multipart(parts);
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(tok), 'content-type': contentType },
    payload,
    remoteAddress: '10.41.0.1',
  });
}
const jpegFile = (seed = 1, kind: 'selfie' | 'idcard' | 'shop' = 'idcard') => ({
  bytes: demoImage(seed, kind),
  name: 'card.jpg',
  type: 'image/jpeg',
});

/** A JPEG carrying an EXIF segment with GPS text, as phone cameras write them. */
function jpegWithExif() {
  const plain = demoImage(7, 'idcard');
  const text = Buffer.from('Exif\0\0GPSLatitude=6.5244N;GPSLongitude=3.3792E;SECRET-CAMERA-SERIAL');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([plain.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, text, plain.subarray(2)]);
}
function pngFile(width = 64, height = 48) {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return { bytes: PNG.sync.write(png), name: 'shop.png', type: 'image/png' };
}

let n = 0;
async function customer(name: string) {
  n += 1;
  const [u] = await q(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id, email::text AS email`,
    [
      name,
      `${name.toLowerCase().replace(/\W+/g, '')}${n}`,
      `${name.toLowerCase().replace(/\W+/g, '')}${n}@example.com`,
      `AGT${n}`,
    ],
  );
  return u as { id: string; email: string };
}
const typeId = async (name: string) =>
  (await q(`SELECT id FROM user_types WHERE name = $1`, [name]))[0]?.id as string | undefined;
const audits = (action: string, targetId: string) =>
  q(`SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`, [
    action,
    targetId,
  ]);
const agentKycRow = async (userId: string) => (await q(`SELECT * FROM agent_kyc WHERE user_id = $1`, [userId]))[0];

/** Reads a stored picture back through the app's gateway and decrypts it as the browser does. */
async function fetchDecrypted(cid: string, keyHex: string) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  const stored = res.rawPayload;
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(stored.length - 16));
  return Buffer.concat([decipher.update(stored.subarray(12, stored.length - 16)), decipher.final()]);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t.db, demo('support').email);
  await q(
    `INSERT INTO roles (slug, title, description, permissions) VALUES ('no-agents', 'No agents', 'x', ARRAY['users.read'])`,
  );
  await insertStaff(t.db, 'noagents@vaultdesk.test', 'No Agents', 'No agents');
  outsider = await sessionFor(t.db, 'noagents@vaultdesk.test');
});
afterAll(async () => {
  await t?.close();
});

describe('user types', () => {
  it('creates a type (any signed-in admin), lists it, audited; a second of the same name (any case) is 409', async () => {
    const res = await call('POST', '/v1/admin/user-types/add-user-type', { name: '  Field Agent ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('UserType created successfully');
    const created = res.json().data;
    expect(created).toMatchObject({ name: 'Field Agent' });
    expect(await q(`SELECT name::text AS name FROM user_types WHERE id = $1`, [created._id])).toEqual([
      { name: 'Field Agent' },
    ]);
    expect(await audits('userType.create', created._id)).toEqual([
      { actor_email: demo('support').email, before: null, after: { name: 'Field Agent' } },
    ]);

    const list = await call('GET', '/v1/admin/user-types/get-user-types');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.userTypes).toContainEqual({
      _id: created._id,
      name: 'Field Agent',
      createdAt: created.createdAt,
    });

    const dup = await call('POST', '/v1/admin/user-types/add-user-type', { name: 'field agent' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A UserType with this name already exists');
    expect(await q(`SELECT count(*)::int AS n FROM user_types WHERE name = 'Field Agent'`)).toEqual([{ n: 1 }]);
  });

  it('answers 400 naming the field for a blank, too long or missing name; nothing stored', async () => {
    const [{ n: before }] = await q(`SELECT count(*)::int AS n FROM user_types`);
    for (const payload of [{ name: '   ' }, { name: 'x'.repeat(41) }, {}, { name: 'Tab\there' }]) {
      const res = await call('POST', '/v1/admin/user-types/add-user-type', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain('name');
    }
    expect((await q(`SELECT count(*)::int AS n FROM user_types`))[0].n).toBe(before);
  });

  it('renames by ?id with before/after in the audit; 409 onto a taken name, 404 unknown id, 400 bad id', async () => {
    const a = (await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Kiosk' })).json().data;
    await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Vendor' });
    const res = await call('PATCH', `/v1/admin/user-types/update-user-type?id=${a._id}`, { name: 'Kiosk Owner' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: a._id, name: 'Kiosk Owner' });
    expect(await audits('userType.update', a._id)).toEqual([
      { actor_email: demo('support').email, before: { name: 'Kiosk' }, after: { name: 'Kiosk Owner' } },
    ]);

    const taken = await call('PATCH', `/v1/admin/user-types/update-user-type?id=${a._id}`, { name: 'VENDOR' });
    expect(taken.statusCode).toBe(409);
    expect(await q(`SELECT name::text AS name FROM user_types WHERE id = $1`, [a._id])).toEqual([
      { name: 'Kiosk Owner' },
    ]);
    expect(
      (
        await call('PATCH', `/v1/admin/user-types/update-user-type?id=00000000-0000-4000-8000-000000000000`, {
          name: 'X',
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call('PATCH', `/v1/admin/user-types/update-user-type?id=nope`, { name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('id');
  });

  it('deletes a type nobody holds; refuses (409) while a user holds it, and nothing is removed', async () => {
    const held = (await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Held Type' })).json().data;
    const u = await customer('Holder');
    expect(
      (await call('POST', '/v1/admin/assign-usertype', { email: u.email, usertype: 'Held Type' })).statusCode,
    ).toBe(200);
    const refused = await call('DELETE', `/v1/admin/user-types/delete-user-type?id=${held._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('UserType Held Type is still held by users: remove them as agents first');
    expect(await typeId('Held Type')).toBe(held._id);

    const free = (await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Short Lived' })).json().data;
    const res = await call('DELETE', `/v1/admin/user-types/delete-user-type?id=${free._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'UserType deleted successfully', data: { _id: free._id } });
    expect(await typeId('Short Lived')).toBeUndefined();
    expect(await audits('userType.delete', free._id)).toEqual([
      { actor_email: demo('support').email, before: { name: 'Short Lived' }, after: null },
    ]);
    expect((await call('DELETE', `/v1/admin/user-types/delete-user-type?id=${free._id}`)).statusCode).toBe(404);
  });

  it('two admins creating the same name at once: one 200, one 409, one row', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/v1/admin/user-types/add-user-type', { name: 'Racer' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await q(`SELECT count(*)::int AS n FROM user_types WHERE name = 'Racer'`)).toEqual([{ n: 1 }]);
  });

  it('two admins deleting the same type at once: one 200, one 404', async () => {
    const gone = (await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Twice Deleted' })).json().data;
    const results = await Promise.all(
      [1, 2].map(() => call('DELETE', `/v1/admin/user-types/delete-user-type?id=${gone._id}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await audits('userType.delete', gone._id)).toHaveLength(1);
  });
});

describe('agents: assign and remove a user type', () => {
  it('assigns by e-mail (trimmed, lowercased) and type name, audited; the list shows the agent', async () => {
    await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Shop Agent' });
    const u = await customer('Ada Agent');
    const res = await call('POST', '/v1/admin/assign-usertype', {
      email: `  ${u.email.toUpperCase()} `,
      usertype: 'shop agent',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agent created Successfully');
    expect(res.json().data).toMatchObject({ _id: u.id, email: u.email, usertype: 'Shop Agent' });
    expect(
      await q(`SELECT count(*)::int AS n FROM user_usertypes WHERE user_id = $1 AND user_type_id = $2`, [
        u.id,
        await typeId('Shop Agent'),
      ]),
    ).toEqual([{ n: 1 }]);
    expect(await audits('agent.assignUserType', u.id)).toEqual([
      { actor_email: demo('support').email, before: null, after: { email: u.email, usertype: 'Shop Agent' } },
    ]);

    const list = await call('GET', '/v1/admin/sortuser-by-usertype?userType=Shop%20Agent&page=1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ currentPage: 1, totalRecords: 1, pageSize: 10, totalPage: 1 });
    expect(list.json().data.getUserTypes).toEqual([
      expect.objectContaining({
        _id: u.id,
        email: u.email,
        fullName: 'Ada Agent',
        userType: 'Shop Agent',
        agentKyc: null,
      }),
    ]);

    const again = await call('POST', '/v1/admin/assign-usertype', { email: u.email, usertype: 'Shop Agent' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user is already Shop Agent');
  });

  it('answers 404 for an unknown e-mail, 400 naming the field for a bad e-mail or unknown type; nothing changes', async () => {
    const [{ n: before }] = await q(`SELECT count(*)::int AS n FROM user_usertypes`);
    const unknown = await call('POST', '/v1/admin/assign-usertype', {
      email: 'nobody@example.com',
      usertype: 'Shop Agent',
    });
    expect(unknown.statusCode).toBe(404);
    const u = await customer('Typeless');
    const cases: [object, string][] = [
      [{ email: 'not-an-email', usertype: 'Shop Agent' }, 'email'],
      [{ usertype: 'Shop Agent' }, 'email'],
      [{ email: u.email }, 'usertype'],
      [{ email: u.email, usertype: 'No Such Type' }, 'usertype'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/v1/admin/assign-usertype', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload)).toContain(field);
    }
    expect((await q(`SELECT count(*)::int AS n FROM user_usertypes`))[0].n).toBe(before);
  });

  it('removes as agent (audited, KYC kept); a second removal is 409', async () => {
    const u = await customer('Remy Removed');
    await call('POST', '/v1/admin/assign-usertype', { email: u.email, usertype: 'Shop Agent' });
    await call('POST', `/v1/admin/update-location?userid=${u.id}`, { storeState: 'Lagos' });
    const res = await call('PUT', '/v1/admin/remove-usertype', {
      email: u.email.toUpperCase(),
      usertype: 'Shop Agent',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agent Status Updated Successfully');
    expect(await q(`SELECT count(*)::int AS n FROM user_usertypes WHERE user_id = $1`, [u.id])).toEqual([{ n: 0 }]);
    expect((await agentKycRow(u.id)).store_state).toBe('Lagos');
    expect(await audits('agent.removeUserType', u.id)).toEqual([
      { actor_email: demo('support').email, before: { email: u.email, usertype: 'Shop Agent' }, after: null },
    ]);
    const again = await call('PUT', '/v1/admin/remove-usertype', { email: u.email, usertype: 'Shop Agent' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user is not Shop Agent');
  });

  it('two admins assigning (or removing) at once: exactly one wins', async () => {
    const u = await customer('Raced Agent');
    const assigns = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/v1/admin/assign-usertype', { email: u.email, usertype: 'Shop Agent' })),
    );
    expect(assigns.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await audits('agent.assignUserType', u.id)).toHaveLength(1);
    const removes = await Promise.all(
      [1, 2, 3].map(() => call('PUT', '/v1/admin/remove-usertype', { email: u.email, usertype: 'Shop Agent' })),
    );
    expect(removes.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await audits('agent.removeUserType', u.id)).toHaveLength(1);
  });

  it('lists 10 a page, newest assignment first, and refuses an unknown type or a page past the bound', async () => {
    await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Paged' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const u = await customer(`Paged ${i}`);
      ids.push(u.id);
      await q(
        `INSERT INTO user_usertypes (user_id, user_type_id, created_at) SELECT $1, id, now() - ($2 || ' minutes')::interval FROM user_types WHERE name = 'Paged'`,
        [u.id, 12 - i],
      );
    }
    const p1 = (await call('GET', '/v1/admin/sortuser-by-usertype?userType=Paged')).json().data;
    expect(p1).toMatchObject({ currentPage: 1, totalRecords: 12, pageSize: 10, totalPage: 2 });
    expect(p1.getUserTypes.map((r: { _id: string }) => r._id)).toEqual([...ids].reverse().slice(0, 10));
    const p2 = (await call('GET', '/v1/admin/sortuser-by-usertype?userType=paged&page=2')).json().data;
    expect(p2.getUserTypes.map((r: { _id: string }) => r._id)).toEqual([ids[1], ids[0]]);
    const unknown = await call('GET', '/v1/admin/sortuser-by-usertype?userType=Nope');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toContain('userType');
    const deep = await call('GET', '/v1/admin/sortuser-by-usertype?userType=Paged&page=1001');
    expect(deep.statusCode).toBe(400);
    expect(Object.keys(deep.json().fields)).toContain('page');
  });
});

describe('agents: KYC uploads and store state', () => {
  let agent: { id: string; email: string };
  beforeAll(async () => {
    agent = await customer('Kemi Shop');
    await call('POST', '/v1/admin/assign-usertype', { email: agent.email, usertype: 'Shop Agent' });
  });

  it('stores the ID card encrypted in the file store with its ID type, metadata stripped, audited without keys', async () => {
    const res = await upload(`/v1/admin/update-agent-idcard?userid=${agent.id}`, {
      idcardType: 'National_ID',
      cardUrl: { bytes: jpegWithExif(), name: 'id.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Image Uploaded Successfully');
    const data = res.json().data;
    expect(data).toMatchObject({ userId: agent.id, idcardType: 'National_ID' });
    expect(data.idCardImageUrl).toMatch(CID_REGEX);
    expect(data.idCardEncryptKey).toMatch(/^[0-9a-f]{64}$/);
    const row = await agentKycRow(agent.id);
    expect(row).toMatchObject({
      idcard_type: 'National_ID',
      idcard_cid: data.idCardImageUrl,
      idcard_key: data.idCardEncryptKey,
    });
    expect(
      await q(`SELECT read_permission, content_type FROM stored_files WHERE cid = $1`, [data.idCardImageUrl]),
    ).toEqual([{ read_permission: 'agents.manage', content_type: 'image/jpeg' }]);
    const plain = await fetchDecrypted(data.idCardImageUrl, data.idCardEncryptKey);
    expect(plain.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(plain.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(plain.includes(Buffer.from('Exif'))).toBe(false);
    const [audit] = await audits('agent.upload.idcard', agent.id);
    expect(audit).toMatchObject({
      actor_email: demo('support').email,
      after: { idcardType: 'National_ID', idCardImageUrl: data.idCardImageUrl },
    });
    expect(JSON.stringify(audit)).not.toContain(data.idCardEncryptKey);
  });

  it('stores the selfie (?id) and the shop image (PNG), and the list carries all three with the store state', async () => {
    const selfie = await upload(`/v1/admin/update-shopagent-selfie?id=${agent.id}`, {
      imageUrl: { bytes: demoImage(3, 'selfie'), name: 'selfie.jpg', type: 'image/jpeg' },
    });
    expect(selfie.statusCode, selfie.body).toBe(200);
    expect(selfie.json().data.shopOwnerSelfieUrl).toMatch(CID_REGEX);
    const shop = await upload(`/v1/admin/update-shopImage?userid=${agent.id}`, { shopUrl: pngFile() });
    expect(shop.statusCode, shop.body).toBe(200);
    const shopData = shop.json().data;
    expect(shopData.shopImageUrl).toMatch(CID_REGEX);
    const decoded = PNG.sync.read(await fetchDecrypted(shopData.shopImageUrl, shopData.shopImageEncryptKey));
    expect([decoded.width, decoded.height]).toEqual([64, 48]);

    const loc = await call('POST', `/v1/admin/update-location?userid=${agent.id}`, { storeState: '  Lagos ' });
    expect(loc.statusCode, loc.body).toBe(200);
    expect(loc.json().message).toBe('Agent Status Updated Successfully');
    expect((await agentKycRow(agent.id)).store_state).toBe('Lagos');
    expect(await audits('agent.updateLocation', agent.id)).toHaveLength(1);

    const list = (await call('GET', '/v1/admin/sortuser-by-usertype?userType=Shop%20Agent')).json().data.getUserTypes;
    const row = list.find((r: { _id: string }) => r._id === agent.id);
    expect(row.agentKyc).toMatchObject({
      idcardType: 'National_ID',
      storeState: 'Lagos',
      shopOwnerSelfieUrl: selfie.json().data.shopOwnerSelfieUrl,
      shopImageUrl: shopData.shopImageUrl,
    });
    expect(row.agentKyc.idCardImageUrl).toMatch(CID_REGEX);
  });

  it("refuses by content: a non-image named .jpg gives 'You can only upload JPG/PNG file!', nothing stored", async () => {
    const before = await agentKycRow(agent.id);
    const [{ n: files }] = await q(`SELECT count(*)::int AS n FROM stored_files`);
    const res = await upload(`/v1/admin/update-shopImage?userid=${agent.id}`, {
      shopUrl: { bytes: Buffer.from('GIF89a not really a picture'), name: 'shop.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'You can only upload JPG/PNG file!',
      fields: { shopUrl: ['You can only upload JPG/PNG file!'] },
    });
    const broken = await upload(`/v1/admin/update-shopImage?userid=${agent.id}`, {
      shopUrl: { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]), name: 'x.jpg', type: 'image/jpeg' },
    });
    expect(broken.statusCode).toBe(400);
    expect(await agentKycRow(agent.id)).toEqual(before);
    expect((await q(`SELECT count(*)::int AS n FROM stored_files`))[0].n).toBe(files);
  });

  it('refuses a selfie that is not the 200x200 capture, naming imageUrl; nothing is stored', async () => {
    const before = await agentKycRow(agent.id);
    const [{ n: files }] = await q(`SELECT count(*)::int AS n FROM stored_files`);
    const [{ n: audited }] = await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'agent.upload.selfie'`);
    const res = await upload(`/v1/admin/update-shopagent-selfie?id=${agent.id}`, {
      imageUrl: { bytes: demoImage(4, 'idcard'), name: 'selfie.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The selfie must be a 200x200 capture',
      fields: { imageUrl: ['The selfie must be a 200x200 capture'] },
    });
    expect(await agentKycRow(agent.id)).toEqual(before);
    expect((await q(`SELECT count(*)::int AS n FROM stored_files`))[0].n).toBe(files);
    expect((await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'agent.upload.selfie'`))[0].n).toBe(
      audited,
    );
  });

  it("refuses an ID card of 5 MB or more with 'Image must smaller than 5MB!', a shop image of 2 MB with the 2MB text", async () => {
    const big = Buffer.concat([demoImage(1, 'idcard'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(`/v1/admin/update-agent-idcard?userid=${agent.id}`, {
      idcardType: 'National_ID',
      cardUrl: { bytes: big, name: 'big.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Image must smaller than 5MB!',
      fields: { cardUrl: ['Image must smaller than 5MB!'] },
    });
    const shop = await upload(`/v1/admin/update-shopImage?userid=${agent.id}`, {
      shopUrl: {
        bytes: Buffer.concat([demoImage(1, 'shop'), Buffer.alloc(2 * 1024 * 1024)]),
        name: 's.jpg',
        type: 'image/jpeg',
      },
    });
    expect(shop.statusCode).toBe(400);
    expect(shop.json().message).toBe('Image must smaller than 2MB!');
  });

  it('accepts a 4 MB ID card (past the 1 MB JSON body limit) and stores only the clean picture', async () => {
    const big = Buffer.concat([demoImage(9, 'idcard'), Buffer.alloc(4 * 1024 * 1024)]);
    const res = await upload(`/v1/admin/update-agent-idcard?userid=${agent.id}`, {
      idcardType: 'Drivers_License',
      cardUrl: { bytes: big, name: 'big.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.idcardType).toBe('Drivers_License');
    const plain = await fetchDecrypted(data.idCardImageUrl, data.idCardEncryptKey);
    // Re-encoded: the trailing 4 MB did not survive.
    expect(plain.length).toBeLessThan(100_000);
  });

  it('answers 400 naming the field for a missing image, a missing or unknown ID type, a JSON body or a bad store state', async () => {
    const before = await agentKycRow(agent.id);
    const noType = await upload(`/v1/admin/update-agent-idcard?userid=${agent.id}`, { cardUrl: jpegFile() });
    expect(noType.statusCode).toBe(400);
    expect(Object.keys(noType.json().fields)).toEqual(['idcardType']);
    const badType = await upload(`/v1/admin/update-agent-idcard?userid=${agent.id}`, {
      idcardType: 'Passport',
      cardUrl: jpegFile(),
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields.idcardType).toEqual(['ID type is National_ID, International_ID or Drivers_License']);
    const noFile = await upload(`/v1/admin/update-agent-idcard?userid=${agent.id}`, { idcardType: 'National_ID' });
    expect(noFile.statusCode).toBe(400);
    expect(Object.keys(noFile.json().fields)).toEqual(['cardUrl']);
    const json = await call('PUT', `/v1/admin/update-shopImage?userid=${agent.id}`, { shopUrl: 'x' });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json().fields)).toEqual(['shopUrl']);
    const noUser = await upload('/v1/admin/update-shopImage', { shopUrl: pngFile() });
    expect(noUser.statusCode).toBe(400);
    expect(Object.keys(noUser.json().fields)).toContain('userid');
    const blank = await call('POST', `/v1/admin/update-location?userid=${agent.id}`, { storeState: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields)).toContain('storeState');
    expect(await agentKycRow(agent.id)).toEqual(before);
  });

  it('refuses pictures for a user who is not an agent (409) or does not exist (404)', async () => {
    const plain = await customer('Not An Agent');
    const res = await upload(`/v1/admin/update-shopImage?userid=${plain.id}`, { shopUrl: pngFile() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This user is not an agent: assign a UserType first');
    expect(await agentKycRow(plain.id)).toBeUndefined();
    expect(
      (await call('POST', `/v1/admin/update-location?userid=${plain.id}`, { storeState: 'Abuja' })).statusCode,
    ).toBe(409);
    const missing = await upload('/v1/admin/update-shopImage?userid=00000000-0000-4000-8000-000000000000', {
      shopUrl: pngFile(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('other routes keep refusing multipart bodies (the parser is scoped to the upload calls)', async () => {
    const { payload, contentType } = await multipart({ name: 'Sneaky' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/user-types/add-user-type',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(await typeId('Sneaky')).toBeUndefined();
  });
});

describe('access', () => {
  it('a role without agents.manage gets 403 on every call and changes nothing', async () => {
    const u = await customer('Guarded');
    const [{ n: types }] = await q(`SELECT count(*)::int AS n FROM user_types`);
    const id = await typeId('Shop Agent');
    const responses = [
      await call('GET', '/v1/admin/user-types/get-user-types', undefined, outsider),
      await call('POST', '/v1/admin/user-types/add-user-type', { name: 'Forbidden' }, outsider),
      await call('PATCH', `/v1/admin/user-types/update-user-type?id=${id}`, { name: 'Forbidden' }, outsider),
      await call('DELETE', `/v1/admin/user-types/delete-user-type?id=${id}`, undefined, outsider),
      await call('POST', '/v1/admin/assign-usertype', { email: u.email, usertype: 'Shop Agent' }, outsider),
      await call('PUT', '/v1/admin/remove-usertype', { email: u.email, usertype: 'Shop Agent' }, outsider),
      await call('POST', `/v1/admin/update-location?userid=${u.id}`, { storeState: 'Kano' }, outsider),
      await call('GET', '/v1/admin/sortuser-by-usertype?userType=Shop%20Agent', undefined, outsider),
      await upload(`/v1/admin/update-shopImage?userid=${u.id}`, { shopUrl: pngFile() }, outsider),
      await upload(`/v1/admin/update-shopagent-selfie?id=${u.id}`, { imageUrl: jpegFile(2, 'selfie') }, outsider),
      await upload(
        `/v1/admin/update-agent-idcard?userid=${u.id}`,
        { idcardType: 'National_ID', cardUrl: jpegFile() },
        outsider,
      ),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual(Array(responses.length).fill(403));
    expect((await q(`SELECT count(*)::int AS n FROM user_types`))[0].n).toBe(types);
    expect(await q(`SELECT count(*)::int AS n FROM user_usertypes WHERE user_id = $1`, [u.id])).toEqual([{ n: 0 }]);
  });

  it('agent pictures are served by the gateway only to roles holding agents.manage', async () => {
    const [row] = await q(`SELECT shop_cid FROM agent_kyc WHERE shop_cid IS NOT NULL LIMIT 1`);
    const denied = await t.app.inject({ method: 'GET', url: `/v1/ipfs/${row.shop_cid}`, headers: bearer(outsider) });
    expect(denied.statusCode).toBe(403);
  });
});

describe('demo pictures', () => {
  it('gives demo agents generated pictures in the encrypted store, once', async () => {
    const u = await customer('Demo Agent');
    await call('POST', '/v1/admin/assign-usertype', { email: u.email, usertype: 'Shop Agent' });
    await q(`INSERT INTO agent_kyc (user_id, idcard_type, store_state) VALUES ($1, 'Drivers_License', 'Oyo')`, [u.id]);
    await attachAgentDemoImages(
      t.db,
      createFileStore(t.db, localObjectStore(`${t.config.dataDir}/files`)),
      () => undefined,
    );
    const row = await agentKycRow(u.id);
    expect(row.idcard_cid).toMatch(CID_REGEX);
    expect(row.shop_cid).toMatch(CID_REGEX);
    expect(row.selfie_cid).toMatch(CID_REGEX);
    const plain = await fetchDecrypted(row.selfie_cid, row.selfie_key);
    expect(plain.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    await attachAgentDemoImages(
      t.db,
      createFileStore(t.db, localObjectStore(`${t.config.dataDir}/files`)),
      () => undefined,
    );
    expect((await agentKycRow(u.id)).idcard_cid).toBe(row.idcard_cid);
  });
});
