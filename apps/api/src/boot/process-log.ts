import pino from 'pino';
import type { WorkerLog } from '@vaultdesk/worker';

/**
 * The log of a process outside its requests (start-up, shutdown, the worker's jobs and schedules):
 * one JSON object a line on stdout, like the API's request lines (Fastify's pino), at LOG_LEVEL.
 * `name` tells the API's own lines (`vaultdesk`) from the worker's (`worker`), also when both run
 * in one process. Written synchronously, so a line said just before an exit is not lost.
 */
export function processLog(level: string, name: 'vaultdesk' | 'worker') {
  return pino({ level, name }, pino.destination({ dest: 1, sync: true }));
}
export type ProcessLog = ReturnType<typeof processLog>;

/** The worker's log callback on a process log: an error's line at `error`, otherwise the level asked (info by default). */
export const workerLogTo =
  (log: ProcessLog): WorkerLog =>
  (msg, err, fields = {}) => {
    const { level = err ? 'error' : 'info', ...rest } = fields;
    log[level]({ ...rest, ...(err ? { err } : {}) }, msg);
  };
