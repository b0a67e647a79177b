import { z } from 'zod';
import { boundedText } from './text';

/** The cron intervals offered for a bot (GET configs/cronjob-time). */
export const CRON_INTERVALS = [
  { label: 'Every minute', value: '* * * * *' },
  { label: 'Every 5 minutes', value: '*/5 * * * *' },
  { label: 'Every 15 minutes', value: '*/15 * * * *' },
  { label: 'Every 30 minutes', value: '*/30 * * * *' },
  { label: 'Every hour', value: '0 * * * *' },
  { label: 'Every 6 hours', value: '0 */6 * * *' },
  { label: 'Every day at 03:17', value: '17 3 * * *' },
] as const;
export const SCHEDULER_MISSING_TEXT = 'check your local CRON server';

export const botConfig = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  kind: z.enum(['switch', 'cron']),
  bot: z.string(),
  description: z.string(),
  updatedAt: z.string(),
});
export type BotConfig = z.infer<typeof botConfig>;
export const botConfigs = z.array(botConfig);
export const cronjobTimes = z.object({ systemTime: z.array(z.object({ label: z.string(), value: z.string() })) });
export const configIdParams = z.object({ id: z.coerce.number().int().min(1, 'Not a valid id') });
export const configValueBody = z.object({ value: boundedText('Value', { max: 100 }) });
export const botRun = z.object({
  id: z.number().int(),
  bot: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.string(),
  durationMs: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export type BotRun = z.infer<typeof botRun>;
export const botRuns = z.object({ runs: z.array(botRun), schedulerSeenAt: z.string().nullable() });
