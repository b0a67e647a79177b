/**
 * What the browser benches share: the demo accounts they sign in as, the network lines they
 * measure on, fresh TOTP codes, and a Chromium launched the same way.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const DEMO_PASSWORD = 'Vaultdesk-demo-2026';

/** The two demo roles that see the whole dashboard (cards, treasury panels, charts). */
export const TREASURY_ACCOUNTS = [
  { email: 'superadmin@vaultdesk.test', totpSecret: 'KVKFKRCPNZQUYMLX' },
  { email: 'compliance@vaultdesk.test', totpSecret: 'MFRGGZDFMZTWQ2LK' },
] as const;
export type DemoAccount = (typeof TREASURY_ACCOUNTS)[number];

/**
 * The open line (localhost, no shaping) and a hotel connection: 1.5 Mbit/s down, 750 kbit/s up,
 * 150 ms round trip, applied through Chromium's DevTools protocol.
 */
export const LINES = {
  open: null,
  hotel: { latency: 150, downloadThroughput: (1.5 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
} as const;
export type LineName = keyof typeof LINES;

/**
 * A code for the account that the server has not taken yet. The server accepts steps t-1..t+1,
 * each once per account: steps are handed out above the last one used, and when none is left the
 * call waits for the next 30-second step. `typedAfterMs` is how long the code waits before it is
 * sent (it must still be inside the window when it lands). The steps used are kept in a file, so
 * that two bench runs in a row (before, then after) do not offer the same step twice: a refused
 * code would count towards the account's lockout.
 */
const STEPS_FILE = path.resolve(process.env.BENCH_TOTP_STATE ?? '.data/bench-totp-steps.json');
const readSteps = (): Record<string, number> =>
  existsSync(STEPS_FILE) ? (JSON.parse(readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>) : {};
export async function nextCode(secret: string, typedAfterMs: number): Promise<string> {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  for (;;) {
    const now = Date.now();
    const lowest = Math.floor((now + typedAfterMs + 5_000) / 30_000) - 1;
    const highest = Math.floor(now / 30_000) + 1;
    const steps = readSteps();
    for (let step = Math.max(lowest, (steps[secret] ?? -Infinity) + 1); step <= highest; step++) {
      mkdirSync(path.dirname(STEPS_FILE), { recursive: true });
      writeFileSync(STEPS_FILE, JSON.stringify({ ...steps, [secret]: step }));
      return totp.generate({ timestamp: step * 30_000 });
    }
    await sleep(30_000 - (now % 30_000) + 250);
  }
}

export type FirstVisit = { browser: Browser; context: BrowserContext; page: Page; cdp: CDPSession };

/**
 * A first visit: a new browser and context (empty cache, no session), the HTTP cache disabled,
 * the line shaped. The context bypasses the app's CSP only so that the bench's probes (strings
 * and functions evaluated in the page) may run; the app's own scripts are the same either way.
 */
export async function firstVisit(line: LineName): Promise<FirstVisit> {
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const conditions = LINES[line];
  if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  return { browser, context, page, cdp };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
