import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { LockStatus } from '@vaultdesk/contract';
import { formatAmount, isZeroAmount } from '@vaultdesk/contract';

// The dialog (Form, Input, Modal) is fetched once the profile has drawn, not before.
const loadDialog = () => import('./lock-savings-dialog');
const LockSavingsDialog = lazy(() => loadDialog().then((m) => ({ default: m.LockSavingsDialog })));

/** The profile's per-plan "lock savings" action (fixed or flexible). */
export type LockSavingsPlan = {
  id: string;
  planType: 'fixed' | 'flexible';
  locked: boolean;
  depositAmount: string;
  lockedAmount: string | null;
  /** The plan's lock version as listed: sent with the call, so a lock that changed meanwhile is refused (409). */
  lockVersion: number;
  /** When given, a withdrawn plan offers no lock (nothing is left in it). */
  planState?: string;
};

/**
 * Lock: a fixed plan is frozen whole; a flexible plan freezes an amount up to its deposit. A
 * locked plan shows a "Locked" tag and can be unlocked, with a reason. Both ask "Are you sure?".
 */
export const LockSavingsAction = ({
  userId,
  plan,
  currency = 'BUSD',
}: {
  userId: string;
  plan: LockSavingsPlan;
  currency?: string;
}) => {
  const [mode, setMode] = useState<LockStatus | null>(null);
  // Mounted from the first opening on, so closing it animates and hands the focus back.
  const [opened, setOpened] = useState(false);
  // While the call is on its way the dialog stays open over these buttons (and its own is busy).
  const isFlexible = plan.planType === 'flexible';
  useEffect(() => {
    void loadDialog();
  }, []);
  const open = (next: LockStatus) => {
    setOpened(true);
    setMode(next);
  };

  return (
    <span data-testid={`lock-savings-${plan.id}`}>
      {plan.locked ? (
        <Space size={4}>
          <Tooltip
            title={
              isFlexible && plan.lockedAmount
                ? `${formatAmount(plan.lockedAmount)} ${currency} locked`
                : 'Whole plan locked'
            }
          >
            <Tag color="red">Locked</Tag>
          </Tooltip>
          <Button size="small" onClick={() => open('unlock')}>
            Unlock
          </Button>
        </Space>
      ) : (
        <Button
          size="small"
          danger
          onClick={() => open('lock')}
          disabled={plan.planState === 'withdrawn' || (isFlexible && isZeroAmount(plan.depositAmount))}
        >
          Lock
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <LockSavingsDialog
            userId={userId}
            plan={plan}
            currency={currency}
            mode={mode}
            onClose={() => setMode(null)}
          />
        </Suspense>
      )}
    </span>
  );
};
