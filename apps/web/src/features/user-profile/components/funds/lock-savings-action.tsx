/** The profile's per-plan "lock savings" action (fixed or flexible); the funds area implements it. */
export type LockSavingsPlan = {
  id: string;
  planType: 'fixed' | 'flexible';
  locked: boolean;
  depositAmount: string;
  lockedAmount: string | null;
};

export const LockSavingsAction = (_props: { userId: string; plan: LockSavingsPlan }) => null;
