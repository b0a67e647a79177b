import type PgBoss from 'pg-boss';
import { wrapWork } from './jobs/wrap-work';

/** A job this worker is running: its queue, its id and when it started. */
export type RunningJob = { queue: string; id: string; startedAt: number };

/**
 * Keeps the jobs this worker's handlers are running (every `boss.work` after this call, including
 * those other helpers register), so a stop that reaches its deadline can name the jobs it cut.
 */
export function trackRunningJobs(boss: PgBoss) {
  const running = new Map<string, RunningJob>();
  wrapWork(boss, (name, handler) => async (jobs) => {
    const started = Date.now();
    const keys = jobs.map((job) => {
      const key = `${name}:${job.id}`;
      running.set(key, { queue: name, id: job.id, startedAt: started });
      return key;
    });
    try {
      return await handler(jobs);
    } finally {
      for (const key of keys) running.delete(key);
    }
  });
  return { running: () => [...running.values()].sort((a, b) => a.startedAt - b.startedAt) };
}

/** "csv-export 3f1c… (running 2013 ms)" */
export const describeJob = (j: RunningJob, now = Date.now()) => `${j.queue} ${j.id} (running ${now - j.startedAt} ms)`;
