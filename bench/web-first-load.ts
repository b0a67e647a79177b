/**
 * Time to a usable dashboard, in Chromium, against a running Vaultdesk with the demo data.
 *
 *   BENCH_URL=http://127.0.0.1:8187 npx tsx bench/web-first-load.ts [--runs 3] [--code-pause 4000]
 *     [--label after] [--out bench/results/FILE.json]
 *
 * Each run is a first visit (a new browser context: empty cache, no session), once on an open
 * line and once throttled like a hotel connection (1.5 Mbit/s down, 750 kbit/s up, 150 ms
 * round trip, through Chromium's DevTools protocol). A run:
 *  1. opens /login and waits until the e-mail field is drawn ("sign-in usable": the page is
 *     React-rendered, so its script runs), counting the JavaScript downloaded so far;
 *  2. types e-mail and password, presses Enter and waits for the code dialog;
 *  3. waits --code-pause ms, the time a person takes to read the code off an authenticator app
 *     (the app prefetches the dashboard meanwhile, when it does);
 *  4. types the code and presses Enter; the clock starts ("code accepted" is the server's
 *     answer, which is part of what the person waits for);
 *  5. stops when the dashboard is usable: its four figures are drawn and, for the demo Super
 *     Admin and Compliance, the custodial wallets table has its rows.
 * It prints a table and the medians, and writes every run to --out.
 *
 * Sign-in codes: each TOTP step is accepted once per account, so runs alternate between the demo
 * Super Admin and Compliance and wait for a fresh step when needed. Not part of `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, firstVisit, LINES, median, nextCode, TREASURY_ACCOUNTS } from './lib/web-sign-in';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8187';
const RUNS = Number(opt('--runs', '3'));
const CODE_PAUSE_MS = Number(opt('--code-pause', '4000'));
const LABEL = opt('--label', 'current');
const OUT = args.includes('--out') ? opt('--out', '') : undefined;

const PASSWORD = DEMO_PASSWORD;
const ACCOUNTS = TREASURY_ACCOUNTS;

// The lines (open, and the hotel connection) live in lib/web-sign-in.ts, shared with bench/sign-in-to-dashboard.ts.
const PROFILES = LINES;
type ProfileName = keyof typeof PROFILES;

/** The dashboard as a person can use it: figures drawn, and the wallets table filled for treasury roles. */
// Run in the page; a string, because this project's Node tsconfig has no DOM types.
const USABLE = `(() => {
  const heading = [...document.querySelectorAll('h1, h2, h3, h4')].some((h) => h.textContent.trim() === 'Dashboard');
  const cards = ['card-total-users', 'card-signup-today', 'card-verified-users', 'card-unverified-users'].every((id) =>
    /\\d/.test(document.querySelector('[data-testid="' + id + '"]')?.textContent ?? ''));
  const wallets = [...document.querySelectorAll('[data-testid="custodial-wallets"] tbody tr')].some((tr) =>
    tr.textContent.includes('Treasury'));
  return heading && cards && wallets;
})()`;
const dashboardUsable = (page: Page) => page.waitForFunction(USABLE, undefined, { polling: 'raf', timeout: 120_000 });

type Run = {
  label: string;
  profile: ProfileName;
  account: string;
  signInUsableMs: number;
  signInJsKb: number;
  signInScripts: number;
  codeToDashboardMs: number;
  totalJsKb: number;
  totalScripts: number;
};

async function oneRun(profile: ProfileName, account: (typeof ACCOUNTS)[number]): Promise<Run> {
  const { browser, page, cdp } = await firstVisit(profile);
  try {
    // Bytes on the wire (compressed when the server compresses) for every script.
    const scripts = new Map<string, number>();
    const scriptIds = new Set<string>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scriptIds.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scriptIds.has(e.requestId)) scripts.set(e.requestId, e.encodedDataLength);
    });
    const jsKb = () => Math.round(([...scripts.values()].reduce((a, b) => a + b, 0) / 1024) * 10) / 10;

    const start = Date.now();
    await page.goto(`${BASE}/login`, { waitUntil: 'commit' });
    const email = page.getByLabel('Email');
    await email.waitFor({ state: 'visible', timeout: 120_000 });
    const signInUsableMs = Date.now() - start;
    const signInJsKb = jsKb();
    const signInScripts = scripts.size;

    await email.fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    const code = page.getByLabel('Authentication code');
    await code.waitFor({ state: 'visible', timeout: 120_000 });
    await sleep(CODE_PAUSE_MS);
    await code.fill(await nextCode(account.totpSecret, CODE_PAUSE_MS));

    const t0 = Date.now();
    await page.keyboard.press('Enter');
    await dashboardUsable(page);
    const codeToDashboardMs = Date.now() - t0;
    return {
      label: LABEL,
      profile,
      account: account.email,
      signInUsableMs,
      signInJsKb,
      signInScripts,
      codeToDashboardMs,
      totalJsKb: jsKb(),
      totalScripts: scripts.size,
    };
  } finally {
    await browser.close();
  }
}

const runs: Run[] = [];
let turn = 0;
for (const profile of Object.keys(PROFILES) as ProfileName[]) {
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun(profile, ACCOUNTS[turn++ % ACCOUNTS.length]!);
    runs.push(run);
    console.log(
      `${LABEL} ${profile.padEnd(6)} ${run.account.padEnd(28)} sign-in usable ${String(run.signInUsableMs).padStart(6)} ms (${run.signInScripts} scripts, ${run.signInJsKb} KB)  code -> dashboard ${String(run.codeToDashboardMs).padStart(6)} ms  (JS in all ${run.totalJsKb} KB)`,
    );
  }
}

const summary = (Object.keys(PROFILES) as ProfileName[]).map((profile) => {
  const mine = runs.filter((r) => r.profile === profile);
  return {
    label: LABEL,
    profile,
    runs: mine.length,
    signInUsableMs: median(mine.map((r) => r.signInUsableMs)),
    signInJsKb: median(mine.map((r) => r.signInJsKb)),
    codeToDashboardMs: median(mine.map((r) => r.codeToDashboardMs)),
    totalJsKb: median(mine.map((r) => r.totalJsKb)),
  };
});
console.log('\nmedians');
for (const s of summary) {
  console.log(
    `${s.label} ${s.profile.padEnd(6)} sign-in usable ${s.signInUsableMs} ms (${s.signInJsKb} KB JS)  code -> usable dashboard ${s.codeToDashboardMs} ms`,
  );
}
if (OUT) {
  mkdirSync(path.dirname(path.resolve(OUT)), { recursive: true });
  writeFileSync(
    path.resolve(OUT),
    `${JSON.stringify({ base: BASE, codePauseMs: CODE_PAUSE_MS, at: new Date().toISOString(), summary, runs }, null, 2)}\n`,
  );
}
