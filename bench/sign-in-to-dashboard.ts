/**
 * From the code dialog's Verify to the dashboard's "Total Users" figure, in Chromium, against a
 * running Vaultdesk with the demo data, with the timeline of every call and script in between.
 *
 *   BENCH_URL=http://127.0.0.1:8187 npx tsx bench/sign-in-to-dashboard.ts [--runs 10]
 *     [--code-pause 4000] [--lines open,hotel] [--label after] [--out bench/results/FILE.json]
 *
 * Each run is a first visit (a new browser, empty cache, the HTTP cache disabled), on the open line
 * or on the throttled "hotel" line of bench/web-first-load.ts (bench/lib/web-sign-in.ts holds both):
 *  1. opens /login, types e-mail and password, presses Sign In and waits for the code dialog;
 *  2. waits --code-pause ms, the time a person takes to read the code off an authenticator app
 *     (whatever the app fetches meanwhile is fetched in that time, as it would be for a person);
 *  3. types the code and clicks Verify. The clock starts at that click, read in the page
 *     (the click event's timeStamp), so the bench's own round trips to the browser do not count;
 *  4. stops in the frame in which the "Total Users" card shows its number (a MutationObserver sees
 *     the digit, the next animation frame is when it is painted). Also noted: when the URL became
 *     `/`, when all four cards had their numbers, and when the custodial wallets table had its rows
 *     (the whole dashboard usable, bench/web-first-load.ts's end point).
 * The timeline comes from the page's Resource Timing entries (the same clock): every /v1 call
 * sent after the click, and every script or stylesheet still downloading at the click or
 * requested after it, each with its start and end relative to the click.
 *
 * Runs alternate between the demo Super Admin and Compliance (both see the whole dashboard); each
 * TOTP step is accepted once per account, so a run may wait for a fresh step. Not part of `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEMO_PASSWORD,
  firstVisit,
  LINES,
  median,
  nextCode,
  TREASURY_ACCOUNTS,
  type DemoAccount,
  type LineName,
} from './lib/web-sign-in';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8187';
const RUNS = Number(opt('--runs', '10'));
const CODE_PAUSE_MS = Number(opt('--code-pause', '4000'));
const LABEL = opt('--label', 'current');
const OUT = args.includes('--out') ? opt('--out', '') : undefined;
const RUN_LINES = opt('--lines', Object.keys(LINES).join(',')).split(',') as LineName[];
for (const line of RUN_LINES)
  if (!(line in LINES)) throw new Error(`unknown line ${line}; known: ${Object.keys(LINES).join(', ')}`);

/**
 * Installed in the page before its own scripts (a string: this project's Node tsconfig has no DOM
 * types). Marks, on the performance.now() clock: the Verify click, the URL becoming `/`, the
 * "Total Users" number (seen, then painted), all four numbers, and the custodial wallets' rows.
 */
