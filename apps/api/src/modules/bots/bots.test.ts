import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRON_INTERVALS } from '@vaultdesk/contract';
import { BOT_QUEUES, heartbeat, runBot, syncBotSchedules } from '@vaultdesk/worker';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let compliance: string;

beforeAll(async () => {
  t = await createTestApp();
  compliance = await sessionFor(t.db, demo('compliance').email);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PATCH', url: string, token = compliance, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload, remoteAddress: '10.34.0.1' });
const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
const configId = async (name: string) =>
  (await q(`SELECT id FROM bot_configs WHERE name = $1`, [name]))[0].id as number;

describe('bot configurations API', () => {
  it('answers 404 with the spec text while the scheduler is not reachable', async () => {
    const res = await call('GET', '/v1/configs');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The scheduler is not reachable: check your local CRON server');
    await q(`INSERT INTO scheduler_heartbeats (worker, seen_at) VALUES ('scheduler', now() - interval '5 minutes')`);
    expect((await call('GET', '/v1/configs/cronjob-time')).statusCode).toBe(404);
  });

  it('lists switches and cron intervals, and the offered intervals, once the scheduler beats', async () => {
    await heartbeat(t.db);
    const res = await call('GET', '/v1/configs');
    expect(res.statusCode, res.body).toBe(200);
    const configs = res.json().data as { name: string; value: string; kind: string }[];
    expect(configs.map((c) => c.name).sort()).toEqual([
      'greetingsCleanupBot',
      'greetingsCleanupCron',
      'housekeepingBot',
      'housekeepingCron',
      'newsletterSchedulerBot',
      'newsletterSchedulerCron',
    ]);
    expect(configs.find((c) => c.name === 'housekeepingBot')).toMatchObject({ value: 'true', kind: 'switch' });
    const times = (await call('GET', '/v1/configs/cronjob-time')).json().data.systemTime;
    expect(times).toEqual(CRON_INTERVALS.map((c) => ({ ...c })));
  });

  it('PATCH configs/{id} flips a switch and sets an interval, audits, and asks the scheduler to re-sync', async () => {
    await heartbeat(t.db);
    const sw = await configId('greetingsCleanupBot');
    const jobs = t.jobs.sent.length;
    const off = await call('PATCH', `/v1/configs/${sw}`, compliance, { value: 'false' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: sw, name: 'greetingsCleanupBot', value: 'false' });
    expect(t.jobs.sent.slice(jobs)).toEqual(['bots-sync']);
    const cron = await configId('greetingsCleanupCron');
    expect((await call('PATCH', `/v1/configs/${cron}`, compliance, { value: '*/15 * * * *' })).statusCode).toBe(200);
    expect(await q(`SELECT before, after FROM audit_log WHERE action = 'bot.config' ORDER BY id`)).toEqual([
      {
        before: { name: 'greetingsCleanupBot', value: 'true' },
        after: { name: 'greetingsCleanupBot', value: 'false' },
      },
      {
        before: { name: 'greetingsCleanupCron', value: '0 * * * *' },
        after: { name: 'greetingsCleanupCron', value: '*/15 * * * *' },
      },
    ]);
  });

  it('answers 400 naming value for a bad switch or interval, 404 for an unknown id, 403 for Support', async () => {
    await heartbeat(t.db);
    const sw = await configId('housekeepingBot');
    const bad = await call('PATCH', `/v1/configs/${sw}`, compliance, { value: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['value']);
    const badCron = await call('PATCH', `/v1/configs/${await configId('housekeepingCron')}`, compliance, {
      value: '* * * *',
    });
    expect(badCron.statusCode).toBe(400);
    expect(
      await q(`SELECT value FROM bot_configs WHERE name IN ('housekeepingBot', 'housekeepingCron') ORDER BY name`),
    ).toEqual([{ value: 'true' }, { value: '17 3 * * *' }]);
    expect((await call('PATCH', '/v1/configs/9999', compliance, { value: 'true' })).statusCode).toBe(404);
    const support = await sessionFor(t.db, demo('support').email);
    expect((await call('GET', '/v1/configs', support)).statusCode).toBe(403);
  });
});

describe('bots on pg-boss', () => {
  it('records each run with outcome and duration; a bot switched off only records a skip', async () => {
    await q(`UPDATE bot_configs SET value = 'true' WHERE name = 'greetingsCleanupBot'`);
    const ok = await runBot(t.db, 'greetingsCleanup', async () => 'removed 0 expired greetings');
    expect(ok.outcome).toBe('succeeded');
    const failed = await runBot(t.db, 'greetingsCleanup', async () => {
      throw new Error('boom');
    });
    expect(failed.outcome).toBe('failed');
    await q(`UPDATE bot_configs SET value = 'false' WHERE name = 'greetingsCleanupBot'`);
    let ran = false;
    expect(
      (
        await runBot(t.db, 'greetingsCleanup', async () => {
          ran = true;
          return 'x';
        })
      ).outcome,
    ).toBe('skipped');
    expect(ran).toBe(false);
    await heartbeat(t.db);
    const runs = (await call('GET', '/v1/configs/runs'))
      .json()
      .data.runs.filter((r: { bot: string }) => r.bot === 'greetingsCleanup');
    expect(runs.map((r: { outcome: string }) => r.outcome)).toEqual(['skipped', 'failed', 'succeeded']);
    expect(runs[1].detail).toContain('boom');
    expect(runs[2].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('applies switches and intervals to the pg-boss schedules', async () => {
    const boss = new PgBoss({
      connectionString: (t.db.$client as unknown as { options: { connectionString: string } }).options.connectionString,
      max: 2,
    });
    await boss.start();
    try {
      for (const queue of Object.values(BOT_QUEUES)) await boss.createQueue(queue, { name: queue });
      await q(`UPDATE bot_configs SET value = 'true' WHERE name = 'greetingsCleanupBot'`);
      await q(`UPDATE bot_configs SET value = '*/5 * * * *' WHERE name = 'greetingsCleanupCron'`);
      await q(`UPDATE bot_configs SET value = 'false' WHERE name = 'housekeepingBot'`);
      await syncBotSchedules(boss, t.db);
      const schedules = Object.fromEntries((await boss.getSchedules()).map((s) => [s.name, s.cron]));
      expect(schedules[BOT_QUEUES.greetingsCleanup]).toBe('*/5 * * * *');
      expect(schedules[BOT_QUEUES.newsletterScheduler]).toBe('* * * * *');
      expect(schedules[BOT_QUEUES.housekeeping]).toBeUndefined();
      await q(`UPDATE bot_configs SET value = 'false' WHERE name = 'greetingsCleanupBot'`);
      await syncBotSchedules(boss, t.db);
      expect((await boss.getSchedules()).map((s) => s.name)).not.toContain(BOT_QUEUES.greetingsCleanup);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
