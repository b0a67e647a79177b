import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '@vaultdesk/db/demo';
import { ROLE_SLUGS } from '@vaultdesk/contract';
import {
  loadMixInputs,
  newVisit,
  routesFor,
  SCREENS,
  spreadRoles,
  type MixInputs,
  type RoleSlug,
} from '../../../../bench/lib/load-mix';
import { createLoadSessions, runLoad } from '../../../../bench/lib/load-runner';
import { rng } from '../../../../bench/lib/stats';
import { createTestDb } from '../../../../test/test-db';
import { testEnv } from '../../../../test/test-env';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import type { App } from '../http/app-types';
import { permissionFor } from '../http/route-table';

/**
 * Issue 12, "Load", the short variant: 200 signed-in sessions over the real screens' calls
 * (bench/lib/load-mix.ts, the same mix as the 60-second bench/load.ts) against the API listening
 * on a real port, over demo data. Every answer must be a 2xx (no 5xx, no 403 for a call the
 * role's screen makes, no timeout, no pool exhaustion), and every call of the mix must have been
 * answered for every role. No latency is asserted here: a busy CI machine decides that, and the
 * figures belong to bench/results.
 */
let app: App;
let client: pg.Client;
let drop: (() => Promise<void>) | undefined;
let baseUrl: string;
let inputs: MixInputs;

beforeAll(async () => {
  const t = await createTestDb();
  drop = t.drop;
  await generateDemoData(t.db, { users: 400, seed: 12 });
  const jobs = { send: async () => null };
  app = await buildApp({ config: loadConfig(testEnv()), db: t.db, jobs, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  client = new pg.Client({ connectionString: t.url });
  await client.connect();
  inputs = await loadMixInputs(client);
});
afterAll(async () => {
  await client?.end();
  await app?.close();
  await drop?.();
});

describe("load: 200 signed-in sessions over the screens' calls", () => {
  it('names, for every call of the mix, the permission its route asks', () => {
    const r = rng(1);
    const routes = new Map(app.routeTable.map((x) => [`${x.method} ${x.url}`, x]));
    for (const screen of SCREENS) {
      for (const call of screen.calls) {
        const route = routes.get(call.route);
        expect(route, `${screen.name}: ${call.route} is not a route`).toBeDefined();
        expect(permissionFor(route!.access, call.query?.(newVisit(inputs, r))), `${screen.name}: ${call.route}`).toBe(
          call.permission,
        );
      }
    }
    // Each system role has a share of the sessions, and the privileged screens are in the mix.
    expect(new Set(spreadRoles(200))).toEqual(new Set(Object.values(ROLE_SLUGS)));
    expect(routesFor(ROLE_SLUGS.superAdmin)).toContain('GET /v1/admin/audit-logs');
    expect(routesFor(ROLE_SLUGS.support)).not.toContain('GET /v1/admin/deposit-queue');
  });

  it('answers every call with a 2xx, and every call of the mix is exercised for every role', async () => {
    // The Bots screen reads the scheduler's heartbeat (the worker's, which this app does not run).
    await client.query(`INSERT INTO scheduler_heartbeats (worker, seen_at) VALUES ('scheduler', now())
                        ON CONFLICT (worker) DO UPDATE SET seen_at = now()`);
    const roles = spreadRoles(200);
    const access = await createLoadSessions(client, roles);
    const result = await runLoad({
      baseUrl,
      sessions: access.sessions,
      inputs,
      seconds: 8,
      thinkMs: [300, 1200],
      timeoutMs: 60_000,
    });
    await access.end();

    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.sessions).toBe(200);
    for (const role of new Set<RoleSlug>(roles)) {
      expect(result.exercised[role], role).toEqual(routesFor(role));
    }
  }, 180_000);
});
