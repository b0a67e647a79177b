import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@vaultdesk/contract';
import { runExport } from '@vaultdesk/worker';
import { exportStoreFor } from '../modules/exports/exports.service';
import {
  DEMO_NEWSLETTER_ACCESS_CODE as CODE,
  DEMO_NEWSLETTER_SENDER_PIN as PIN,
} from '../modules/newsletters/newsletters.service';
import { bearer, createTestApp, demo, insertStaff, sessionFor, type TestApp } from '../../test/helpers';

/**
 * Object-level access: what a role may do in general but not to this record. The route × role
 * matrix (http/route-matrix.test.ts) proves the permission of every route; this file proves the
 * rules on the object itself, each refusal checked for its status, its message, and a database
 * left exactly as it was:
 * - an export (its progress, its listing, its signed link, its file) is its requester's only;
 * - a newsletter is approved by another member of staff than its creator;
 * - the last active Super Admin can be neither removed nor given another role, nobody removes
 *   their own account or changes their own role, and only a caller holding all of an admin's
 *   permissions may remove them or change their role (the grants themselves: admins/access-grants.test.ts
 *   and http/grant-matrix.test.ts);
 * - a KYC case held by one reviewer is not handed to another by Manage Random KYC;
 * - the admin profile, its sessions and sign-out act on the caller's own account only.
 * The module tests hold more of each (exports.test.ts, newsletters.test.ts, admin-team.test.ts,
 * kyc.test.ts, admin-profile.test.ts).
 */
let t: TestApp;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
    remoteAddress: '10.51.0.1',
  });
const staffId = async (email: string) =>
  (await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [email]))[0]!.id;

/** Every row of the tables a refused call could touch, as one digest per table. */
const TABLES = [
  'staff',
  'staff_sessions',
  'roles',
  'exports',
  'stored_files',
  'newsletters',
  'mail_outbox',
  'kyc_records',
  'kyc_history',
  'audit_log',
];
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(
        async (table) =>
          [
            table,
            (
              await q<{ d: string }>(
                `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS d FROM ${table} t`,
              )
            )[0]!.d,
          ] as const,
      ),
    ),
  );
/** Runs refused calls and proves they changed nothing. */
async function unchanged(refused: () => Promise<void>) {
  const before = await snapshot();
  await refused();
  expect(await snapshot()).toEqual(before);
}
type Res = Awaited<ReturnType<typeof call>>;
const expectRefused = (res: Res, status: number, message: string | RegExp, code?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string; code: string };
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  if (code) expect(body.code).toBe(code);
};

const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  tok.super = await sessionFor(t.db, demo('superadmin').email);
  tok.compliance = await sessionFor(t.db, demo('compliance').email);
  tok.support = await sessionFor(t.db, demo('support').email);
  await insertStaff(t.db, 'objects.support2@vaultdesk.test', 'Second Support', 'Support');
  tok.support2 = await sessionFor(t.db, 'objects.support2@vaultdesk.test');
  await insertStaff(t.db, 'objects.compliance2@vaultdesk.test', 'Second Compliance', 'Compliance');
  tok.compliance2 = await sessionFor(t.db, 'objects.compliance2@vaultdesk.test');
});
afterAll(async () => {
  await t?.close();
});

