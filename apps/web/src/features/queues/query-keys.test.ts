import { describe, expect, it } from 'vitest';
import { queuesKeys } from './query-keys';

/** A queue's live refresh and its mutations invalidate `queue(q)`: every read of that queue sits under it. */
describe('queue query keys', () => {
  it('keep their values under the queue prefix', () => {
    expect(queuesKeys.queue('deposit')).toEqual(['queues', 'deposit']);
    expect(queuesKeys.list('deposit', 'pending', 2)).toEqual(['queues', 'deposit', 'list', 'pending', 2]);
    expect(queuesKeys.status('withdrawout')).toEqual(['queues', 'withdrawout', 'status']);
    expect(queuesKeys.processLists('withdraw')).toEqual(['queues', 'withdraw', 'process-lists']);
    expect(queuesKeys.walletBalances(undefined)).toEqual(['queues', 'wallet-balances', 'operator']);
  });
});
