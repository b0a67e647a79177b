import type PgBoss from 'pg-boss';

export type JobHandler = (jobs: PgBoss.Job[]) => Promise<unknown>;

/**
 * Wraps the handler of every later `boss.work(name, [options,] handler)` with `wrap`: the one way
 * the worker adds something around each job run (its metrics and span, the running jobs a stop
 * names). Calls stack: the wrapper installed last runs outermost.
 */
export function wrapWork(boss: PgBoss, wrap: (name: string, handler: JobHandler) => JobHandler) {
  const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>;
  (boss as { work: unknown }).work = (name: string, ...args: unknown[]) => {
    const handler = args.at(-1);
    if (typeof handler === 'function') args[args.length - 1] = wrap(name, handler as JobHandler);
    return work(name, ...args);
  };
}
