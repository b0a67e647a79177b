import type pg from 'pg';

/**
 * What an area's demo rows are built from: the open transaction of the load (the customer rows
 * are already in it), the seed and "now", so the rows are as deterministic as the rest.
 */
export type ExtrasContext = {
  client: pg.PoolClient;
  seed: number;
  nowMs: number;
  users: number;
  log: (msg: string) => void;
};
