import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMPLIANCE, SUPER_ADMIN, type Account } from './fixtures/accounts';
import { confirmTokenFor } from './fixtures/mail';
import { apiLogin, bearer, reusableSession, seedSession } from './fixtures/session';
import { nextTotpCode } from './fixtures/totp';
import { chooseOption } from './fixtures/select';
import { confirmation, confirmYes, dialogsOpened } from './fixtures/confirm';

// The demo newsletter secrets (README, demo mode only).
const ACCESS_CODE = 'vault-news-demo';
const SENDER_PIN = '246810';
const NEW_PASSWORD = 'Team-Vault-2026!x';

type Payload<T> = { data: T };
let token = '';

/** The account's kept session (a sign-in only when there is none): the page and the API calls share it. */
const signIn = async (page: Page, request: APIRequestContext, account: Account = SUPER_ADMIN) => {
  const session = await reusableSession(request, account);
  token = session.token;
  await seedSession(page, session);
};

const api = async <T>(request: APIRequestContext, url: string, auth = token): Promise<T> => {
  const res = await request.get(url, { headers: bearer(auth) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Payload<T>).data;
};

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The rest of an admin's onboarding, through the API as the new admin would do it: the mailed
 * link, two-factor, then their own password. Returns their signed-in session.
 */
async function finishOnboarding(request: APIRequestContext, email: string, temporaryPassword: string) {
  const confirm = await request.post(`/v1/admin/confirm-super?token=${await confirmTokenFor(email)}`);
  expect(confirm.status(), await confirm.text()).toBe(200);
  const pending = await apiLogin(request, { email, password: temporaryPassword, totpSecret: null });
  const started = await request.post('/v1/auth/2fa/start/enable', { headers: bearer(pending.token) });
  const { secret } = ((await started.json()) as Payload<{ secret: string }>).data;
  const enabled = await request.post('/v1/auth/2fa/create/enable', {
    headers: bearer(pending.token),
    data: { secret, code: await nextTotpCode(secret), password: temporaryPassword },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const session = await apiLogin(request, { email, password: temporaryPassword, totpSecret: secret });
  const changed = await request.put('/v1/admin/password/update', {
    headers: bearer(session.token),
    data: { currentPassword: temporaryPassword, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return session;
}

test.use({ timezoneId: 'UTC' });

test.describe('team', () => {
  test('Admin Team: a new role and a new admin holding it; a role change counts on the next call; remove and delete', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    const stamp = Date.now();
    const roleTitle = `Content Editor ${stamp}`;
    const email = `editor-${stamp}@vaultdesk.test`;

    await page.goto('/admin-team?tab=roles');
    await expect(page.getByRole('heading', { name: 'Admin Team' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create Role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Create Role' });
    await roleDialog.getByLabel('Title').fill(roleTitle);
    await roleDialog.getByLabel('Description').fill('Greetings only');
    await roleDialog.getByRole('checkbox', { name: /^self\.account:/ }).check();
    await roleDialog.getByRole('checkbox', { name: /^greetings\.manage:/ }).check();
    // Saving a role asks first; No saves nothing and leaves the form as it was.
    await roleDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(confirmation(page)).toContainText(`Create the role ${roleTitle} with 2 permissions?`);
    await dialogsOpened(page);
    await confirmation(page).getByRole('button', { name: 'No' }).click();
    await expect(confirmation(page)).toBeHidden();
    expect(
      (await api<{ records: { title: string }[] }>(request, '/v1/admin/roles?page=1&pageSize=100')).records.some(
        (r) => r.title === roleTitle,
      ),
    ).toBe(false);
    await expect(roleDialog.getByLabel('Title')).toHaveValue(roleTitle);
    await roleDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await confirmYes(page);
    await expect(page.getByText('Role created Successfully')).toBeVisible();

    // Roles are listed oldest first, 10 a page: the new one is on the last page.
    const roles = await api<{ totalRecords: number; records: { _id: string; title: string }[] }>(
      request,
      '/v1/admin/roles?page=1&pageSize=100',
    );
    const role = roles.records.find((r) => r.title === roleTitle)!;
    expect(role).toBeTruthy();
    await page.goto(`/admin-team?tab=roles&page=${Math.ceil(roles.totalRecords / 10)}`);
    const roleRow = page.getByRole('row', { name: new RegExp(roleTitle) });
    await expect(roleRow).toBeVisible();
    await roleRow.getByRole('button', { name: /View Permissions \(2\)/ }).click();
    const perms = page.getByRole('dialog', { name: `Permissions of ${roleTitle}` });
    await expect(perms.getByText('greetings.manage')).toBeVisible();
    await perms.getByRole('button', { name: 'Close' }).click();

    // Create New Admin with that role: the temporary password is shown once.
    await page.getByRole('tab', { name: 'Admin Users' }).click();
    await page.getByRole('button', { name: 'Create New Admin' }).click();
    const adminDialog = page.getByRole('dialog', { name: 'Create New Admin' });
    await adminDialog.getByLabel('Full name').fill('Erin Editor');
    await adminDialog.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await chooseOption(page, adminDialog.getByLabel('Role'), roleTitle);
    await adminDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Admin created Successfully')).toBeVisible();
    const temporaryPassword = (await adminDialog.getByTestId('temporary-password').locator('code').innerText()).trim();
    expect(temporaryPassword.length).toBeGreaterThan(10);
    await adminDialog.getByRole('button', { name: 'Done' }).click();

    // The new admin confirms, turns on two-factor and replaces the password (through the API).
    const editor = await finishOnboarding(request, email, temporaryPassword);
    const editorCall = (url: string) => request.get(url, { headers: bearer(editor.token) });
    expect((await editorCall('/v1/admin/get-alerts')).status()).toBe(200);
    expect((await editorCall('/v1/newsletters')).status()).toBe(403);

    // The admin list shows the new admin with the role.
    const admins = await api<{ totalRecords: number }>(request, '/v1/admin/users/admin?page=1&pageSize=20');
    await page.goto(`/admin-team?tab=admins&page=${Math.ceil(admins.totalRecords / 20)}`);
    const adminRow = page.getByRole('row', { name: new RegExp(email) });
    await expect(adminRow).toContainText('Erin Editor');
    await expect(adminRow).toContainText(roleTitle);

    // Modify Role: add newsletters.manage; the holder's very next call has it, no new sign-in.
    await page.goto(`/admin-team?tab=roles&page=${Math.ceil(roles.totalRecords / 10)}`);
    await page
      .getByRole('row', { name: new RegExp(roleTitle) })
      .getByRole('button', { name: 'Modify Role' })
      .click();
    const modify = page.getByRole('dialog', { name: 'Modify Role' });
    await modify.getByRole('checkbox', { name: /^newsletters\.manage:/ }).check();
    await modify.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(confirmation(page)).toContainText(`Save the changes to the role ${roleTitle}?`);
    await confirmYes(page);
    await expect(page.getByText('Role Updated Successfully')).toBeVisible();
    expect((await editorCall('/v1/newsletters')).status()).toBe(200);

    // Delete Role is refused while an admin holds it.
    await page
      .getByRole('row', { name: new RegExp(roleTitle) })
      .getByRole('button', { name: 'Delete Role' })
      .click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(/This role is held by 1 admin/)).toBeVisible();

    // Remove ends the admin's sessions at once; then the role can go.
    await page.goto(`/admin-team?tab=admins&page=${Math.ceil(admins.totalRecords / 20)}`);
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Admin removed Successfully')).toBeVisible();
    expect((await editorCall('/v1/admin/get-alerts')).status()).toBe(401);

    await page.goto(`/admin-team?tab=roles&page=${Math.ceil(roles.totalRecords / 10)}`);
    await page
      .getByRole('row', { name: new RegExp(roleTitle) })
      .getByRole('button', { name: 'Delete Role' })
      .click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Role deleted Successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(roleTitle) })).toHaveCount(0);
  });

  test('Roles: a screen opened before its admin was demoted cannot grant what they lost; nobody changes their own role', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const superSession = await reusableSession(request, SUPER_ADMIN);
    token = superSession.token;
    const stamp = Date.now();
    const email = `second-super-${stamp}@vaultdesk.test`;
    const post = async <T>(url: string, data: object, method: 'post' | 'patch' = 'post') => {
      const res = await request[method](url, { headers: bearer(token), data });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as Payload<T>).data;
    };
    type Roles = { totalRecords: number; records: { _id: string; title: string }[] };
    const superRole = (await api<Roles>(request, '/v1/admin/roles?page=1&pageSize=100')).records.find(
      (r) => r.title === 'Super Admin',
    )!;
    const readers = await post<{ _id: string }>('/v1/admin/roles', {
      title: `Readers ${stamp}`,
      permissions: ['self.account', 'users.read'],
    });
    // A second Super Admin, onboarded as the product does it, opens Admin Team in the browser.
    const created = await post<{ _id: string; temporaryPassword: string }>('/v1/admin/setup', {
      fullName: 'Sam Second',
      email,
      roleId: superRole._id,
    });
    const second = await finishOnboarding(request, email, created.temporaryPassword);
    await seedSession(page, second);

    const admins = await api<{ totalRecords: number }>(request, '/v1/admin/users/admin?page=1&pageSize=20');
    await page.goto(`/admin-team?tab=admins&page=${Math.ceil(admins.totalRecords / 20)}`);
    await expect(page.getByRole('heading', { name: 'Admin Team' })).toBeVisible({ timeout: 30_000 });
    const ownRow = page.getByRole('row', { name: new RegExp(email) });
    await expect(ownRow.getByRole('button', { name: 'Remove' })).toBeEnabled();
    await expect(ownRow.getByRole('button', { name: 'Change Role' })).toBeDisabled();

    const roles = await api<Roles>(request, '/v1/admin/roles?page=1&pageSize=100');
    await page.goto(`/admin-team?tab=roles&page=${Math.ceil(roles.totalRecords / 10)}`);
    const readersRow = page.getByRole('row', { name: new RegExp(`Readers ${stamp}`) });
    await expect(readersRow).toBeVisible({ timeout: 30_000 });

    // Meanwhile another Super Admin moves them to a role without audit.read. Their open screen
    // still offers it; the server reads what they hold now.
    const catalogue = await api<{ permissions: { key: string }[] }>(request, '/v1/admin/permissions');
    const nearly = await post<{ _id: string }>('/v1/admin/roles', {
      title: `Nearly super ${stamp}`,
      permissions: catalogue.permissions.map((p) => p.key).filter((k) => k !== 'audit.read'),
    });
    await post(`/v1/admin/users/admin/${created._id}/role`, { roleId: nearly._id }, 'patch');

    await readersRow.getByRole('button', { name: 'Modify Role' }).click();
    const modify = page.getByRole('dialog', { name: 'Modify Role' });
    await modify.getByRole('checkbox', { name: /^audit\.read:/ }).check();
    await modify.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(confirmation(page)).toContainText(`Save the changes to the role Readers ${stamp}?`);
    await confirmYes(page);
    await expect(page.getByText('You cannot grant permissions you do not hold: audit.read')).toBeVisible();
    const unchanged = (
      await api<{ records: { _id: string; permissions: string[] }[] }>(request, '/v1/admin/roles?page=1&pageSize=100')
    ).records.find((r) => r._id === readers._id)!;
    expect(unchanged.permissions).toEqual(['self.account', 'users.read']);
    await modify.getByRole('button', { name: 'Cancel' }).click();

    const title = `Auditors ${stamp}`;
    await page.getByRole('button', { name: 'Create Role' }).click();
    const create = page.getByRole('dialog', { name: 'Create Role' });
    await create.getByLabel('Title').fill(title);
    await create.getByRole('checkbox', { name: /^self\.account:/ }).check();
    await create.getByRole('checkbox', { name: /^audit\.read:/ }).check();
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await confirmYes(page);
    await expect(page.getByText('You cannot grant permissions you do not hold: audit.read').last()).toBeVisible();
    expect(
      (await api<Roles>(request, '/v1/admin/roles?page=1&pageSize=100')).records.some((r) => r.title === title),
    ).toBe(false);

    // The second admin's own change of role, straight through the API, is refused as well.
    const own = await request.patch(`/v1/admin/users/admin/${created._id}/role`, {
      headers: bearer(second.token),
      data: { roleId: superRole._id },
    });
    expect(own.status()).toBe(403);
    expect(((await own.json()) as { message: string }).message).toBe(
      'You cannot grant permissions you do not hold: audit.read',
    );
    const removed = await request.delete(`/v1/admin/users/admin/${created._id}`, { headers: bearer(token) });
    expect(removed.status(), await removed.text()).toBe(200);
  });

  test('Internal Settings: an update shows at once and joins the history with who made it', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/advanced/settings');
    await expect(page.getByRole('heading', { name: 'Internal Settings' })).toBeVisible({ timeout: 30_000 });
    const before = await api<{ totalRecords: number }>(request, '/v1/admin/process-settings-history?page=1');
    const price = `0.${String(Date.now()).slice(-4)}1`;
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Settings' });
    await dialog.getByLabel('VLT price (USD)').fill(price);
    await dialog.getByLabel('VLT APR (%)').fill('12.5');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('level updated Successfully')).toBeVisible();
    await expect(page.getByTestId('current-settings')).toContainText(price);
    await expect(page.getByTestId('current-settings')).toContainText('12.5');
    const first = page.getByTestId('settings-history').getByRole('row').nth(1);
    await expect(first).toContainText(price);
    await expect(first).toContainText(SUPER_ADMIN.email);
    const after = await api<{ totalRecords: number }>(request, '/v1/admin/process-settings-history?page=1');
    expect(after.totalRecords).toBe(before.totalRecords + 1);

    // A bad price is refused by the form: nothing is sent.
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.getByLabel('VLT price (USD)').fill('abc');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(dialog.getByText('VLT price must be a number')).toBeVisible();
  });

  test('Greetings: create, update and delete; the customer app sees only live ones', async ({ page, request }) => {
    await signIn(page, request);
    const title = `Good morning ${Date.now()}`;
    const tomorrow = ymd(new Date(Date.now() + 86_400_000));
    await page.goto('/greetings');
    await expect(page.getByRole('heading', { name: 'Greetings' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create Greeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Greeting' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('x'.repeat(120));
    // The field stops at 100 characters.
    await expect(dialog.getByLabel('Description')).toHaveValue('x'.repeat(100));
    await dialog.getByLabel('Description').fill('Save a little every morning.');
    await chooseOption(page, dialog.getByLabel('Time frame'), 'morning');
    await expect(dialog.getByTitle('morning', { exact: true })).toBeVisible();
    await dialog.getByLabel('Expiry date').click();
    await dialog.getByLabel('Expiry date').fill(tomorrow);
    await dialog.getByLabel('Expiry date').press('Enter');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await confirmYes(page);
    await expect(page.getByText('Greeting created Successfully')).toBeVisible();

    const row = page.getByTestId('greetings-table').getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('morning');
    await expect(row).toContainText(tomorrow);
    await expect(row).toContainText('live');
    const live = async () =>
      (
        (await (await request.get('/v1/user/get-all-alert')).json()) as Payload<{
          newslist: { title: string; description: string }[];
        }>
      ).data.newslist;
    expect((await live()).find((g) => g.title === title)?.description).toBe('Save a little every morning.');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Greeting' });
    await edit.getByLabel('Description').fill('Save a little every day.');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await confirmYes(page);
    await expect(page.getByText('Greeting Updated Successfully')).toBeVisible();
    await expect(row).toContainText('Save a little every day.');
    expect((await live()).find((g) => g.title === title)?.description).toBe('Save a little every day.');

    await row.getByRole('button', { name: 'Delete' }).click();
    // Pressed once the pop-confirm has finished opening: a press during its zoom-in can be lost.
    await expect(confirmation(page)).toBeVisible();
    await dialogsOpened(page);
    await confirmation(page).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Greeting removed Successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await live()).some((g) => g.title === title)).toBe(false);
  });

  test('NewsLetter: draft, test, send for approval, approval by a second staff member, sent to the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    const subject = `Autumn savings ${Date.now()}`;
    await page.goto('/newsletter');
    await expect(page.getByRole('heading', { name: 'NewsLetter' })).toBeVisible({ timeout: 30_000 });
    const counts = await api<{ totalSubscribers: number; totalUnSubscribers: number }>(request, '/v1/subscribers');
    await expect(page.getByTestId('total-subscribers')).toContainText(counts.totalSubscribers.toLocaleString('en-US'));
    expect(counts.totalSubscribers).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Create NewsLetter' }).click();
    const draft = page.getByRole('dialog', { name: 'Create NewsLetter' });
    await draft.getByLabel('Subject').fill(subject);
    await draft.getByLabel('Preview message').fill('New rates this week');
    await draft.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Hello savers, ');
    await draft.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('rates are up');
    await draft.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('NewsLetter Saved Successfully')).toBeVisible();

    const table = page.getByTestId('newsletters-table');
    const row = table.getByRole('row', { name: new RegExp(subject) });
    await expect(row.getByTestId('delivery-status')).toHaveText('saved');
    // Saved: Edit, Send Test and Send Approval only.
    await expect(row.getByRole('button')).toHaveText(['Edit', 'Send Test', 'Send Approval']);
    const stored = (
      await api<{ records: { subject: string; content: string; maillist: string }[] }>(
        request,
        '/v1/newsletters?page=1&pageSize=10',
      )
    ).records.find((n) => n.subject === subject)!;
    expect(stored.content).toMatch(/<b>rates are up<\/b>|<strong>rates are up<\/strong>/);
    expect(stored.maillist).toBe('test');

    const withSecret = async (action: string, label: string, secret: string) => {
      await row.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^${action}:`) });
      await dialog.getByLabel(label).fill(secret);
      await dialog.getByRole('button', { name: action, exact: true }).click();
    };
    await withSecret('Send Test', 'Access code', 'wrong-code');
    await expect(page.getByText('Wrong access code')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await withSecret('Send Test', 'Access code', ACCESS_CODE);
    await expect(page.getByText('Test NewsLetter sent')).toBeVisible();

    await withSecret('Send Approval', 'Access code', ACCESS_CODE);
    await expect(page.getByText('NewsLetter sent', { exact: true })).toBeVisible();
    await expect(row.getByTestId('delivery-status')).toHaveText('pending');
    // The creator may not approve their own newsletter.
    await withSecret('Approve', 'Sender pin', SENDER_PIN);
    await expect(page.getByText(/cannot approve a newsletter you created/)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // A second member of staff approves; the worker sends to the test list and the row says sent.
    await signIn(page, request, COMPLIANCE);
    await page.goto('/newsletter');
    await withSecret('Approve', 'Sender pin', SENDER_PIN);
    await expect(page.getByText('NewsLetters Sending Started')).toBeVisible();
    await expect(row.getByTestId('delivery-status')).toHaveText('sent', { timeout: 30_000 });
    const sent = (
      await api<{
        records: {
          id: string;
          subject: string;
          totalSent: number;
          totalRecipients: number | null;
          approvedBy: string | null;
        }[];
      }>(request, '/v1/newsletters?page=1&pageSize=10')
    ).records.find((n) => n.subject === subject)!;
    expect(sent.totalSent).toBeGreaterThan(0);
    expect(sent.totalSent).toBe(sent.totalRecipients);
    expect(sent.approvedBy).toBe(COMPLIANCE.email);
    await expect(row.getByTestId('sent-count')).toHaveText(`${sent.totalSent} / ${sent.totalRecipients}`);
    // Sent: only Delete is left.
    await expect(row.getByRole('button')).toHaveText(['Delete']);

    // Each mail carries a working unsubscribe link.
    const dir = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e', 'mail-outbox', 'newsletters', sent.id);
    const files = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.eml')) : [];
    expect(files).toHaveLength(sent.totalSent);
    const mail = readFileSync(path.join(dir, files[0]!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(mail).toContain(subject);
    const link = /(\/v1\/newsletters\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]+)/.exec(mail)![1]!;
    const unsubscribed = await request.get(link);
    expect(unsubscribed.status()).toBe(200);
    expect(await unsubscribed.text()).toContain('You are unsubscribed');

    await withSecret('Delete', 'Access code', ACCESS_CODE);
    await expect(page.getByText('NewsLetter deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('NewsLetter: the system config sets the batches; totals move live; pause, resume and terminate', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    const subject = `Batched news ${Date.now()}`;
    await page.goto('/newsletter');
    await expect(page.getByRole('heading', { name: 'NewsLetter' })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Max mails per batch').fill('40');
    await page.getByLabel('Wait minutes per batch').fill('0.15');
    await page.getByRole('button', { name: 'Save Config' }).click();
    await expect(page.getByText('Newsletter config Updated Successfully')).toBeVisible();
    const config = await api<{ maxMailsPerBatch: number; waitMinutesPerBatch: number }>(
      request,
      '/v1/newsletters/config',
    );
    expect(config).toMatchObject({ maxMailsPerBatch: 40, waitMinutesPerBatch: 0.15 });

    // Drafted and submitted by the Super Admin (the draft screen has its own test), approved by Compliance.
    const post = async (url: string, data: object, auth = token) => {
      const res = await request.post(url, { headers: bearer(auth), data });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as Payload<{ id: string }>).data;
    };
    const { id } = await post('/v1/newsletters/draft', {
      subject,
      maillist: 'subscribers',
      content: '<p>Rates are up</p>',
      deliveryType: 'instant',
    });
    await post('/v1/newsletters', { id, access_code: ACCESS_CODE });
    await signIn(page, request, COMPLIANCE);
    await post(`/v1/newsletters/${id}/send`, { sender_pin: SENDER_PIN });

    await page.goto('/newsletter');
    const row = page.getByTestId('newsletters-table').getByRole('row', { name: new RegExp(subject) });
    await expect(row.getByTestId('delivery-status')).toHaveText('pending', { timeout: 30_000 });
    // Batches of 40 with a wait between them: the count moves on the open page, no reload.
    const shownSent = async () => Number((await row.getByTestId('sent-count').innerText()).split(' / ')[0]);
    // Between batches (the configured wait) the count rests on a multiple of 40; within a batch it
    // moves by the send group, which a slow machine can show at the moment the page is read.
    await expect.poll(async () => (await shownSent()) % 40, { timeout: 30_000 }).toBe(0);
    const firstSeen = await shownSent();
    await expect.poll(shownSent, { timeout: 30_000 }).toBeGreaterThan(firstSeen);
    await expect(row.getByRole('button')).toHaveText(['Pause', 'Terminate']);

    const withSecret = async (action: string) => {
      await row.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^${action}:`) });
      await dialog.getByLabel('Access code').fill(ACCESS_CODE);
      await dialog.getByRole('button', { name: action, exact: true }).click();
    };
    await withSecret('Pause');
    await expect(page.getByText('Sending NewsLetters Paused')).toBeVisible();
    await expect(row.getByTestId('delivery-status')).toHaveText('paused');
    await expect(row.getByRole('button')).toHaveText(['Resume', 'Terminate', 'Delete']);
    const pausedAt = (await api<{ totalSent: number }>(request, `/v1/newsletters/${id}`)).totalSent;
    expect(pausedAt % 40).toBe(0);

    await withSecret('Resume');
    await expect(page.getByText('Sending NewsLetters Resumed')).toBeVisible();
    await expect(row.getByTestId('delivery-status')).toHaveText('pending');
    await expect
      .poll(async () => (await api<{ totalSent: number }>(request, `/v1/newsletters/${id}`)).totalSent, {
        timeout: 20_000,
      })
      .toBeGreaterThan(pausedAt);

    await withSecret('Terminate');
    await expect(page.getByText('NewsLetter terminated')).toBeVisible();
    await expect(row.getByTestId('delivery-status')).toHaveText('terminated');
    await expect(row.getByRole('button')).toHaveText(['Delete']);
    const ended = await api<{ totalSent: number; totalRecipients: number; deliveryStatus: string }>(
      request,
      `/v1/newsletters/${id}`,
    );
    expect(ended.deliveryStatus).toBe('terminated');
    expect(ended.totalSent).toBeLessThan(ended.totalRecipients);
  });

  test('Bot Configurations: flipping a bot and choosing an interval reach the scheduler', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/bot-settings');
    await expect(page.getByRole('heading', { name: 'Bot Configurations' })).toBeVisible({ timeout: 30_000 });
    const configs = page.getByTestId('bot-configs');
    const sw = configs.getByRole('switch', { name: 'greetingsCleanupBot' });
    await expect(sw).toBeChecked();
    await sw.click();
    await confirmYes(page);
    await expect(page.getByText('Config Updated Successfully')).toBeVisible();
    await expect(sw).not.toBeChecked();
    const value = async (name: string) =>
      (await api<{ name: string; value: string }[]>(request, '/v1/configs')).find((c) => c.name === name)!.value;
    expect(await value('greetingsCleanupBot')).toBe('false');

    await chooseOption(page, configs.getByLabel('greetingsCleanupCron'), 'Every 15 minutes');
    await confirmYes(page);
    await expect.poll(() => value('greetingsCleanupCron')).toBe('*/15 * * * *');

    await sw.click();
    await confirmYes(page);
    await expect(sw).toBeChecked();
    await expect.poll(() => value('greetingsCleanupBot')).toBe('true');
    await expect(page.getByText(/Scheduler seen/)).toBeVisible();
  });
});
