import { describe, expect, it } from 'vitest';
import { agentIdType, sortUserByUserTypeQuery, storeStateBody, userTypeBody, usertypeMembershipBody } from './agents';

describe('user types and agents contract', () => {
  it('trims and lowercases the agent e-mail, trims the type name', () => {
    expect(usertypeMembershipBody.parse({ email: '  Ada.Obi@Example.COM ', usertype: ' Agent ' })).toEqual({
      email: 'ada.obi@example.com',
      usertype: 'Agent',
    });
    expect(usertypeMembershipBody.safeParse({ email: 'not an email', usertype: 'Agent' }).success).toBe(false);
  });

  it('accepts only the three ID types', () => {
    for (const t of ['National_ID', 'International_ID', 'Drivers_License']) expect(agentIdType.parse(t)).toBe(t);
    expect(agentIdType.safeParse('Passport').success).toBe(false);
    expect(agentIdType.safeParse('national_id').success).toBe(false);
  });

  it('refuses blank names and store states, and pages past the bound', () => {
    expect(userTypeBody.safeParse({ name: '   ' }).success).toBe(false);
    expect(storeStateBody.safeParse({ storeState: ' ' }).success).toBe(false);
    expect(storeStateBody.parse({ storeState: ' Lagos ' })).toEqual({ storeState: 'Lagos' });
    expect(sortUserByUserTypeQuery.parse({ userType: 'Agent' })).toEqual({ userType: 'Agent', page: 1 });
    expect(sortUserByUserTypeQuery.safeParse({ userType: 'Agent', page: '1001' }).success).toBe(false);
  });
});
