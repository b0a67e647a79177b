/**
 * Runs the load mix (load-mix.ts): signed-in staff sessions, each opening screen after screen for
 * a while, and what every call answered. Shared by bench/load.ts and the npm test variant.
 *
 * A session is a browser tab: its own keep-alive connections (at most 6, as a browser keeps per
 * host), a screen's calls sent at once, then a pause before the next screen (`thinkMs`, drawn
 * uniformly; 0 makes it a closed loop). Its first screens are dealt so that the sessions of a role
 * open every screen that role may open between them before the weighted draw takes over: a short
 * run exercises every call of the mix.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type pg from 'pg';
import { hashToken } from '../../apps/api/src/credentials/credentials';
import { newVisit, pathOf, screensFor, type MixInputs, type RoleSlug, type Screen } from './load-mix';
import { percentile, rng } from './stats';

export type LoadSession = { role: RoleSlug; token: string };

export type Latency = { count: number; p50: number; p95: number; p99: number; max: number; mean: number };
export type RouteFigures = Latency & { route: string; errors: number };
export type LoadError = { route: string; path: string; role: RoleSlug; status: number | null; message: string };

export type LoadResult = {
  sessions: number;
  byRole: { role: RoleSlug; sessions: number; requests: number; errors: number; visits: number }[];
  seconds: number;
  warmupSeconds: number;
  thinkMs: [number, number];
  /** Every answer (warm-up included). */
  requests: number;
  errors: number;
  /** Answers after the warm-up, over the measured seconds. */
  measured: Latency & { rps: number };
  routes: RouteFigures[];
  screens: { name: string; visits: number }[];
  /** The first errors, with what the server said. */
  errorSamples: LoadError[];
  /** Routes that answered at least once, per role. */
  exercised: Record<string, string[]>;
};

const summarize = (values: number[]): Latency => {
  let sum = 0;
  let max = 0;
  for (const v of values) {
    sum += v;
    if (v > max) max = v;
  }
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max,
    mean: values.length ? sum / values.length : NaN,
  };
};

type Answer = { status: number | null; ms: number; body: string };

function send(
  agent: http.Agent,
  url: URL,
  token: string,
  timeoutMs: number,
  write?: { method: string; body: object },
): Promise<Answer> {
  const started = performance.now();
  const payload = write ? JSON.stringify(write.body) : undefined;
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (payload !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = http.request(url, { agent, method: write?.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', (err) => resolve({ status: null, ms: performance.now() - started, body: String(err) }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => resolve({ status: null, ms: performance.now() - started, body: err.message }));
    req.end(payload);
  });
}

const messageOf = (body: string) => {
  try {
    const m = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof m === 'string') return m;
  } catch {
    // not JSON
  }
  return body.slice(0, 200);
};

