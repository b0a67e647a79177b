import { expect } from 'vitest';
import type { TestApp } from './helpers';

/** An answer of the app's `inject`. */
export type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

/**
 * Exactly one 2xx; every other answer a 409 whose message is `loser` (or matches it). Returns the
 * winner; `winnerMessage`, when given, is the winner's message.
 */
export function expectOneWinner(results: Res[], loser: string | RegExp, winnerMessage?: string) {
  const winners = results.filter((r) => r.statusCode >= 200 && r.statusCode < 300);
  expect(winners, results.map((r) => `${r.statusCode} ${r.body.slice(0, 160)}`).join('\n')).toHaveLength(1);
  for (const r of results) {
    if (r === winners[0]) continue;
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'CONFLICT',
      message: typeof loser === 'string' ? loser : expect.stringMatching(loser),
    });
  }
  if (winnerMessage) expect(winners[0]!.json().message).toBe(winnerMessage);
  return winners[0]!;
}

/**
 * Starts conflicting calls together, in the given order on even rounds and the other way round on
 * odd ones (with `inject` the call started first usually reaches the database first, so both
 * outcomes get their turn); the answers keep the given order.
 */
export async function inTurn(round: number, calls: (() => Promise<Res>)[]): Promise<Res[]> {
  if (round % 2 === 0) return Promise.all(calls.map((c) => c()));
  return (await Promise.all([...calls].reverse().map((c) => c()))).reverse();
}
