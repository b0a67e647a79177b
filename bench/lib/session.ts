import { setTimeout as sleep } from 'node:timers/promises';
import { Secret, TOTP } from 'otpauth';

/** The demo Super Admin (README): password, then password + TOTP code. */
export const DEMO_SUPER_ADMIN = {
  email: 'superadmin@vaultdesk.test',
  password: 'Vaultdesk-demo-2026',
  totpSecret: 'KVKFKRCPNZQUYMLX',
};

const post = async (url: string, body: object) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as { message?: string; data?: { token?: string; codeRequired?: boolean } },
  };
};

/** Signs in through the real login calls and returns the bearer token. */
export async function signIn(baseUrl: string, account = DEMO_SUPER_ADMIN): Promise<string> {
  const url = `${baseUrl}/v1/admin/login`;
  const first = await post(url, { email: account.email, password: account.password });
  if (first.status !== 200)
    throw new Error(`sign-in (password step) failed: ${first.status} ${JSON.stringify(first.json)}`);
  if (!first.json.data?.codeRequired) throw new Error('sign-in: the account should ask for a code (TOTP not enabled?)');
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(account.totpSecret) });
  for (let attempt = 0; attempt < 2; attempt++) {
    const second = await post(url, { email: account.email, password: account.password, code: totp.generate() });
    if (second.status === 200 && second.json.data?.token) return second.json.data.token;
    // A code is accepted once: a sign-in in the same 30-second step (an earlier run) used it.
    if (attempt === 0 && second.status === 401) {
      const wait = 30_000 - (Date.now() % 30_000) + 1_000;
      await sleep(wait);
      continue;
    }
    throw new Error(`sign-in (code step) failed: ${second.status} ${JSON.stringify(second.json)}`);
  }
  throw new Error('sign-in failed');
}