export async function runLoad(opts: {
  baseUrl: string;
  sessions: LoadSession[];
  inputs: MixInputs;
  seconds: number;
  warmupSeconds?: number;
  thinkMs?: [number, number];
  timeoutMs?: number;
  seed?: number;
  /** Screens added to the mix (the opt-in writes of load-mix.ts). */
  extraScreens?: Screen[];
  onProgress?: (line: string) => void;
}): Promise<LoadResult> {
  const warmupMs = (opts.warmupSeconds ?? 0) * 1000;
  const think = opts.thinkMs ?? [500, 1500];
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const base = new URL(opts.baseUrl);
  const started = performance.now();
  const measureFrom = started + warmupMs;
  const until = measureFrom + opts.seconds * 1000;

  const latencies = new Map<string, number[]>();
  const errorsByRoute = new Map<string, number>();
  const all: number[] = [];
  const errorSamples: LoadError[] = [];
  const visits = new Map<string, number>();
  const exercised = new Map<string, Set<string>>();
  const roles = new Map<RoleSlug, { sessions: number; requests: number; errors: number; visits: number }>();
  let requests = 0;
  let errors = 0;
  let measuredCount = 0;

  // The sessions of each role, numbered 0..n-1 within it, deal its screens out between them first.
  const rankInRole = new Map<RoleSlug, number>();
  const plan = opts.sessions.map((s, k) => {
    const rank = rankInRole.get(s.role) ?? 0;
    rankInRole.set(s.role, rank + 1);
    return { ...s, rank, seed: (opts.seed ?? 20261125) + k * 7919 };
  });

  const progress = opts.onProgress
    ? setInterval(() => {
        opts.onProgress!(
          `${Math.round((performance.now() - started) / 1000)} s: ${requests} answers, ${errors} errors`,
        );
      }, 10_000)
    : null;

  try {
    await Promise.all(
      plan.map(async (s) => {
        const screens = screensFor(s.role, opts.extraScreens);
        const ofRole = rankInRole.get(s.role)!;
        const totalWeight = screens.reduce((sum, x) => sum + x.weight, 0);
        const r = rng(s.seed);
        const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
        const role = roles.get(s.role) ?? { sessions: 0, requests: 0, errors: 0, visits: 0 };
        role.sessions += 1;
        roles.set(s.role, role);
        const seen = exercised.get(s.role) ?? new Set<string>();
        exercised.set(s.role, seen);
        const pause = () =>
          think[1] > 0
            ? new Promise((res) => setTimeout(res, think[0] + r.next() * (think[1] - think[0])))
            : Promise.resolve();
        try {
          // Sessions do not all open their first screen in the same millisecond.
          if (think[1] > 0) await new Promise((res) => setTimeout(res, r.next() * think[1]));
          for (let n = 0; performance.now() < until; n++) {
            const dealt = s.rank + n * ofRole;
            let screen = screens[0]!;
            if (dealt < screens.length) screen = screens[dealt]!;
            else {
              let x = r.next() * totalWeight;
              for (const candidate of screens) {
                x -= candidate.weight;
                if (x < 0) {
                  screen = candidate;
                  break;
                }
              }
            }
            visits.set(screen.name, (visits.get(screen.name) ?? 0) + 1);
            role.visits += 1;
            const visit = newVisit(opts.inputs, r);
            await Promise.all(
              screen.calls.map(async (call) => {
                const path = pathOf(call, visit);
                const sentAt = performance.now();
                const write = call.body
                  ? { method: call.route.slice(0, call.route.indexOf(' ')), body: call.body(visit) }
                  : undefined;
                const answer = await send(agent, new URL(path, base), s.token, timeoutMs, write);
                requests += 1;
                role.requests += 1;
                const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
                if (ok) seen.add(call.route);
                else {
                  errors += 1;
                  role.errors += 1;
                  errorsByRoute.set(call.route, (errorsByRoute.get(call.route) ?? 0) + 1);
                  if (errorSamples.length < 25)
                    errorSamples.push({
                      route: call.route,
                      path,
                      role: s.role,
                      status: answer.status,
                      message: messageOf(answer.body),
                    });
                }
                if (sentAt >= measureFrom && sentAt < until) {
                  const list = latencies.get(call.route) ?? [];
                  list.push(answer.ms);
                  latencies.set(call.route, list);
                  all.push(answer.ms);
                  measuredCount += 1;
                }
              }),
            );
            await pause();
          }
        } finally {
          agent.destroy();
        }
      }),
    );
  } finally {
    if (progress) clearInterval(progress);
  }

  const measuredSeconds = Math.max(0.001, (Math.min(performance.now(), until) - measureFrom) / 1000);
  // A route answered only during the warm-up is listed too (with no latencies).
  const routeNames = new Set([
    ...latencies.keys(),
    ...errorsByRoute.keys(),
    ...[...exercised.values()].flatMap((x) => [...x]),
  ]);
  return {
    sessions: opts.sessions.length,
    byRole: [...roles].map(([role, x]) => ({ role, ...x })),
    seconds: opts.seconds,
    warmupSeconds: warmupMs / 1000,
    thinkMs: think,
    requests,
    errors,
    measured: { ...summarize(all), rps: measuredCount / measuredSeconds },
    routes: [...routeNames]
      .sort()
      .map((route) => ({ route, errors: errorsByRoute.get(route) ?? 0, ...summarize(latencies.get(route) ?? []) })),
    screens: [...visits].map(([name, n]) => ({ name, visits: n })).sort((a, b) => b.visits - a.visits),
    errorSamples,
    exercised: Object.fromEntries([...exercised].map(([role, set]) => [role, [...set].sort()])),
  };
}

/**
 * Staff accounts `load-<role>-NNN@vaultdesk.test` (created, or switched back on) with a session
 * each written into the database, as the test helpers' sessionFor does: signing 200 accounts in
 * through TOTP would measure the sign-in (each code is accepted once per account), not the screens.
 * `end` revokes the sessions and switches the accounts off; they stay (their audit rows refer to them).
 */
export async function createLoadSessions(client: pg.Client, roles: RoleSlug[]) {
  const emails = roles.map((role, k) => `load-${role}-${String(k + 1).padStart(3, '0')}@vaultdesk.test`);
  const tokens = roles.map(() => randomBytes(32).toString('base64url'));
  const { rows } = await client.query<{ id: string; email: string }>(
    `INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled)
     SELECT x.email, 'Load ' || initcap(replace(x.role, '-', ' ')) || ' ' || x.n, '!load-account-no-password', r.id, 'active', true
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(email, role, n) JOIN roles r ON r.slug = x.role
     ON CONFLICT (email) DO UPDATE SET status = 'active', role_id = EXCLUDED.role_id, totp_enabled = true
     RETURNING id, email::text`,
    [emails, roles],
  );
  if (rows.length !== roles.length)
    throw new Error(`createLoadSessions: ${rows.length} accounts for ${roles.length} sessions (a role missing?)`);
  const idOf = new Map(rows.map((x) => [x.email, x.id]));
  const ids = emails.map((e) => idOf.get(e)!);
  await client.query(
    `INSERT INTO staff_sessions (staff_id, token_hash, two_factor_passed, ip, user_agent, expires_at)
     SELECT id, hash, true, '127.0.0.1', 'vaultdesk-load', now() + interval '2 hours' FROM unnest($1::uuid[], $2::text[]) AS x(id, hash)`,
    [ids, tokens.map(hashToken)],
  );
  return {
    sessions: roles.map((role, k): LoadSession => ({ role, token: tokens[k]! })),
    end: async () => {
      await client.query(
        `UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
        [ids],
      );
      await client.query(`UPDATE staff SET status = 'disabled' WHERE id = ANY($1::uuid[])`, [ids]);
    },
  };
}
