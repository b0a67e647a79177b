import type PgBoss from 'pg-boss';
import type { Db } from '@vaultdesk/db';

export const BOTS_SYNC_JOB = 'bots-sync';

export type BotName = 'newsletterScheduler' | 'greetingsCleanup' | 'housekeeping';
export type BotOutcome = { outcome: 'succeeded' | 'failed' | 'skipped'; detail: string; durationMs: number };

/** The queue each bot's schedule fires (the housekeeping queue keeps its historic name). */
export const BOT_QUEUES: Record<BotName, string> = {
  newsletterScheduler: 'bot-newsletter-scheduler',
  greetingsCleanup: 'bot-greetings-cleanup',
  housekeeping: 'housekeeping',
};

type ConfigRow = { name: string; value: string; kind: 'switch' | 'cron'; bot: string };

export async function readBotConfigs(db: Db) {
  const { rows } = await db.$client.query<ConfigRow>(`SELECT name, value, kind, bot FROM bot_configs`);
  const bots = new Map<string, { on: boolean; cron: string | null }>();
  for (const r of rows) {
    const b = bots.get(r.bot) ?? { on: false, cron: null };
    if (r.kind === 'switch') b.on = r.value === 'true';
    else b.cron = r.value;
    bots.set(r.bot, b);
  }
  return bots;
}

/**
 * Runs one bot once and records the run (outcome, duration). The switch is read at run time, so
 * a bot switched off does nothing even if a schedule fires before the scheduler has re-synced.
 */
export async function runBot(db: Db, bot: BotName, work: () => Promise<string>): Promise<BotOutcome> {
  const started = Date.now();
  const config = (await readBotConfigs(db)).get(bot);
  if (!config?.on) {
    await db.$client.query(
      `INSERT INTO bot_runs (bot, finished_at, outcome, duration_ms, detail) VALUES ($1, now(), 'skipped', 0, 'switched off')`,
      [bot],
    );
    return { outcome: 'skipped', detail: 'switched off', durationMs: 0 };
  }
  const {
    rows: [run],
  } = await db.$client.query<{ id: string }>(`INSERT INTO bot_runs (bot) VALUES ($1) RETURNING id`, [bot]);
  let outcome: BotOutcome['outcome'] = 'succeeded';
  let detail: string;
  try {
    detail = await work();
  } catch (err) {
    outcome = 'failed';
    detail = String(err).slice(0, 500);
  }
  const durationMs = Date.now() - started;
  await db.$client.query(
    `UPDATE bot_runs SET finished_at = now(), outcome = $2, duration_ms = $3, detail = $4 WHERE id = $1`,
    [run!.id, outcome, durationMs, detail],
  );
  return { outcome, detail, durationMs };
}

/** Applies the switches and cron intervals to pg-boss: a bot switched off has no schedule. */
export async function syncBotSchedules(boss: Pick<PgBoss, 'schedule' | 'unschedule'>, db: Db) {
  const configs = await readBotConfigs(db);
  for (const [bot, queue] of Object.entries(BOT_QUEUES)) {
    const c = configs.get(bot);
    if (c?.on && c.cron) await boss.schedule(queue, c.cron, {});
    else await boss.unschedule(queue);
  }
}

/** Expired greetings stay visible to staff for 30 days, then go. */
export async function cleanupGreetings(db: Db) {
  const { rowCount } = await db.$client.query(`DELETE FROM greetings WHERE expiry_time < now() - interval '30 days'`);
  return `removed ${rowCount ?? 0} expired greetings`;
}

export async function heartbeat(db: Db, worker = 'scheduler') {
  await db.$client.query(
    `INSERT INTO scheduler_heartbeats (worker, seen_at) VALUES ($1, now()) ON CONFLICT (worker) DO UPDATE SET seen_at = now()`,
    [worker],
  );
}
