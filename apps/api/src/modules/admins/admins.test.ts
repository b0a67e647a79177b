import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@vaultdesk/contract';
import { bearer, demo, freshCode, roleIdsByTitle, sessionFor, useTestApp } from '../../../test/helpers';
import { hashToken } from '../../credentials/credentials';

const { t, tokens } = useTestApp();
let roleIds: Record<string, string>;

beforeAll(async () => {
  roleIds = await roleIdsByTitle(t.db);
});

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: object,
  remoteAddress = '10.20.0.1',
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload, remoteAddress });
const setup = (payload: object, token = tokens.superadmin) => inject('POST', '/v1/admin/setup', token, payload);

/** Rows a refused setup must not have written. */
const counts = async () => {
  const { rows } = await t.db.$client.query(
    `SELECT (SELECT count(*)::int FROM staff) AS staff, (SELECT count(*)::int FROM staff_invites) AS invites,
            (SELECT count(*)::int FROM mail_outbox) AS mail, (SELECT count(*)::int FROM audit_log) AS audit`,
  );
  return { ...rows[0], jobs: t.jobs.sent.length };
};

/** The confirm token, read from the queued mail as the new admin would read it. */
const tokenFromMail = async (email: string) => {
  const { rows } = await t.db.$client.query<{ text: string; html: string }>(
    `SELECT text, html FROM mail_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const m = /http:\/\/localhost:8080\/confirm-admin\/([A-Za-z0-9_-]+)/.exec(rows[0]?.text ?? '');
  if (!m) throw new Error(`no setup link mailed to ${email}`);
  return m[1]!;
};

describe('GET admin/permissions', () => {
  it('serves the permission catalogue', async () => {
    const res = await inject('GET', '/v1/admin/permissions', tokens.superadmin);
    expect(res.statusCode).toBe(200);
    const { permissions } = res.json().data as { permissions: { key: string; description: string }[] };
    expect(permissions.map((p) => p.key).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const p of permissions) expect(p.description).toBe(PERMISSIONS[p.key as keyof typeof PERMISSIONS]);
  });
});

describe('GET admin/roles', () => {
  it('lists roles as records with _id, title and permissions, paged', async () => {
    const {
      rows: [{ n: roleCount }],
    } = await t.db.$client.query(`SELECT count(*)::int AS n FROM roles`);
    const res = await inject('GET', '/v1/admin/roles', tokens.superadmin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.currentPage).toBe(1);
    expect(data.pageSize).toBe(10);
    expect(data.totalRecords).toBe(roleCount);
    expect(data.records).toHaveLength(Math.min(10, roleCount));
    const superAdmin = data.records.find((r: { title: string }) => r.title === 'Super Admin');
    expect(superAdmin._id).toBe(roleIds['Super Admin']);
    expect(superAdmin.permissions.sort()).toEqual(Object.keys(PERMISSIONS).sort());

    const second = await inject('GET', '/v1/admin/roles?page=2&pageSize=3', tokens.superadmin);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.currentPage).toBe(2);
    expect(second.json().data.records).toHaveLength(Math.min(3, Math.max(0, roleCount - 3)));
  });

  it('answers 400 naming the parameter for page=0 or pageSize too large', async () => {
    const zero = await inject('GET', '/v1/admin/roles?page=0', tokens.superadmin);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().code).toBe('BAD_REQUEST');
    expect(Object.keys(zero.json().fields)).toContain('page');
    const big = await inject('GET', '/v1/admin/roles?pageSize=1000', tokens.superadmin);
    expect(big.statusCode).toBe(400);
    expect(Object.keys(big.json().fields)).toContain('pageSize');
    const word = await inject('GET', '/v1/admin/roles?page=abc', tokens.superadmin);
    expect(word.statusCode).toBe(400);
  });
});

describe('POST admin/setup', () => {
  it('creates a pending admin with an argon2id hash, a hashed invite, a queued mail and an audit row', async () => {
    const email = 'ada.new@vaultdesk.test';
    const jobsBefore = t.jobs.sent.length;
    const res = await setup({
      fullName: '  Ada Newcomer ',
      email: ' Ada.New@Vaultdesk.test ',
      roleId: roleIds['Support'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Admin created Successfully');
    const data = res.json().data;
    expect(data).toMatchObject({
      fullName: 'Ada Newcomer',
      email,
      role: { _id: roleIds['Support'], title: 'Support' },
      status: 'pending',
    });
    expect(data.temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12,}$/);
    expect(new Date(data.inviteExpiresAt).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);

    const {
      rows: [row],
    } = await t.db.$client.query(`SELECT * FROM staff WHERE email = $1`, [email]);
    expect(row.id).toBe(data._id);
    expect(row.status).toBe('pending');
    expect(row.must_change_password).toBe(true);
    expect(row.totp_enabled).toBe(false);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(data.temporaryPassword);
    const {
      rows: [creator],
    } = await t.db.$client.query(`SELECT id FROM staff WHERE email = $1`, [demo('superadmin').email]);
    expect(row.created_by).toBe(creator.id);

    const { rows: mails } = await t.db.$client.query(`SELECT * FROM mail_outbox WHERE "to" = $1`, [email]);
    expect(mails).toHaveLength(1);
    expect(mails[0].status).toBe('queued');
    expect(mails[0].subject).toBe('Confirm your Vaultdesk admin account');
    const token = await tokenFromMail(email);
    expect(mails[0].text).toContain(`http://localhost:8080/confirm-admin/${token}`);
    expect(mails[0].html).toContain(`http://localhost:8080/confirm-admin/${token}`);
    expect(mails[0].text).not.toContain(data.temporaryPassword); // handed over by another channel

    const { rows: invites } = await t.db.$client.query(`SELECT * FROM staff_invites WHERE staff_id = $1`, [row.id]);
    expect(invites).toHaveLength(1);
    expect(invites[0].token_hash).toBe(hashToken(token));
    expect(invites[0].confirmed_at).toBeNull();
    const { rows: leaks } = await t.db.$client.query(
      `SELECT 'invite' AS t FROM staff_invites i WHERE strpos(to_jsonb(i)::text, $1) > 0
       UNION ALL SELECT 'staff' FROM staff s WHERE strpos(to_jsonb(s)::text, $1) > 0
       UNION ALL SELECT 'audit' FROM audit_log a WHERE strpos(to_jsonb(a)::text, $1) > 0`,
      [token],
    );
    expect(leaks).toEqual([]); // the plain token lives only in the mail

    expect(t.jobs.sent.slice(jobsBefore)).toContain('mail-dispatch');

    const { rows: audits } = await t.db.$client.query(
      `SELECT * FROM audit_log WHERE action = 'admin.create' AND target_id = $1`,
      [row.id],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0].actor_email).toBe(demo('superadmin').email);
    expect(audits[0].actor_id).toBe(creator.id);
    expect(audits[0].target_type).toBe('staff');
    expect(audits[0].after).toEqual({ email, fullName: 'Ada Newcomer', role: 'Support', status: 'pending' });
  });

  it('answers 400 with the failing fields and writes nothing for bad input', async () => {
    const before = await counts();
    const cases: [object, string][] = [
      [{ email: 'x1@vaultdesk.test', roleId: roleIds['Support'] }, 'fullName'],
      [{ fullName: 'X', email: 'x2@vaultdesk.test', roleId: roleIds['Support'] }, 'fullName'],
      [{ fullName: 'Bad Email', email: 'not-an-email', roleId: roleIds['Support'] }, 'email'],
      [{ fullName: 'No Role', email: 'x3@vaultdesk.test' }, 'roleId'],
      [{ fullName: 'Bad Role', email: 'x4@vaultdesk.test', roleId: 'support' }, 'roleId'],
      [
        { fullName: 'Unknown Role', email: 'x5@vaultdesk.test', roleId: '00000000-0000-4000-8000-000000000000' },
        'roleId',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await setup(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
      expect(Object.keys(res.json().fields), JSON.stringify(payload)).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a role that is switched off, and writes nothing', async () => {
    const {
      rows: [role],
    } = await t.db.$client.query(
      `INSERT INTO roles (slug, title, permissions, is_active) VALUES ('retired', 'Retired', '{self.account}', false) RETURNING id`,
    );
    const before = await counts();
    const res = await setup({ fullName: 'Retired Role', email: 'retired.role@vaultdesk.test', roleId: role.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ roleId: ['No active role with this id'] });
    expect(await counts()).toEqual(before);
  });

  it('still answers 200 when the mail worker cannot be nudged: the mail stays queued for the sweep', async () => {
    const email = 'nudge.lost@vaultdesk.test';
    const send = t.jobs.send;
    t.jobs.send = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    try {
      const res = await setup({ fullName: 'Nudge Lost', email, roleId: roleIds['Support'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.temporaryPassword).toBeTruthy();
    } finally {
      t.jobs.send = send;
    }
    const { rows } = await t.db.$client.query(`SELECT status FROM mail_outbox WHERE "to" = $1`, [email]);
    expect(rows).toEqual([{ status: 'queued' }]);
    expect((await t.db.$client.query(`SELECT status FROM staff WHERE email = $1`, [email])).rows[0].status).toBe(
      'pending',
    );
  });

  it('answers 409 for an email that already has an account, whatever its case, and writes nothing', async () => {
    const before = await counts();
    const res = await setup({
      fullName: 'Twin Support',
      email: 'SUPPORT@vaultdesk.test',
      roleId: roleIds['Compliance'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An admin with this email already exists', code: 'CONFLICT' });
    expect(await counts()).toEqual(before);
    const { rows } = await t.db.$client.query(
      `SELECT full_name, role_id FROM staff WHERE email = 'support@vaultdesk.test'`,
    );
    expect(rows[0]).toEqual({ full_name: 'Wanjiru Support', role_id: roleIds['Support'] });
  });

  it('answers 403 to Compliance and writes nothing', async () => {
    const before = await counts();
    const token = await sessionFor(t.db, demo('compliance').email);
    const res = await setup(
      { fullName: 'Not Allowed', email: 'not.allowed@vaultdesk.test', roleId: roleIds['Support'] },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await counts()).toEqual(before);
  });
});

describe('a new admin from setup to first use', () => {
  it('confirms once, signs in, enables 2FA, changes the temporary password, then works', async () => {
    const email = 'grace.onboard@vaultdesk.test';
    const address = '10.20.1.1';
    const created = await setup({ fullName: 'Grace Onboard', email, roleId: roleIds['Compliance'] });
    expect(created.statusCode).toBe(200);
    const temporaryPassword: string = created.json().data.temporaryPassword;
    const token = await tokenFromMail(email);

    // Pending: the right password is not enough.
    const early = await inject('POST', '/v1/admin/login', undefined, { email, password: temporaryPassword }, address);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Confirm your account with the link in the setup e-mail first');

    const random = await inject(
      'POST',
      `/v1/admin/confirm-super?token=${'R'.repeat(43)}`,
      undefined,
      undefined,
      address,
    );
    expect(random.statusCode).toBe(400);
    expect(random.json().message).toBe('This setup link is invalid or has expired');

    const confirm = await inject('POST', `/v1/admin/confirm-super?token=${token}`, undefined, undefined, address);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toEqual({ message: 'Setup confirmed', data: {} });
    const {
      rows: [row],
    } = await t.db.$client.query(`SELECT id, status FROM staff WHERE email = $1`, [email]);
    expect(row.status).toBe('active');
    const { rows: audits } = await t.db.$client.query(
      `SELECT actor_email, target_id, before, after FROM audit_log WHERE action = 'admin.confirm' AND target_id = $1`,
      [row.id],
    );
    expect(audits).toEqual([
      { actor_email: email, target_id: row.id, before: { status: 'pending' }, after: { status: 'active' } },
    ]);
    const {
      rows: [invite],
    } = await t.db.$client.query(`SELECT confirmed_at FROM staff_invites WHERE staff_id = $1`, [row.id]);
    expect(invite.confirmed_at).toBeInstanceOf(Date);

    const again = await inject('POST', `/v1/admin/confirm-super?token=${token}`, undefined, undefined, address);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This setup link is invalid or has expired');
    expect(
      (
        await t.db.$client.query(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'admin.confirm' AND target_id = $1`,
          [row.id],
        )
      ).rows[0].n,
    ).toBe(1);

    // First sign-in: no code yet, 2FA must be enabled before anything else.
    const first = await inject('POST', '/v1/admin/login', undefined, { email, password: temporaryPassword }, address);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ enable2FA: false, codeRequired: false, mustChangePassword: true });
    const pendingToken: string = first.json().data.token;
    const blocked = await inject('GET', '/v1/admin/dashboard', pendingToken, undefined, address);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Enable two-factor authentication to continue');

    const start = await inject('POST', '/v1/auth/2fa/start/enable', pendingToken, undefined, address);
    expect(start.statusCode, start.body).toBe(200);
    const { secret } = start.json().data as { secret: string };
    const enable = await inject(
      'POST',
      '/v1/auth/2fa/create/enable',
      pendingToken,
      { secret, code: await freshCode(secret), password: temporaryPassword },
      address,
    );
    expect(enable.statusCode, enable.body).toBe(200);
    expect(
      (await t.db.$client.query(`SELECT totp_enabled FROM staff WHERE id = $1`, [row.id])).rows[0].totp_enabled,
    ).toBe(true);

    const signIn = await inject(
      'POST',
      '/v1/admin/login',
      undefined,
      { email, password: temporaryPassword, code: await freshCode(secret) },
      address,
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().data).toMatchObject({
      enable2FA: true,
      mustChangePassword: true,
      authRole: { name: 'Compliance' },
    });
    const session: string = signIn.json().data.token;

    const mustChange = await inject('GET', '/v1/admin/dashboard', session, undefined, address);
    expect(mustChange.statusCode).toBe(403);
    expect(mustChange.json().message).toBe('Change your password to continue');

    const newPassword = 'Gr4ce-Own-Passw0rd!';
    const update = await inject(
      'PUT',
      '/v1/admin/password/update',
      session,
      { currentPassword: temporaryPassword, password: newPassword, confirmPassword: newPassword },
      address,
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(
      (await t.db.$client.query(`SELECT must_change_password FROM staff WHERE id = $1`, [row.id])).rows[0]
        .must_change_password,
    ).toBe(false);

    const dashboard = await inject('GET', '/v1/admin/dashboard', session, undefined, address);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data).toHaveProperty('users');
    const me = await inject('GET', '/v1/admin/me', session, undefined, address);
    expect(me.json().data).toMatchObject({ user: { email }, enable2FA: true, mustChangePassword: false });
  });

  it('refuses an expired setup link and leaves the account pending', async () => {
    const email = 'late.larry@vaultdesk.test';
    expect((await setup({ fullName: 'Late Larry', email, roleId: roleIds['Support'] })).statusCode).toBe(200);
    const token = await tokenFromMail(email);
    await t.db.$client.query(
      `UPDATE staff_invites SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`,
      [hashToken(token)],
    );
    const res = await inject('POST', `/v1/admin/confirm-super?token=${token}`, undefined, undefined, '10.20.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This setup link is invalid or has expired');
    expect((await t.db.$client.query(`SELECT status FROM staff WHERE email = $1`, [email])).rows[0].status).toBe(
      'pending',
    );
  });

  it('answers 400 naming the token when it is missing or malformed', async () => {
    for (const url of ['/v1/admin/confirm-super', '/v1/admin/confirm-super?token=short']) {
      const res = await inject('POST', url, undefined, undefined, '10.20.3.1');
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields), url).toContain('token');
    }
  });
});
