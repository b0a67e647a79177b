import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@vaultdesk/contract';
import { bearer, demo, freshCode, insertStaff, roleIdsByTitle, sessionFor, useTestApp } from '../../../test/helpers';
import { accessFingerprint } from '../../../test/access';

/**
 * Issue 20, finding 1, replayed through the API: a role that may only manage admins must not make
 * its holder Super Admin. Nobody grants a permission they do not hold.
 */
const { t, tokens, q } = useTestApp();
let roleIds: Record<string, string>;

beforeAll(async () => {
  roleIds = await roleIdsByTitle(t.db);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object, remoteAddress = '10.21.0.1') =>
  t.app.inject({ method, url, headers: bearer(token), payload, remoteAddress });
const staffId = async (email: string) =>
  (await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [email]))[0]!.id;
const roleRow = async (id: string) =>
  (await q(`SELECT title, description, permissions, updated_at FROM roles WHERE id = $1`, [id]))[0];
const missingFrom = (held: readonly string[]) => ALL_PERMISSIONS.filter((p) => !held.includes(p)).join(', ');

/** Onboards an admin the way the product does: setup by a Super Admin, the mailed link, two-factor, a new password. */
async function onboard(email: string, fullName: string, roleId: string, address: string) {
  const setup = await call('POST', '/v1/admin/setup', tokens.superadmin, { fullName, email, roleId });
  expect(setup.statusCode, setup.body).toBe(200);
  const temporaryPassword: string = setup.json().data.temporaryPassword;
  const [mail] = await q<{ text: string }>(
    `SELECT text FROM mail_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const link = /\/confirm-admin\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  expect(
    (await t.app.inject({ method: 'POST', url: `/v1/admin/confirm-super?token=${link}`, remoteAddress: address }))
      .statusCode,
  ).toBe(200);
  const first = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    payload: { email, password: temporaryPassword },
    remoteAddress: address,
  });
  const pending: string = first.json().data.token;
  const { secret } = (await call('POST', '/v1/auth/2fa/start/enable', pending, undefined, address)).json().data as {
    secret: string;
  };
  const enabled = await call(
    'POST',
    '/v1/auth/2fa/create/enable',
    pending,
    { secret, code: await freshCode(secret), password: temporaryPassword },
    address,
  );
  expect(enabled.statusCode, enabled.body).toBe(200);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    payload: { email, password: temporaryPassword, code: await freshCode(secret) },
    remoteAddress: address,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const token: string = signIn.json().data.token;
  const password = 'Cl3rk-Own-Passw0rd!';
  const changed = await call(
    'PUT' as Method,
    '/v1/admin/password/update',
    token,
    { currentPassword: temporaryPassword, password, confirmPassword: password },
    address,
  );
  expect(changed.statusCode, changed.body).toBe(200);
  return token;
}

describe('issue 20, finding 1: a role that may only manage admins', () => {
  const CLERK = ['self.account', 'admins.read', 'admins.manage'];
  const clerkEmail = 'team.clerk@vaultdesk.test';
  let clerkRole: string;
  let clerkToken: string;

  beforeAll(async () => {
    const created = await call('POST', '/v1/admin/roles', tokens.superadmin, {
      title: 'Team clerk',
      permissions: CLERK,
    });
    expect(created.statusCode, created.body).toBe(200);
    clerkRole = created.json().data._id;
    clerkToken = await onboard(clerkEmail, 'Terry Clerk', clerkRole, '10.21.1.1');
    const me = await call('GET', '/v1/admin/me', clerkToken);
    expect(me.json().data.authRole.permissions).toEqual(CLERK);
  });

  it('cannot make its holder Super Admin: 403 naming every permission it lacks, nothing changed', async () => {
    const before = await accessFingerprint(t.db);
    const roleBefore = await roleRow(clerkRole);
    const own = await staffId(clerkEmail);
    const res = await call('PATCH', `/v1/admin/users/admin/${own}/role`, clerkToken, {
      roleId: roleIds['Super Admin'],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      message: `You cannot grant permissions you do not hold: ${missingFrom(CLERK)}`,
    });
    expect(missingFrom(CLERK).split(', ')).toHaveLength(ALL_PERMISSIONS.length - 3);
    const me = await call('GET', '/v1/admin/me', clerkToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.authRole).toMatchObject({ name: 'Team clerk', permissions: CLERK });
    expect(me.json().data.authRole.permissions).toHaveLength(3);
    expect(await roleRow(clerkRole)).toEqual(roleBefore);
    expect((await q(`SELECT role_id FROM staff WHERE id = $1`, [own]))[0]).toEqual({ role_id: clerkRole });
    expect(await accessFingerprint(t.db)).toEqual(before);
  });

  it('cannot set up a new Super Admin: 403, no admin created, no mail, no audit row', async () => {
    const before = await accessFingerprint(t.db);
    const res = await call('POST', '/v1/admin/setup', clerkToken, {
      fullName: 'Shadow Super',
      email: 'shadow.super@vaultdesk.test',
      roleId: roleIds['Super Admin'],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(`You cannot grant permissions you do not hold: ${missingFrom(CLERK)}`);
    expect(await q(`SELECT 1 FROM staff WHERE email = 'shadow.super@vaultdesk.test'`)).toEqual([]);
    expect(await accessFingerprint(t.db)).toEqual(before);
    // Nor a Support or Compliance admin: each of those roles holds permissions the clerk lacks.
    for (const title of ['Support', 'Compliance']) {
      const other = await call('POST', '/v1/admin/setup', clerkToken, {
        fullName: 'Shadow Staff',
        email: 'shadow.staff@vaultdesk.test',
        roleId: roleIds[title],
      });
      expect(other.statusCode, title).toBe(403);
      const [{ permissions }] = (await q<{ permissions: string[] }>(`SELECT permissions FROM roles WHERE id = $1`, [
        roleIds[title],
      ])) as [{ permissions: string[] }];
      const lacked = ALL_PERMISSIONS.filter((p) => permissions.includes(p) && !CLERK.includes(p));
      expect(other.json().message, title).toBe(`You cannot grant permissions you do not hold: ${lacked.join(', ')}`);
    }
    expect(await accessFingerprint(t.db)).toEqual(before);
  });

  it('may hand out what it holds: a second clerk with the same role', async () => {
    const res = await call('POST', '/v1/admin/setup', clerkToken, {
      fullName: 'Second Clerk',
      email: 'second.clerk@vaultdesk.test',
      roleId: clerkRole,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toEqual({ _id: clerkRole, title: 'Team clerk' });
    expect(
      await q(
        `SELECT actor_email, after->>'role' AS role FROM audit_log WHERE action = 'admin.create' AND target_id = $1`,
        [res.json().data._id],
      ),
    ).toEqual([{ actor_email: clerkEmail, role: 'Team clerk' }]);
  });

  it('cannot demote or remove a Super Admin, nor change its own role even to one it holds', async () => {
    const selfOnly = (
      await call('POST', '/v1/admin/roles', tokens.superadmin, { title: 'Self only', permissions: ['self.account'] })
    ).json().data._id as string;
    const superId = await staffId(demo('superadmin').email);
    const before = await accessFingerprint(t.db);
    const demote = await call('PATCH', `/v1/admin/users/admin/${superId}/role`, clerkToken, { roleId: selfOnly });
    expect(demote.statusCode, demote.body).toBe(403);
    expect(demote.json().message).toBe(
      `You cannot change the role of an admin who holds permissions you do not hold: ${missingFrom(CLERK)}`,
    );
    const remove = await call('DELETE', `/v1/admin/users/admin/${superId}`, clerkToken);
    expect(remove.statusCode, remove.body).toBe(403);
    expect(remove.json().message).toBe(
      `You cannot remove an admin who holds permissions you do not hold: ${missingFrom(CLERK)}`,
    );
    const own = await call('PATCH', `/v1/admin/users/admin/${await staffId(clerkEmail)}/role`, clerkToken, {
      roleId: selfOnly,
    });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().message).toBe('You cannot change your own role');
    expect(await accessFingerprint(t.db)).toEqual(before);
    // A Super Admin cannot change their own role either.
    const superOwn = await call('PATCH', `/v1/admin/users/admin/${superId}/role`, tokens.superadmin, {
      roleId: selfOnly,
    });
    expect(superOwn.statusCode).toBe(403);
    expect(superOwn.json().message).toBe('You cannot change your own role');
    expect(await accessFingerprint(t.db)).toEqual(before);
  });

  it('can move an admin between roles it holds', async () => {
    const selfOnly =
      roleIds['Self only'] ?? (await q<{ id: string }>(`SELECT id FROM roles WHERE title = 'Self only'`))[0]!.id;
    const id = await staffId('second.clerk@vaultdesk.test');
    const res = await call('PATCH', `/v1/admin/users/admin/${id}/role`, clerkToken, { roleId: selfOnly });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toEqual({ _id: selfOnly, title: 'Self only' });
    expect(await q(`SELECT before, after FROM audit_log WHERE action = 'admin.role' AND target_id = $1`, [id])).toEqual(
      [{ before: { role: 'Team clerk' }, after: { role: 'Self only' } }],
    );
  });
});

describe("roles: created and modified only within the editor's own permissions", () => {
  const KEEPER = ['self.account', 'admins.read', 'roles.manage', 'users.read'];
  const keeperEmail = 'role.keeper@vaultdesk.test';
  let keeperRole: string;
  let keeper: string;

  beforeAll(async () => {
    keeperRole = (
      await call('POST', '/v1/admin/roles', tokens.superadmin, { title: 'Role keeper', permissions: KEEPER })
    ).json().data._id;
    await insertStaff(t.db, keeperEmail, 'Rhea Keeper', 'Role keeper');
    keeper = await sessionFor(t.db, keeperEmail);
  });

  it('create: 403 naming what the editor lacks, no role written; 200 within its permissions', async () => {
    const before = await accessFingerprint(t.db);
    const res = await call('POST', '/v1/admin/roles', keeper, {
      title: 'Reader plus',
      permissions: ['self.account', 'users.read', 'audit.read', 'treasury.read'],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('You cannot grant permissions you do not hold: audit.read, treasury.read');
    expect(await q(`SELECT 1 FROM roles WHERE title = 'Reader plus'`)).toEqual([]);
    expect(await accessFingerprint(t.db)).toEqual(before);
    const ok = await call('POST', '/v1/admin/roles', keeper, {
      title: 'Reader',
      permissions: ['self.account', 'users.read'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.permissions).toEqual(['self.account', 'users.read']);
  });

  it('modify: into a set it holds only; never a role beyond it, never its own role', async () => {
    const reader = (await q<{ id: string }>(`SELECT id FROM roles WHERE title = 'Reader'`))[0]!.id;
    const auditor = (
      await call('POST', '/v1/admin/roles', tokens.superadmin, {
        title: 'Auditor',
        permissions: ['self.account', 'audit.read'],
      })
    ).json().data._id as string;
    const before = await accessFingerprint(t.db);
    const cases: [string, object, string][] = [
      [
        reader,
        { title: 'Reader', permissions: ['self.account', 'users.read', 'users.manage'] },
        'You cannot grant permissions you do not hold: users.manage',
      ],
      // Cutting down a role beyond the editor's reach is refused too: it is not theirs to change.
      [
        auditor,
        { title: 'Auditor', permissions: ['self.account'] },
        'You cannot modify a role that holds permissions you do not hold: audit.read',
      ],
      [
        keeperRole,
        { title: 'Role keeper', permissions: ['self.account', 'roles.manage'] },
        'You cannot modify the role you hold: another admin must',
      ],
    ];
    for (const [id, body, message] of cases) {
      const res = await call('PATCH', `/v1/admin/roles/${id}`, keeper, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(message);
    }
    const del = await call('DELETE', `/v1/admin/roles/${auditor}`, keeper);
    expect(del.statusCode, del.body).toBe(403);
    expect(del.json().message).toBe('You cannot delete a role that holds permissions you do not hold: audit.read');
    expect(await accessFingerprint(t.db)).toEqual(before);
    const ok = await call('PATCH', `/v1/admin/roles/${reader}`, keeper, {
      title: 'Reader',
      description: 'Reads customers',
      permissions: ['self.account', 'users.read', 'admins.read'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await roleRow(reader)).toMatchObject({
      description: 'Reads customers',
      permissions: ['self.account', 'users.read', 'admins.read'],
    });
  });

  it("reads the editor's permissions in the change's own transaction: a demotion committed meanwhile is seen, not the cached session", async () => {
    const editorEmail = 'race.keeper@vaultdesk.test';
    const raceRole = (
      await call('POST', '/v1/admin/roles', tokens.superadmin, { title: 'Race keeper', permissions: KEEPER })
    ).json().data._id as string;
    await insertStaff(t.db, editorEmail, 'Race Keeper', 'Race keeper');
    const editor = await sessionFor(t.db, editorEmail);
    // The session is resolved and cached with users.read in it.
    expect((await call('GET', '/v1/admin/me', editor)).json().data.authRole.permissions).toContain('users.read');
    // A demotion in progress: the editor's role row is updated and locked in an open transaction.
    const other = await t.db.$client.connect();
    try {
      await other.query('BEGIN');
      await other.query(`UPDATE roles SET permissions = array_remove(permissions, 'users.read') WHERE id = $1`, [
        raceRole,
      ]);
      let settled = false;
      const pending = call('POST', '/v1/admin/roles', editor, {
        title: 'Raced',
        permissions: ['self.account', 'users.read'],
      }).then((r) => {
        settled = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 400));
      expect(settled, 'the grant waits for the demotion to commit or roll back').toBe(false);
      await other.query('COMMIT');
      const res = await pending;
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('You cannot grant permissions you do not hold: users.read');
      expect(await q(`SELECT 1 FROM roles WHERE title = 'Raced'`)).toEqual([]);
    } finally {
      other.release();
    }
  });
});
