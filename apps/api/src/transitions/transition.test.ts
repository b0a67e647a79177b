import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defineStateMachine } from '@vaultdesk/contract';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '@vaultdesk/db';
import { transition } from './transition';

const machine = defineStateMachine<0 | 1 | 2 | 3>({
  name: 'Test item',
  states: {
    0: { label: 'Pending', color: 'orange' },
    1: { label: 'Done', color: 'green' },
    2: { label: 'Processing', color: 'blue' },
    3: { label: 'Cancelled', color: 'red' },
  },
  transitions: [
    { from: [0], to: 2, permission: 'users.manage' },
    { from: [2], to: 1, permission: 'users.manage' },
    { from: [0, 2], to: 3, permission: 'funds.remit' },
  ],
});
const both = ['users.manage', 'funds.remit'];

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await db.$client.query(
    `CREATE TABLE transition_items (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), status int NOT NULL, note text)`,
  );
});
afterAll(async () => {
  await drop?.();
});

const insert = async (status: number) =>
  (await db.$client.query<{ id: string }>(`INSERT INTO transition_items (status) VALUES ($1) RETURNING id`, [status]))
    .rows[0]!.id;
const statusOf = async (id: string) =>
  (
    await db.$client.query<{ status: number; note: string | null }>(
      `SELECT status, note FROM transition_items WHERE id = $1`,
      [id],
    )
  ).rows[0];
const move = (id: string, to: 0 | 1 | 2 | 3, permissions = both) =>
  db.transaction((tx) =>
    transition(tx, { machine, table: 'transition_items', id, to, permissions, set: sql`note = ${`to ${to}`}` }),
  );

describe('guarded transitions', () => {
  it('moves an allowed state, sets the extra columns and reports where it came from', async () => {
    const id = await insert(0);
    const { row, from } = await move(id, 2);
    expect(from).toBe(0);
    expect(row).toMatchObject({ id, status: 2, note: 'to 2' });
    expect(await statusOf(id)).toEqual({ status: 2, note: 'to 2' });
  });

  it('answers 409 naming both states when the current state does not allow the move, and changes nothing', async () => {
    const id = await insert(1);
    await expect(move(id, 3)).rejects.toMatchObject({
      status: 409,
      message: 'Test item is Done: it cannot become Cancelled',
    });
    expect(await statusOf(id)).toEqual({ status: 1, note: null });
  });

  it('answers 403 when the move exists but the role may not make it', async () => {
    const id = await insert(0);
    await expect(move(id, 3, ['users.manage'])).rejects.toMatchObject({ status: 403 });
    expect((await statusOf(id))!.status).toBe(0);
  });

  it('answers 404 for an unknown record', async () => {
    await expect(move('00000000-0000-4000-8000-000000000000', 2)).rejects.toMatchObject({ status: 404 });
  });

  it('lets exactly one of many concurrent identical moves win', async () => {
    const id = await insert(0);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => move(id, 3)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures).toHaveLength(9);
    for (const f of failures) expect(f.reason).toMatchObject({ status: 409 });
    expect((await statusOf(id))!.status).toBe(3);
  });
});
