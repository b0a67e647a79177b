import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, COMPLIANCE_PERMISSIONS } from '@vaultdesk/contract';
import { bearer, createTestApp, insertStaff, sessionFor, type TestApp } from '../../test/helpers';
import { accessFingerprint } from '../../test/access';

/**
 * Nobody grants what they do not hold, as a generated check beside the route matrix: for every
 * pair (caller's role, role granted) over the seeded roles and a few custom ones, through every
 * call that hands out or takes away permissions, the call is granted iff the caller may use the
 * route and the permissions handed out (or taken away) are contained in the caller's own. A
 * refusal is a 403 naming exactly the permissions the caller lacks, and the database is as it
 * was (access/accessFingerprint: admins, roles, invites, mail, sessions, audit trail).
 */
let t: TestApp;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];

/** The custom roles of the matrix, beside the four seeded ones. */
const CUSTOM: Record<string, readonly string[]> = {
  // Issue 20's escalation: may manage admins, nothing else.
  'Matrix clerk': ['self.account', 'admins.read', 'admins.manage'],
  // Compliance plus the two managing permissions: hands out Compliance, not Super Admin.
  'Matrix lead': [...COMPLIANCE_PERMISSIONS, 'admins.manage', 'roles.manage'],
  // A subset of the lead's.
  'Matrix subset': ['self.account', 'admins.read', 'admins.manage', 'roles.manage', 'users.read'],
  // Super Admin short of one permission.
  'Matrix all but audit': ALL_PERMISSIONS.filter((p) => p !== 'audit.read'),
  'Matrix self only': ['self.account'],
  // No permission at all (the API asks for at least one; written here by SQL).
  'Matrix empty': [],
};
const SEEDED = ['Super Admin', 'Compliance', 'Support', 'KYC Reviewer'];

type Role = { id: string; title: string; permissions: string[] };
const roles: Role[] = [];
const callers = new Map<string, string>();
let startRole: Role;

beforeAll(async () => {
  t = await createTestApp();
  for (const [title, permissions] of Object.entries(CUSTOM)) {
    await q(`INSERT INTO roles (slug, title, permissions) VALUES ($1, $2, $3)`, [
      title.toLowerCase().replace(/\W+/g, '-'),
      title,
      permissions,
    ]);
  }
  // Where moved admins start, and what a modified role starts as: nothing, contained in everyone's.
  await q(`INSERT INTO roles (slug, title, permissions) VALUES ('matrix-start', 'Matrix start', '{}')`);
  const rows = await q<Role>(`SELECT id, title, permissions FROM roles WHERE title = ANY($1)`, [
    [...SEEDED, ...Object.keys(CUSTOM), 'Matrix start'],
  ]);
  startRole = rows.find((r) => r.title === 'Matrix start')!;
  for (const title of [...SEEDED, ...Object.keys(CUSTOM)]) roles.push(rows.find((r) => r.title === title)!);
  for (const role of roles) {
    const email = `grant-caller-${role.id.slice(0, 8)}@vaultdesk.test`;
    await insertStaff(t.db, email, `Caller ${role.title}`, role.title);
    callers.set(role.id, await sessionFor(t.db, email));
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}), remoteAddress: '10.61.0.1' });
/** The permissions of `wanted` that `held` lacks, in catalogue order, as the API names them. */
const lacking = (held: readonly string[], wanted: readonly string[]) =>
  ALL_PERMISSIONS.filter((p) => wanted.includes(p) && !held.includes(p));
let seq = 0;
const fresh = () => `${Date.now().toString(36)}-${seq++}`;
const staffWith = async (role: Role) => {
  const email = `grant-target-${fresh()}@vaultdesk.test`;
  await insertStaff(t.db, email, 'Matrix Target', role.title);
  return (await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [email]))[0]!.id;
};
const roleWith = async (permissions: readonly string[]) => {
  const title = `Matrix target ${fresh()}`;
  return (
    await q<{ id: string }>(`INSERT INTO roles (slug, title, permissions) VALUES ($1, $1, $2) RETURNING id`, [
      title,
      permissions,
    ])
  )[0]!.id;
};
const staffRole = async (id: string) =>
  (await q<{ role_id: string; status: string }>(`SELECT role_id, status FROM staff WHERE id = $1`, [id]))[0];