describe("an export is its requester's only", () => {
  let mine: { exportId: string; link: string };
  let theirs: { exportId: string; link: string };
  beforeAll(async () => {
    const start = async (token: string) => {
      const res = await call(
        'GET',
        '/v1/admin/transactions?type=wallet&start=2026-01-01&end=2026-03-31&download=true',
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { exportId: string; link: string };
      expect(await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId)).toBe(true);
      return data;
    };
    mine = await start(tok.support!);
    theirs = await start(tok.support2!);
    // The link works for its owner: the refusals below are about the object, not a broken link.
    expect((await call('GET', mine.link, tok.support!)).statusCode).toBe(200);
    expect((await call('GET', theirs.link, tok.support2!)).statusCode).toBe(200);
  });

  it("another staff member's session cannot use the signed link issued to its requester", async () => {
    await unchanged(async () => {
      for (const token of [tok.support2!, tok.compliance!, tok.super!]) {
        const res = await call('GET', mine.link, token);
        expectRefused(res, 403, 'This export belongs to another staff member', 'FORBIDDEN');
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.headers['content-disposition']).toBeUndefined();
      }
      expectRefused(await call('GET', mine.link, null), 401, /sign in/i, 'UNAUTHENTICATED');
    });
  });

  it('a tampered link is refused, even to the requester', async () => {
    const url = new URL(mine.link, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const expires = url.searchParams.get('expires')!;
    const otherSig = new URL(theirs.link, 'http://x').searchParams.get('sig')!;
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const tampered = [
      `/downloads/${mine.exportId}.csv?expires=${expires}&sig=${flip(sig)}`,
      `/downloads/${mine.exportId}.csv?expires=${Number(expires) + 60_000}&sig=${sig}`,
      `/downloads/${mine.exportId}.csv?expires=${expires}&sig=${otherSig}`,
      `/downloads/${mine.exportId}.csv?expires=${expires}&sig=${sig.slice(0, -1)}`,
      `/downloads/${mine.exportId}.csv?expires=${expires}`,
      `/downloads/${mine.exportId}.csv?sig=${sig}`,
      // The requester's signature moved onto the other staff member's export.
      `/downloads/${theirs.exportId}.csv?expires=${expires}&sig=${sig}`,
    ];
    await unchanged(async () => {
      for (const link of tampered)
        expectRefused(await call('GET', link, tok.support!), 403, 'This download link is not valid', 'FORBIDDEN');
      // Their own (valid) link, used by the requester of the other export.
      expectRefused(await call('GET', theirs.link, tok.support!), 403, 'This export belongs to another staff member');
    });
  });

  it("is in nobody else's list or progress, and everyone's list (exports.audit) carries no link to it", async () => {
    await unchanged(async () => {
      const list = (await call('GET', '/v1/admin/exports', tok.support2!)).json().data.records as { _id: string }[];
      expect(list.map((r) => r._id)).toContain(theirs.exportId);
      expect(list.map((r) => r._id)).not.toContain(mine.exportId);
      expectRefused(
        await call('GET', `/v1/admin/exports/${mine.exportId}`, tok.support2!),
        404,
        'No such export',
        'NOT_FOUND',
      );
      expectRefused(
        await call('GET', `/v1/admin/exports/${mine.exportId}`, tok.super!),
        404,
        'No such export',
        'NOT_FOUND',
      );
      expectRefused(
        await call('GET', '/v1/admin/exports?scope=all', tok.support2!),
        403,
        'You do not have permission to do this',
        'FORBIDDEN',
      );
      const all = await call('GET', '/v1/admin/exports?scope=all', tok.compliance!);
      const record = (all.json().data.records as { _id: string; link: string | null }[]).find(
        (r) => r._id === mine.exportId,
      );
      expect(record).toMatchObject({ _id: mine.exportId, link: null });
      // Neither the file's address nor its key is in any answer about it.
      const [file] = await q<{ file_cid: string; file_key: string }>(
        `SELECT file_cid, file_key::text AS file_key FROM exports WHERE id = $1`,
        [mine.exportId],
      );
      expect(file!.file_cid.length).toBeGreaterThan(20);
      expect(file!.file_key.length).toBeGreaterThan(20);
      expect(all.body).not.toContain(file!.file_cid);
      expect(all.body).not.toContain(file!.file_key);
    });
  });

  it("its encrypted file is not served by the gateway to a role without the file's permission", async () => {
    const [file] = await q<{ file_cid: string }>(`SELECT file_cid FROM exports WHERE id = $1`, [mine.exportId]);
    await unchanged(async () => {
      expectRefused(
        await call('GET', `/v1/ipfs/${file!.file_cid}`, tok.support!),
        403,
        'Your role may not open this file',
        'FORBIDDEN',
      );
      expectRefused(
        await call('GET', `/v1/ipfs/${file!.file_cid}`, tok.support2!),
        403,
        'Your role may not open this file',
        'FORBIDDEN',
      );
    });
  });
});

