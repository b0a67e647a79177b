import { describe, expect, it } from 'vitest';
import { approvalsKeys, chainConfigKey, exportsKeys, meKey, queueKey } from './query-keys';

/** The shared keys keep the values the cache, the sign-in seed and the live invalidations use. */
describe('shared query keys', () => {
  it('keep their values', () => {
    expect(meKey).toEqual(['admin', 'me']);
    expect(approvalsKeys.all).toEqual(['approvals']);
    expect(approvalsKeys.count()).toEqual(['approvals', 'count']);
    expect(approvalsKeys.list('pending', 2)).toEqual(['approvals', 'list', 'pending', 2]);
    expect(chainConfigKey).toEqual(['chain-config']);
    expect(exportsKeys.one('e1')).toEqual(['exports', 'one', 'e1']);
    expect(queueKey('withdrawout')).toEqual(['queues', 'withdrawout']);
  });
  it('start with the prefix their invalidation names', () => {
    expect(approvalsKeys.count().slice(0, 1)).toEqual(approvalsKeys.all);
    expect(approvalsKeys.list('pending', 1).slice(0, 1)).toEqual(approvalsKeys.all);
  });
});
