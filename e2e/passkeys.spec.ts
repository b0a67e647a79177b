import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { OPEN_PERMISSIONS } from '@vaultdesk/contract';
import { SUPER_ADMIN, SUPPORT } from './fixtures/accounts';
import { confirmYes, dialogsOpened } from './fixtures/confirm';
import { queryE2eDb } from './fixtures/db';
import { E2E_PORT } from './fixtures/ports';
import { apiLogin, bearer, reusableSession, seedSession } from './fixtures/session';
import { nextTotpCode } from './fixtures/totp';

// WebAuthn needs a secure origin whose host is the RP ID: the server's APP_URL is
// http://localhost:<port>, so these pages open on localhost (127.0.0.1 is no RP ID).
test.use({ baseURL: `http://localhost:${E2E_PORT}` });

async function logout(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
  await dialogsOpened(page);
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

type VirtualCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

/** Chromium's virtual authenticator, as a platform passkey provider with user verification. */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[];
  return { cdp, authenticatorId, credentials };
}

const passkeyRows = (email: string) =>
  queryE2eDb<{ id: string; name: string; counter: number; last_used_at: Date | null }>(
    `SELECT p.id, p.name, p.counter::int AS counter, p.last_used_at FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE s.email = $1 ORDER BY p.created_at`,
    [email],
  );

test('a passkey: registered on the profile, signs in instead of password + TOTP, a cloned one is refused, removed', async ({
  page,
  request,
}) => {
  for (const row of await passkeyRows(SUPPORT.email))
    await queryE2eDb(`DELETE FROM staff_passkeys WHERE id = $1`, [row.id]);
  const { cdp, authenticatorId, credentials } = await virtualAuthenticator(page);

  // A fresh sign-in: passkeys are added within minutes of signing in.
  await seedSession(page, await apiLogin(request, SUPPORT));
  await page.goto('/admin-profile');
  const card = page.getByTestId('passkeys-table');
  await expect(card).toBeVisible();
  const addForm = page.getByRole('form', { name: 'Add a passkey' });
  // A name is required.
  await addForm.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(addForm.getByText('Please give the passkey a name')).toBeVisible();
  await addForm.getByLabel('Passkey name').fill('Virtual laptop');
  await addForm.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey registered')).toBeVisible();
  await expect(card.getByRole('row', { name: /Virtual laptop/ })).toContainText('Never');
  const [stored] = await passkeyRows(SUPPORT.email);
  expect(stored).toMatchObject({ name: 'Virtual laptop', counter: expect.any(Number) });
  const [credential] = await credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // Sign out, then in again with the passkey alone.
  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('current-user-email')).toHaveText(SUPPORT.email);
  const [used] = await passkeyRows(SUPPORT.email);
  expect(used!.last_used_at).not.toBeNull();
  const [session] = await queryE2eDb<{ method: string }>(
    `SELECT method FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id WHERE s.email = $1 ORDER BY ss.created_at DESC LIMIT 1`,
    [SUPPORT.email],
  );
  expect(session!.method).toBe('passkey');

  // A copy of the credential whose counter was set back (as a cloned authenticator's would be) is refused.
  const [current] = await credentials();
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: current!.credentialId });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...current!, signCount: 0 } });
  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toContainText(
    'its signature counter did not increase',
  );
  await expect(page).toHaveURL(/\/login$/);
  const [refused] = await queryE2eDb<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.passkey.counter-refused' AND target_id = $1`,
    [stored!.id],
  );
  expect(refused!.n).toBeGreaterThanOrEqual(1);

  // The genuine authenticator counts on: give the copy a count past the stored one, sign in, remove the passkey.
  const [rowNow] = await passkeyRows(SUPPORT.email);
  const [copy] = await credentials();
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: copy!.credentialId });
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: { ...copy!, signCount: rowNow!.counter + 10 },
  });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('current-user-email')).toHaveText(SUPPORT.email);
  await page.goto('/admin-profile');
  await card
    .getByRole('row', { name: /Virtual laptop/ })
    .getByRole('button', { name: 'Remove' })
    .click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await dialogsOpened(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(card.getByRole('row', { name: /Virtual laptop/ })).toHaveCount(0);
  expect(await passkeyRows(SUPPORT.email)).toEqual([]);
  const [removed] = await queryE2eDb<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.passkey.remove' AND target_id = $1`,
    [stored!.id],
  );
  expect(removed!.n).toBe(1);

  // The authenticator still holds it, but Vaultdesk no longer knows it.
  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toContainText(
    'This passkey is not registered with Vaultdesk',
  );
});

test('a role that requires passkeys: set by a Super Admin; a member without one registers one after password + code, then only the passkey signs in', async ({
  page,
  request,
  browser,
}) => {
  const stamp = Date.now();
  const title = `Passkey Desk ${stamp}`;
  const email = `passkey-desk-${stamp}@vaultdesk.test`;
  const admin = await reusableSession(request, SUPER_ADMIN);
  const created = await request.post('/v1/admin/roles', {
    headers: bearer(admin.token),
    data: { title, description: 'Passkeys required', permissions: OPEN_PERMISSIONS },
  });
  expect(created.status(), await created.text()).toBe(200);
  const roleId = ((await created.json()) as { data: { _id: string } }).data._id;
  // A member with the demo password and authenticator secret (copied from the Support account).
  await queryE2eDb(
    `INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled, totp_secret_enc)
     SELECT $1, 'Passkey Desk Member', password_hash, $2, 'active', true, totp_secret_enc FROM staff WHERE email = $3`,
    [email, roleId, SUPPORT.email],
  );

  // The Super Admin requires passkeys for the role on Admin Team → Roles.
  const adminContext = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const adminPage = await adminContext.newPage();
  await seedSession(adminPage, admin);
  const { totalRecords } = (
    (await (await request.get('/v1/admin/roles?page=1&pageSize=10', { headers: bearer(admin.token) })).json()) as {
      data: { totalRecords: number };
    }
  ).data;
  await adminPage.goto(`/admin-team?tab=roles&page=${Math.ceil(totalRecords / 10)}`);
  const row = adminPage.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Not required', { timeout: 30_000 });
  await row.getByRole('button', { name: 'Require passkeys' }).click();
  await confirmYes(adminPage);
  await expect(adminPage.getByText(`${title} now requires passkeys`)).toBeVisible();
  await expect(row).toContainText('Required');
  await adminContext.close();

  // The member signs in with password and code, and is taken to register a passkey.
  await virtualAuthenticator(page);
  const passwordAndCode = async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SUPPORT.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  };
  await passwordAndCode();
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await dialog.getByLabel('Authentication code').fill(await nextTotpCode(SUPPORT.totpSecret!));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/register-passkey$/);
  await expect(page.getByText('Your role requires signing in with a passkey')).toBeVisible();
  // Elsewhere it is sent back here.
  await page.goto('/admin-profile');
  await expect(page).toHaveURL(/\/register-passkey$/);
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Passkey name').fill('Desk laptop');
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Passkey registered. Sign in again with your passkey.');

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('current-user-email')).toHaveText(email);
  await expect(page).toHaveURL(/\/$/);
  await logout(page);

  // Password and code no longer open a session for this member.
  await passwordAndCode();
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toContainText(
    'Your role requires signing in with a passkey',
  );
});
