import { sql } from 'drizzle-orm';
import { CRON_INTERVALS, SCHEDULER_MISSING_TEXT } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { BOTS_SYNC_JOB, HEARTBEAT_MS } from '@vaultdesk/worker';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { toIso } from '../../timestamps/iso';

/** Timestamps from raw SQL come back as text or Date depending on the driver path. */

type Row = {
  id: number;
  name: string;
  value: string;
  kind: 'switch' | 'cron';
  bot: string;
  description: string;
  updated_at: Date | string;
};
const out = (r: Row) => ({
  id: r.id,
  name: r.name,
  value: r.value,
  kind: r.kind,
  bot: r.bot,
  description: r.description,
  updatedAt: toIso(r.updated_at),
});

/** Three missed heartbeats and the scheduler counts as not reachable. */
const STALE_MS = 3 * HEARTBEAT_MS;

export function createBotsService(db: Db, jobs: JobQueue | null) {
  async function schedulerSeenAt() {
    const {
      rows: [r],
    } = await db.execute<{ seen_at: Date | string | null }>(
      sql`SELECT max(seen_at) AS seen_at FROM scheduler_heartbeats`,
    );
    return r?.seen_at ?? null;
  }
  /** The scheduler is the pg-boss worker: without its heartbeat the page shows the spec's 404. */
  async function requireScheduler() {
    const seen = await schedulerSeenAt();
    if (!seen || Date.now() - new Date(seen).getTime() > STALE_MS)
      throw new AppError('NOT_FOUND', `The scheduler is not reachable: ${SCHEDULER_MISSING_TEXT}`);
  }

  return {
    async list() {
      await requireScheduler();
      const { rows } = await db.execute<Row>(sql`SELECT * FROM bot_configs ORDER BY bot, kind DESC, id`);
      return rows.map(out);
    },

    async cronTimes() {
      await requireScheduler();
      return { systemTime: CRON_INTERVALS.map((c) => ({ ...c })) };
    },

    async runs(limitPerBot: number) {
      const { rows } = await db.execute<{
        id: string;
        bot: string;
        started_at: Date | string;
        finished_at: Date | string | null;
        outcome: string;
        duration_ms: number | null;
        detail: string | null;
      }>(sql`
        SELECT r.* FROM (SELECT DISTINCT bot FROM bot_configs) b
        CROSS JOIN LATERAL (SELECT * FROM bot_runs WHERE bot_runs.bot = b.bot ORDER BY started_at DESC LIMIT ${limitPerBot}) r
        ORDER BY r.bot, r.started_at DESC`);
      const seen = await schedulerSeenAt();
      return {
        runs: rows.map((r) => ({
          id: Number(r.id),
          bot: r.bot,
          startedAt: toIso(r.started_at),
          finishedAt: r.finished_at ? toIso(r.finished_at) : null,
          outcome: r.outcome,
          durationMs: r.duration_ms,
          detail: r.detail,
        })),
        schedulerSeenAt: seen ? toIso(seen) : null,
      };
    },

    /** Switch values are true/false text, cron values one of the offered intervals; the scheduler re-syncs at once. */
    async update(id: number, value: string, ctx: RequestContext) {
      await requireScheduler();
      const row = await db.transaction(async (tx) => {
        const {
          rows: [before],
        } = await tx.execute<Row>(sql`SELECT * FROM bot_configs WHERE id = ${id} FOR UPDATE`);
        if (!before) throw new AppError('NOT_FOUND', 'Config not found');
        if (before.kind === 'switch' && value !== 'true' && value !== 'false')
          throw badRequest('A switch is true or false', { value: ['A switch is true or false'] });
        if (before.kind === 'cron' && !CRON_INTERVALS.some((c) => c.value === value))
          throw badRequest('Choose one of the offered intervals', { value: ['Choose one of the offered intervals'] });
        const {
          rows: [row],
        } = await tx.execute<Row>(
          sql`UPDATE bot_configs SET value = ${value}, updated_by = ${ctx.actor?.id ?? null}, updated_at = now() WHERE id = ${id} RETURNING *`,
        );
        await writeAudit(tx, ctx, {
          action: 'bot.config',
          targetType: 'bot_config',
          targetId: String(id),
          before: { name: before.name, value: before.value },
          after: { name: before.name, value },
        });
        return row!;
      });
      await jobs?.send(BOTS_SYNC_JOB, {});
      return out(row);
    },
  };
}