const rolePermissions = async (id: string) =>
  (await q<{ permissions: string[] }>(`SELECT permissions FROM roles WHERE id = $1`, [id]))[0]?.permissions;

type Operation = {
  name: string;
  /** The route's own permission. */
  needs: 'admins.manage' | 'roles.manage';
  /** How the refusal words it when the granted role `g` is beyond the caller. */
  refusal: string;
  /** Skipped for the empty role: the contract asks a role body for at least one permission (400). */
  needsPermissions?: boolean;
  /** Writes the call's target, and returns the call and a check of the database for when it was granted. */
  prepare: (g: Role) => Promise<{ send: (token: string) => ReturnType<typeof call>; applied: () => Promise<void> }>;
};

const OPERATIONS: Operation[] = [
  {
    name: 'POST admin/setup with role g',
    needs: 'admins.manage',
    refusal: 'You cannot grant permissions you do not hold',
    prepare: async (g) => {
      const email = `grant-new-${fresh()}@vaultdesk.test`;
      return {
        send: (token) => call('POST', '/v1/admin/setup', token, { fullName: 'Matrix Newcomer', email, roleId: g.id }),
        applied: async () => {
          expect(await q(`SELECT role_id, status FROM staff WHERE email = $1`, [email])).toEqual([
            { role_id: g.id, status: 'pending' },
          ]);
        },
      };
    },
  },
  {
    name: 'PATCH admin/users/admin/{id}/role to g',
    needs: 'admins.manage',
    refusal: 'You cannot grant permissions you do not hold',
    prepare: async (g) => {
      const id = await staffWith(startRole);
      return {
        send: (token) => call('PATCH', `/v1/admin/users/admin/${id}/role`, token, { roleId: g.id }),
        applied: async () => expect(await staffRole(id)).toEqual({ role_id: g.id, status: 'active' }),
      };
    },
  },
  {
    name: 'PATCH admin/users/admin/{id}/role of an admin holding g',
    needs: 'admins.manage',
    refusal: 'You cannot change the role of an admin who holds permissions you do not hold',
    prepare: async (g) => {
      const id = await staffWith(g);
      return {
        send: (token) => call('PATCH', `/v1/admin/users/admin/${id}/role`, token, { roleId: startRole.id }),
        applied: async () => expect(await staffRole(id)).toEqual({ role_id: startRole.id, status: 'active' }),
      };
    },
  },
  {
    name: 'DELETE admin/users/admin/{id} of an admin holding g',
    needs: 'admins.manage',
    refusal: 'You cannot remove an admin who holds permissions you do not hold',
    prepare: async (g) => {
      const id = await staffWith(g);
      return {
        send: (token) => call('DELETE', `/v1/admin/users/admin/${id}`, token),
        applied: async () => expect(await staffRole(id)).toEqual({ role_id: g.id, status: 'removed' }),
      };
    },
  },
  {
    name: "POST admin/roles with g's permissions",
    needs: 'roles.manage',
    refusal: 'You cannot grant permissions you do not hold',
    needsPermissions: true,
    prepare: async (g) => {
      const title = `Matrix made ${fresh()}`;
      return {
        send: (token) => call('POST', '/v1/admin/roles', token, { title, permissions: g.permissions }),
        applied: async () =>
          expect(await q(`SELECT permissions FROM roles WHERE title = $1`, [title])).toEqual([
            { permissions: g.permissions },
          ]),
      };
    },
  },
  {
    name: "PATCH admin/roles/{id} into g's permissions",
    needs: 'roles.manage',
    refusal: 'You cannot grant permissions you do not hold',
    needsPermissions: true,
    prepare: async (g) => {
      const id = await roleWith([]);
      return {
        send: (token) =>
          call('PATCH', `/v1/admin/roles/${id}`, token, {
            title: `Matrix modified ${fresh()}`,
            permissions: g.permissions,
          }),
        applied: async () => expect(await rolePermissions(id)).toEqual(g.permissions),
      };
    },
  },
  {
    name: "PATCH admin/roles/{id} of a role holding g's permissions, down to self.account",
    needs: 'roles.manage',
    refusal: 'You cannot modify a role that holds permissions you do not hold',
    prepare: async (g) => {
      const id = await roleWith(g.permissions);
      return {
        send: (token) =>
          call('PATCH', `/v1/admin/roles/${id}`, token, {
            title: `Matrix cut ${fresh()}`,
            permissions: ['self.account'],
          }),
        applied: async () => expect(await rolePermissions(id)).toEqual(['self.account']),
      };
    },
  },
  {
    name: "DELETE admin/roles/{id} of a role holding g's permissions",
    needs: 'roles.manage',
    refusal: 'You cannot delete a role that holds permissions you do not hold',
    prepare: async (g) => {
      const id = await roleWith(g.permissions);
      return {
        send: (token) => call('DELETE', `/v1/admin/roles/${id}`, token),
        applied: async () => expect(await rolePermissions(id)).toBeUndefined(),
      };
    },
  },
];

