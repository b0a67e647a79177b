import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@vaultdesk/contract';
import { bearer, demo, insertStaff, roleIdsByTitle, sessionFor, useTestApp } from '../../../test/helpers';

const { t, tokens, q } = useTestApp();
let roleIds: Record<string, string>;

beforeAll(async () => {
  roleIds = await roleIdsByTitle(t.db);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token = tokens.superadmin, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload, remoteAddress: '10.30.0.1' });
const staffId = async (email: string) =>
  (await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [email]))[0]!.id;
const audits = (action: string, targetId: string) =>
  q(`SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2`, [action, targetId]);

describe('GET admin/users/admin', () => {
  it('lists admins 20 per page with fullName, email, lastLogin and role title', async () => {
    for (let i = 0; i < 22; i++)
      await insertStaff(t.db, `list.${String(i).padStart(2, '0')}@vaultdesk.test`, `List Admin ${i}`, 'Support');
    await q(`UPDATE staff SET last_login_at = '2026-11-01T10:00:00Z' WHERE email = $1`, [demo('support').email]);
    const res = await call('GET', '/v1/admin/users/admin');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const n = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE status <> 'removed'`))[0]!.n;
    expect(data).toMatchObject({ current: 1, pageSize: 20, totalRecords: n });
    expect(data.records).toHaveLength(20);
    const support = data.records.find((r: { email: string }) => r.email === demo('support').email);
    expect(support).toMatchObject({
      fullName: 'Wanjiru Support',
      lastLogin: '2026-11-01T10:00:00.000Z',
      role: { _id: roleIds['Support'], title: 'Support' },
    });
    const page2 = (await call('GET', '/v1/admin/users/admin?page=2&pageSize=20')).json().data;
    expect(page2.current).toBe(2);
    expect(page2.records).toHaveLength(n - 20);
    expect(new Set([...data.records, ...page2.records].map((r: { _id: string }) => r._id)).size).toBe(n);
  });

  it('is open to Compliance, refused to Support, and 400 for a bad page', async () => {
    expect((await call('GET', '/v1/admin/users/admin', tokens.compliance)).statusCode).toBe(200);
    const support = await sessionFor(t.db, demo('support').email);
    expect((await call('GET', '/v1/admin/users/admin', support)).statusCode).toBe(403);
    const bad = await call('GET', '/v1/admin/users/admin?page=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('page');
  });
});

describe('DELETE admin/users/admin/{id}', () => {
  it('removes an admin, revokes their sessions at once, and writes an audit row', async () => {
    const email = 'to.remove@vaultdesk.test';
    await insertStaff(t.db, email, 'To Remove', 'Support');
    const id = await staffId(email);
    const theirToken = await sessionFor(t.db, email);
    expect((await call('GET', '/v1/admin/dashboard', theirToken)).statusCode).toBe(200); // cached now
    const res = await call('DELETE', `/v1/admin/users/admin/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Admin removed Successfully',
      data: { _id: id, email, status: 'removed', revokedSessions: 1 },
    });
    expect((await call('GET', '/v1/admin/dashboard', theirToken)).statusCode).toBe(401);
    expect((await q(`SELECT status FROM staff WHERE id = $1`, [id]))[0]).toEqual({ status: 'removed' });
    expect(
      (await q(`SELECT count(*)::int AS n FROM staff_sessions WHERE staff_id = $1 AND revoked_at IS NULL`, [id]))[0],
    ).toEqual({ n: 0 });
    expect(await audits('admin.remove', id)).toEqual([
      {
        actor_email: demo('superadmin').email,
        before: { email, status: 'active', role: 'Support' },
        after: { status: 'removed', revokedSessions: 1 },
      },
    ]);
    const list = (await call('GET', '/v1/admin/users/admin?pageSize=100')).json().data.records as { _id: string }[];
    expect(list.map((r) => r._id)).not.toContain(id);
    expect((await call('DELETE', `/v1/admin/users/admin/${id}`)).statusCode).toBe(404);
  });

  it("refuses to remove the last Super Admin (409) and one's own account", async () => {
    const self = await staffId(demo('superadmin').email);
    const own = await call('DELETE', `/v1/admin/users/admin/${self}`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot remove your own account');

    // A second Super Admin removes the first: allowed; then the first cannot be... the last one stays.
    const email = 'second.super@vaultdesk.test';
    await insertStaff(t.db, email, 'Second Super', 'Super Admin');
    const second = await staffId(email);
    const secondToken = await sessionFor(t.db, email);
    // Two removals at once, each of the other Super Admin: exactly one wins.
    const [a, b] = await Promise.all([
      call('DELETE', `/v1/admin/users/admin/${second}`, tokens.superadmin),
      call('DELETE', `/v1/admin/users/admin/${self}`, secondToken),
    ]);
    // The loser is refused as the last Super Admin (409), or, when the winner's removal committed
    // before the loser's request was signed in, its own session has ended with its account (401).
    const winners = [a, b].filter((r) => r.statusCode === 200);
    expect(winners, `${a.statusCode} ${a.body} / ${b.statusCode} ${b.body}`).toHaveLength(1);
    const loser = a === winners[0] ? b : a;
    expect([401, 409]).toContain(loser.statusCode);
    expect([
      'The last Super Admin cannot be removed or given another role',
      'Not authenticated. Sign in.',
      'Session expired. Sign in again.',
    ]).toContain(loser.json().message);
    const n = (
      await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM staff s JOIN roles r ON r.id = s.role_id WHERE r.slug = 'super-admin' AND s.status = 'active'`,
      )
    )[0]!.n;
    expect(n).toBe(1);
    // Restore the demo Super Admin if it was the one removed.
    await q(`UPDATE staff SET status = 'active' WHERE id = $1`, [self]);
    tokens.superadmin = await sessionFor(t.db, demo('superadmin').email);
  });

  it('is refused to Compliance (403) and writes nothing', async () => {
    const id = await staffId(demo('support').email);
    const res = await call('DELETE', `/v1/admin/users/admin/${id}`, tokens.compliance);
    expect(res.statusCode).toBe(403);
    expect((await q(`SELECT status FROM staff WHERE id = $1`, [id]))[0]).toEqual({ status: 'active' });
    expect(await audits('admin.remove', id)).toEqual([]);
  });
});

describe('PATCH admin/users/admin/{id}/role', () => {
  it("changes an admin's role; it takes effect on their very next call", async () => {
    const email = 'role.change@vaultdesk.test';
    await insertStaff(t.db, email, 'Role Change', 'Support');
    const id = await staffId(email);
    const token = await sessionFor(t.db, email);
    expect((await call('GET', '/v1/admin/users/admin', token)).statusCode).toBe(403);
    const res = await call('PATCH', `/v1/admin/users/admin/${id}/role`, tokens.superadmin, {
      roleId: roleIds['Compliance'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ _id: id, email, role: { _id: roleIds['Compliance'], title: 'Compliance' } });
    expect((await call('GET', '/v1/admin/users/admin', token)).statusCode).toBe(200);
    expect(await audits('admin.role', id)).toEqual([
      { actor_email: demo('superadmin').email, before: { role: 'Support' }, after: { role: 'Compliance' } },
    ]);
    const bad = await call('PATCH', `/v1/admin/users/admin/${id}/role`, tokens.superadmin, { roleId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['roleId']);
    expect(
      (await call('PATCH', `/v1/admin/users/admin/${id}/role`, tokens.superadmin, { roleId: roleIds['Compliance'] }))
        .statusCode,
    ).toBe(409);
  });
});

describe('roles: POST, PATCH, DELETE admin/roles', () => {
  it('creates a role with permissions from the catalogue and writes an audit row', async () => {
    const res = await call('POST', '/v1/admin/roles', tokens.superadmin, {
      title: ' Treasury Viewer ',
      description: 'Reads the treasury',
      permissions: ['self.account', 'dashboard.read', 'treasury.read'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Role created Successfully');
    const role = res.json().data;
    expect(role).toMatchObject({
      title: 'Treasury Viewer',
      description: 'Reads the treasury',
      permissions: ['self.account', 'dashboard.read', 'treasury.read'],
      isActive: true,
    });
    const [row] = await q(`SELECT title, permissions, is_system FROM roles WHERE id = $1`, [role._id]);
    expect(row).toEqual({
      title: 'Treasury Viewer',
      permissions: ['self.account', 'dashboard.read', 'treasury.read'],
      is_system: false,
    });
    expect(await audits('role.create', role._id)).toHaveLength(1);
    const dup = await call('POST', '/v1/admin/roles', tokens.superadmin, {
      title: 'Treasury Viewer',
      permissions: ['self.account'],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A role with this title already exists');
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const before = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM roles`))[0]!.n;
    const cases: [object, string][] = [
      [{ description: 'x', permissions: ['self.account'] }, 'title'],
      [{ title: 'No Perms', permissions: [] }, 'permissions'],
      [{ title: 'Bad Perm', permissions: ['self.account', 'root.everything'] }, 'permissions'],
      [{ title: 'Long', description: 'x'.repeat(301), permissions: ['self.account'] }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/v1/admin/roles', tokens.superadmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload)).toContain(field);
    }
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM roles`))[0]!.n).toBe(before);
  });

  it('modifies a role; its holders get the new permissions on their next call', async () => {
    const created = (
      await call('POST', '/v1/admin/roles', tokens.superadmin, {
        title: 'Auditor',
        permissions: ['self.account', 'dashboard.read'],
      })
    ).json().data;
    const email = 'auditor.one@vaultdesk.test';
    await insertStaff(t.db, email, 'Auditor One', 'Auditor');
    const token = await sessionFor(t.db, email);
    expect((await call('GET', '/v1/admin/audit-logs', token)).statusCode).toBe(403);
    const res = await call('PATCH', `/v1/admin/roles/${created._id}`, tokens.superadmin, {
      title: 'Auditor',
      description: 'Reads the trail',
      permissions: ['self.account', 'dashboard.read', 'audit.read'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Role Updated Successfully');
    expect((await call('GET', '/v1/admin/audit-logs', token)).statusCode).toBe(200);
    expect(await audits('role.update', created._id)).toEqual([
      {
        actor_email: demo('superadmin').email,
        before: { title: 'Auditor', description: '', permissions: ['self.account', 'dashboard.read'] },
        after: {
          title: 'Auditor',
          description: 'Reads the trail',
          permissions: ['self.account', 'dashboard.read', 'audit.read'],
        },
      },
    ]);
    const system = await call('PATCH', `/v1/admin/roles/${roleIds['Support']}`, tokens.superadmin, {
      title: 'Support',
      permissions: Object.keys(PERMISSIONS),
    });
    expect(system.statusCode).toBe(409);
  });

  it('refuses to delete a role while admins hold it, then deletes it', async () => {
    const role = (
      await call('POST', '/v1/admin/roles', tokens.superadmin, { title: 'Short Lived', permissions: ['self.account'] })
    ).json().data;
    await insertStaff(t.db, 'short.lived@vaultdesk.test', 'Short Lived', 'Short Lived');
    const held = await call('DELETE', `/v1/admin/roles/${role._id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('This role is held by 1 admin: give them another role first');
    await call('DELETE', `/v1/admin/users/admin/${await staffId('short.lived@vaultdesk.test')}`);
    const res = await call('DELETE', `/v1/admin/roles/${role._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Role deleted Successfully', data: { _id: role._id, title: 'Short Lived' } });
    const titles = ((await call('GET', '/v1/admin/roles?pageSize=100')).json().data.records as { title: string }[]).map(
      (r) => r.title,
    );
    expect(titles).not.toContain('Short Lived');
    expect(await audits('role.delete', role._id)).toHaveLength(1);
    expect((await call('DELETE', `/v1/admin/roles/${role._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/admin/roles/${roleIds['Support']}`)).statusCode).toBe(409);
  });

  it('refuses role changes to Compliance (403)', async () => {
    const res = await call('POST', '/v1/admin/roles', tokens.compliance, {
      title: 'Sneaky',
      permissions: ['self.account'],
    });
    expect(res.statusCode).toBe(403);
    expect(await q(`SELECT 1 FROM roles WHERE title = 'Sneaky'`)).toEqual([]);
  });
});