describe('a newsletter is approved by someone other than its creator', () => {
  const draftOf = async (token: string, subject: string) => {
    const res = await call('POST', '/v1/newsletters/draft', token, {
      subject,
      bannerUrl: 'https://cdn.example.test/b.png',
      previewMessage: 'p',
      maillist: 'test',
      content: '<p>Hi</p>',
      deliveryType: 'scheduled',
      deliveryDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    expect((await call('POST', '/v1/newsletters', token, { id, access_code: CODE })).statusCode).toBe(200);
    return id;
  };

  it('refuses the creator (Compliance or Super Admin, both holding newsletters.approve) and lets another approve', async () => {
    const byCompliance = await draftOf(tok.compliance!, 'Own approval, Compliance');
    const bySuper = await draftOf(tok.super!, 'Own approval, Super Admin');
    const message = 'You cannot approve a newsletter you created: another member of staff must approve it';
    // A second session of the creator is the same member of staff.
    const again = await sessionFor(t.db, demo('compliance').email);
    await unchanged(async () => {
      expectRefused(
        await call('POST', `/v1/newsletters/${byCompliance}/send`, tok.compliance!, { sender_pin: PIN }),
        403,
        message,
        'FORBIDDEN',
      );
      expectRefused(
        await call('POST', `/v1/newsletters/${bySuper}/send`, tok.super!, { sender_pin: PIN }),
        403,
        message,
        'FORBIDDEN',
      );
      expectRefused(
        await call('POST', `/v1/newsletters/${byCompliance}/send`, again, { sender_pin: PIN }),
        403,
        message,
        'FORBIDDEN',
      );
    });
    const approved = await call('POST', `/v1/newsletters/${byCompliance}/send`, tok.compliance2!, { sender_pin: PIN });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(
      (await q(`SELECT is_published, approved_by_email FROM newsletters WHERE id = $1`, [byCompliance]))[0],
    ).toEqual({ is_published: true, approved_by_email: 'objects.compliance2@vaultdesk.test' });
  });
});

describe('the last Super Admin stays', () => {
  let superId: string;
  let manager: string;
  let roleIds: Record<string, string>;
  const LAST = 'The last Super Admin cannot be removed or given another role';
  beforeAll(async () => {
    superId = await staffId(demo('superadmin').email);
    roleIds = Object.fromEntries(
      (await q<{ id: string; title: string }>('SELECT id, title FROM roles')).map((r) => [r.title, r.id]),
    );
    // A custom role that may manage the team without being Super Admin. Acting on a Super Admin
    // takes every permission a Super Admin holds, so it holds them all, under another name.
    const role = await call('POST', '/v1/admin/roles', tok.super!, {
      title: 'Team Manager',
      description: 'Hires and moves staff',
      permissions: ALL_PERMISSIONS,
    });
    expect(role.statusCode, role.body).toBe(200);
    roleIds['Team Manager'] = role.json().data._id;
    await insertStaff(t.db, 'objects.manager@vaultdesk.test', 'Team Manager', 'Team Manager');
    manager = await sessionFor(t.db, 'objects.manager@vaultdesk.test');
  });
  const activeSupers = async () =>
    (
      await q<{ email: string }>(
        `SELECT s.email FROM staff s JOIN roles r ON r.id = s.role_id WHERE r.slug = 'super-admin' AND s.status = 'active' ORDER BY s.email`,
      )
    ).map((r) => r.email);

  it('cannot be removed nor given another role, by itself or by another admin manager', async () => {
    expect(await activeSupers()).toEqual([demo('superadmin').email]);
    const clerk = await call('POST', '/v1/admin/roles', tok.super!, {
      title: 'Team Clerk',
      permissions: ['self.account', 'admins.read', 'admins.manage'],
    });
    expect(clerk.statusCode, clerk.body).toBe(200);
    await insertStaff(t.db, 'objects.clerk@vaultdesk.test', 'Team Clerk', 'Team Clerk');
    const clerkToken = await sessionFor(t.db, 'objects.clerk@vaultdesk.test');
    await unchanged(async () => {
      expectRefused(
        await call('DELETE', `/v1/admin/users/admin/${superId}`, tok.super!),
        409,
        'You cannot remove your own account',
        'CONFLICT',
      );
      expectRefused(
        await call('PATCH', `/v1/admin/users/admin/${superId}/role`, tok.super!, { roleId: roleIds['Compliance'] }),
        403,
        'You cannot change your own role',
        'FORBIDDEN',
      );
      // A clerk who may manage admins cannot act on one who holds more than the clerk does.
      expectRefused(
        await call('DELETE', `/v1/admin/users/admin/${superId}`, clerkToken),
        403,
        /^You cannot remove an admin who holds permissions you do not hold: dashboard\.read, /,
        'FORBIDDEN',
      );
      expectRefused(
        await call('PATCH', `/v1/admin/users/admin/${superId}/role`, clerkToken, { roleId: clerk.json().data._id }),
        403,
        /^You cannot change the role of an admin who holds permissions you do not hold: dashboard\.read, /,
        'FORBIDDEN',
      );
      expectRefused(await call('DELETE', `/v1/admin/users/admin/${superId}`, manager), 409, LAST, 'CONFLICT');
      expectRefused(
        await call('PATCH', `/v1/admin/users/admin/${superId}/role`, manager, { roleId: roleIds['Support'] }),
        409,
        LAST,
        'CONFLICT',
      );
    });
    expect((await call('GET', '/v1/admin/me', tok.super!)).json().data.authRole.name).toBe('Super Admin');
  });

  it('nobody removes their own account, whatever their role', async () => {
    const managerId = await staffId('objects.manager@vaultdesk.test');
    await unchanged(async () => {
      expectRefused(
        await call('DELETE', `/v1/admin/users/admin/${managerId}`, manager),
        409,
        'You cannot remove your own account',
        'CONFLICT',
      );
    });
  });

  it('with a second Super Admin one may go, and then the other is the last', async () => {
    await insertStaff(t.db, 'objects.super2@vaultdesk.test', 'Second Super', 'Super Admin');
    const second = await staffId('objects.super2@vaultdesk.test');
    const moved = await call('PATCH', `/v1/admin/users/admin/${superId}/role`, manager, {
      roleId: roleIds['Compliance'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await activeSupers()).toEqual(['objects.super2@vaultdesk.test']);
    await unchanged(async () => {
      expectRefused(await call('DELETE', `/v1/admin/users/admin/${second}`, manager), 409, LAST, 'CONFLICT');
      expectRefused(
        await call('PATCH', `/v1/admin/users/admin/${second}/role`, manager, { roleId: roleIds['Team Manager'] }),
        409,
        LAST,
        'CONFLICT',
      );
    });
    // Moving a Super Admin to Super Admin is no change (409 naming the role), not a way round.
    expectRefused(
      await call('PATCH', `/v1/admin/users/admin/${second}/role`, manager, { roleId: roleIds['Super Admin'] }),
      409,
      'This admin already has the role Super Admin',
    );
    expect(
      (await call('PATCH', `/v1/admin/users/admin/${superId}/role`, manager, { roleId: roleIds['Super Admin'] }))
        .statusCode,
    ).toBe(200);
    expect(await activeSupers()).toEqual([demo('superadmin').email, 'objects.super2@vaultdesk.test'].sort());
  });
});

describe('a KYC case held by one reviewer', () => {
  it('is not handed to another by Manage Random KYC; the holder shows on the record', async () => {
    await q(`UPDATE kyc_records SET level_two_status = 'approved' WHERE level_two_status = 'submitted'`);
    const [user] = await q<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code, kyc_level_two_status) VALUES ('Held Case', 'heldcase', 'held.case@example.test', 'HELD1', 'submitted') RETURNING id`,
    );
    await q(
      `INSERT INTO kyc_records (user_id, first_name, last_name, phone_number, date_of_birth, gender, resident_address, country_code, device_id, idcard_type, idcard_number, level_two_status)
             VALUES ($1, 'Held', 'Case', '+2348199999999', '1990-01-01', 'f', 'Lagos', 'NG', 'held-dev', 'National_ID', 'HELD-ID', 'submitted')`,
      [user!.id],
    );
    const claimed = await call('GET', '/v1/admin/kyc/random-kyc-records', tok.support!);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toBe(user!.id);
    await unchanged(async () => {
      for (const token of [tok.support2!, tok.compliance!]) {
        expectRefused(
          await call('GET', '/v1/admin/kyc/random-kyc-records', token),
          404,
          'No Unattended KYC',
          'NOT_FOUND',
        );
      }
    });
    const record = (await call('GET', `/v1/admin/kyc/getkyc-by-level?userId=${user!.id}`, tok.support2!)).json().data
      .record[0];
    expect(record.claimedBy).toBe(demo('support').email);
  });
});

describe("the admin profile and its sessions are the caller's own", () => {
  it("a name change, sign-out of other sessions and sign-out touch no other staff member's account", async () => {
    const others = async () =>
      q(`SELECT s.email, s.full_name, ss.token_hash, ss.revoked_at FROM staff s JOIN staff_sessions ss ON ss.staff_id = s.id
                                   WHERE s.email <> 'objects.support2@vaultdesk.test' ORDER BY ss.token_hash`);
    const before = await others();
    const spare = await sessionFor(t.db, 'objects.support2@vaultdesk.test');
    const rename = await call('PUT', '/v1/admin/profile', spare, { fullName: 'Renamed Support' });
    expect(rename.statusCode, rename.body).toBe(200);
    const revoke = await call('POST', '/v1/admin/sessions/sign-out-others', spare);
    expect(revoke.statusCode, revoke.body).toBe(200);
    // They did act on the caller's own account: its other session ended, then this one.
    expect((await call('GET', '/v1/admin/me', tok.support2!)).statusCode).toBe(401);
    expect((await call('POST', '/v1/admin/logout', spare)).statusCode).toBe(200);
    expect((await call('GET', '/v1/admin/me', spare)).statusCode).toBe(401);
    expect(await others()).toEqual(before);
    expect((await q(`SELECT full_name FROM staff WHERE email = 'objects.support2@vaultdesk.test'`))[0]).toEqual({
      full_name: 'Renamed Support',
    });
    expect((await call('GET', '/v1/admin/profile', tok.support!)).json().data.email).toBe(demo('support').email);
  });
});