describe("granting: for every (caller role, granted role), granted iff contained in the caller's permissions", () => {
  it('covers the seeded roles and the custom ones, the subset, the superset-minus-one and the empty role', () => {
    expect(roles.map((r) => r.title)).toEqual([...SEEDED, ...Object.keys(CUSTOM)]);
    const byTitle = Object.fromEntries(roles.map((r) => [r.title, r.permissions]));
    expect(lacking(byTitle['Matrix lead']!, byTitle['Matrix subset']!)).toEqual([]);
    expect(lacking(byTitle['Matrix all but audit']!, byTitle['Super Admin']!)).toEqual(['audit.read']);
    expect(byTitle['Matrix empty']).toEqual([]);
  });

  for (const operation of OPERATIONS) {
    it(
      operation.name,
      async () => {
        const tally = { granted: 0, guard: 0, notHeld: 0 };
        for (const caller of roles) {
          const token = callers.get(caller.id)!;
          for (const g of roles) {
            if (operation.needsPermissions && g.permissions.length === 0) continue;
            const pair = `${caller.title} -> ${g.title}`;
            const missing = lacking(caller.permissions, g.permissions);
            const { send, applied } = await operation.prepare(g);
            const before = await accessFingerprint(t.db);
            const res = await send(token);
            if (!caller.permissions.includes(operation.needs)) {
              tally.guard++;
              expect(res.statusCode, `${pair}: ${res.body}`).toBe(403);
              expect(res.json().message, pair).toBe('You do not have permission to do this');
              expect(await accessFingerprint(t.db), pair).toEqual(before);
            } else if (missing.length) {
              tally.notHeld++;
              expect(res.statusCode, `${pair}: ${res.body}`).toBe(403);
              expect(res.json(), pair).toEqual({
                code: 'FORBIDDEN',
                message: `${operation.refusal}: ${missing.join(', ')}`,
              });
              expect(await accessFingerprint(t.db), pair).toEqual(before);
            } else {
              tally.granted++;
              expect(res.statusCode, `${pair}: ${res.body}`).toBe(200);
              await applied();
              expect((await accessFingerprint(t.db)).audit, pair).toBe(Number(before.audit) + 1);
            }
          }
        }
        // Neither half of the matrix is empty: some pairs are granted, some refused for want of a permission.
        expect(tally.granted, JSON.stringify(tally)).toBeGreaterThanOrEqual(5);
        expect(tally.notHeld, JSON.stringify(tally)).toBeGreaterThanOrEqual(5);
        expect(tally.guard, JSON.stringify(tally)).toBeGreaterThan(0);
      },
      120_000,
    );
  }
});