const PROBE = `(() => {
  performance.setResourceTimingBufferSize(2000);
  const marks = (window.__vdMarks = {});
  const mark = (name, at) => { if (marks[name] === undefined) marks[name] = at ?? performance.now(); };
  document.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button && button.textContent.trim() === 'Verify') mark('click', e.timeStamp);
  }, true);
  const digit = (id) => /\\d/.test(document.querySelector('[data-testid="' + id + '"]')?.textContent ?? '');
  const check = () => {
    if (marks.click === undefined) return;
    if (location.pathname === '/') mark('urlDashboard');
    // A full-page spinner outside the cards is a Suspense fallback (a chunk awaited) or the shell
    // waiting for admin/me; the custodial wallets table shows its own while it loads.
    if (document.querySelector('.vd-spin:not([data-testid] .vd-spin)')) mark('spinner');
    if ([...document.querySelectorAll('h1, h2, h3, h4')].some((h) => h.textContent.trim() === 'Dashboard')) mark('heading');
    if (marks.totalUsers === undefined && digit('card-total-users')) {
      mark('totalUsers');
      requestAnimationFrame(() => mark('totalUsersPainted'));
    }
    if (marks.allCards === undefined && ['card-total-users', 'card-signup-today', 'card-verified-users', 'card-unverified-users'].every(digit)) mark('allCards');
    if (marks.wallets === undefined && [...document.querySelectorAll('[data-testid="custodial-wallets"] tbody tr')].some((tr) => tr.textContent.includes('Treasury'))) {
      mark('wallets');
      requestAnimationFrame(() => mark('walletsPainted'));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

type Entry = { what: string; kind: 'api' | 'script' | 'css' | 'other'; startMs: number; endMs: number; kb: number };
type Marks = Partial<
  Record<
    | 'click'
    | 'urlDashboard'
    | 'spinner'
    | 'heading'
    | 'totalUsers'
    | 'totalUsersPainted'
    | 'allCards'
    | 'wallets'
    | 'walletsPainted',
    number
  >
>;

type Run = {
  label: string;
  line: LineName;
  account: string;
  /** Click on Verify -> the frame that paints the "Total Users" number. */
  totalUsersMs: number;
  urlDashboardMs?: number;
  /** When a full-page spinner first showed after the click, if it did. */
  spinnerMs?: number;
  /** When the dashboard's heading was drawn (the shell and the page, before their data). */
  headingMs?: number;
  allCardsMs?: number;
  walletsMs?: number;
  /** Scripts requested between the password step and the click (the prefetch). */
  scriptsBeforeClick: number;
  timeline: Entry[];
};

const READ_TIMELINE = `(() => {
  const click = window.__vdMarks.click;
  return performance.getEntriesByType('resource')
    .filter((e) => e.responseEnd >= click - 1 || e.startTime >= click - 1)
    .map((e) => {
      const url = new URL(e.name);
      const kind = url.pathname.startsWith('/v1/') ? 'api' : e.initiatorType === 'script' || url.pathname.endsWith('.js') ? 'script' : url.pathname.endsWith('.css') ? 'css' : 'other';
      const what = kind === 'api' ? (e.initiatorType === 'fetch' ? '' : e.initiatorType + ' ') + url.pathname.replace('/v1/', '') + url.search : url.pathname.replace('/assets/', '');
      return { what, kind, startMs: Math.round(e.startTime - click), endMs: Math.round(e.responseEnd - click), kb: Math.round((e.transferSize || e.encodedBodySize) / 102.4) / 10 };
    })
    .sort((a, b) => a.startMs - b.startMs);
})()`;

async function oneRun(line: LineName, account: DemoAccount): Promise<Run> {
  const { browser, context, page } = await firstVisit(line);
  try {
    await context.addInitScript(PROBE);
    await page.goto(`${BASE}/login`, { waitUntil: 'commit' });
    const email = page.getByLabel('Email');
    await email.waitFor({ state: 'visible', timeout: 120_000 });
    await email.fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.waitFor({ state: 'visible', timeout: 120_000 });
    await sleep(CODE_PAUSE_MS);
    await dialog.getByLabel('Authentication code').fill(await nextCode(account.totpSecret, CODE_PAUSE_MS));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const refused = page.getByText('2FA Verification failed.');
    await Promise.race([
      page.waitForFunction(
        'window.__vdMarks.totalUsersPainted !== undefined && window.__vdMarks.walletsPainted !== undefined',
        undefined,
        {
          polling: 100,
          timeout: 120_000,
        },
      ),
      // Once the dashboard is there this wait ends with the browser: that rejection is not a finding.
      refused.waitFor({ timeout: 120_000 }).then(
        async () => {
          throw new Error(`the code was refused for ${account.email}: ${await dialog.innerText()}`);
        },
        () => new Promise<never>(() => undefined),
      ),
    ]);
    const marks = (await page.evaluate('window.__vdMarks')) as Marks;
    const click = marks.click!;
    const since = (at: number | undefined) => (at === undefined ? undefined : Math.round(at - click));
    // Scripts requested from the password step's call on and before the click: what the app prefetched.
    const scriptsBeforeClick = (await page.evaluate(`(() => {
      const entries = performance.getEntriesByType('resource');
      const passwordStep = entries.find((e) => e.name.endsWith('/v1/admin/login'));
      return entries.filter((e) => e.name.endsWith('.js') && e.startTime >= passwordStep.startTime && e.startTime < ${click}).length;
    })()`)) as number;
    return {
      label: LABEL,
      line,
      account: account.email,
      totalUsersMs: since(marks.totalUsersPainted)!,
      urlDashboardMs: since(marks.urlDashboard),
      spinnerMs: since(marks.spinner),
      headingMs: since(marks.heading),
      allCardsMs: since(marks.allCards),
      walletsMs: since(marks.walletsPainted),
      scriptsBeforeClick,
      timeline: (await page.evaluate(READ_TIMELINE)) as Entry[],
    };
  } finally {
    await browser.close();
  }
}

const runs: Run[] = [];
let turn = 0;
for (const line of RUN_LINES) {
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun(line, TREASURY_ACCOUNTS[turn++ % TREASURY_ACCOUNTS.length]!);
    runs.push(run);
    const api = run.timeline.filter((e) => e.kind === 'api');
    console.log(
      `${LABEL} ${line.padEnd(5)} ${run.account.padEnd(26)} Verify -> Total Users ${String(run.totalUsersMs).padStart(5)} ms` +
        `  (url / ${run.urlDashboardMs ?? '-'}, spinner ${run.spinnerMs ?? '-'}, heading ${run.headingMs ?? '-'}, 4 cards ${run.allCardsMs ?? '-'}, wallets ${run.walletsMs ?? '-'} ms;` +
        ` ${run.scriptsBeforeClick} scripts prefetched)  calls: ${api.map((e) => `${e.what} ${e.startMs}-${e.endMs}`).join(', ')}`,
    );
  }
}

const summary = RUN_LINES.map((line) => {
  const mine = runs.filter((r) => r.line === line);
  const defined = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  return {
    label: LABEL,
    line,
    runs: mine.length,
    totalUsersMs: median(mine.map((r) => r.totalUsersMs)),
    totalUsersMinMs: Math.min(...mine.map((r) => r.totalUsersMs)),
    totalUsersMaxMs: Math.max(...mine.map((r) => r.totalUsersMs)),
    walletsMs: median(defined(mine.map((r) => r.walletsMs))),
  };
});
console.log('\nmedians');
for (const s of summary) {
  console.log(
    `${s.label} ${s.line.padEnd(5)} Verify -> Total Users ${s.totalUsersMs} ms (min ${s.totalUsersMinMs}, max ${s.totalUsersMaxMs}; ${s.runs} runs)  -> wallets table ${s.walletsMs} ms`,
  );
}
if (OUT) {
  mkdirSync(path.dirname(path.resolve(OUT)), { recursive: true });
  writeFileSync(
    path.resolve(OUT),
    `${JSON.stringify({ base: BASE, codePauseMs: CODE_PAUSE_MS, at: new Date().toISOString(), summary, runs }, null, 2)}\n`,
  );
}
