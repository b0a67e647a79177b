import { describe, expect, it } from 'vitest';
import { userProfileKeys } from './query-keys';

/** One invalidation of `profile(id)` refreshes every card of that customer's profile. */
describe('user profile query keys', () => {
  it('keep their values, each card under the profile prefix', () => {
    expect(userProfileKeys.profile('u1')).toEqual(['user-profile', 'u1']);
    expect(userProfileKeys.walletTransactions('u1', 3)).toEqual(['user-profile', 'u1', 'wallet-transactions', 3]);
    expect(userProfileKeys.notesPage('u1', 2)).toEqual(['user-profile', 'u1', 'notes', 2]);
    for (const key of [
      userProfileKeys.details('u1'),
      userProfileKeys.plans('u1'),
      userProfileKeys.referrals('u1', null, 1),
      userProfileKeys.notes('u1'),
    ]) {
      expect(key.slice(0, 2)).toEqual(userProfileKeys.profile('u1'));
    }
    expect(userProfileKeys.customerRoles).toEqual(['admin', 'roles', 'customer']);
  });
});
