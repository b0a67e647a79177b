import { useRef, useState } from 'react';
import { App as AntApp, Button, Popconfirm } from 'antd';
import { useMe } from '../../../../api/me';
import { useTriggerRemittanceMutation } from '../../api/trigger-remittance';
import { formatAmount, isZeroAmount } from '@vaultdesk/contract';
import { showFundsFailure } from './funds-feedback';

/**
 * Remit Funds (Super Admin only: the page decides, and the button also hides without the
 * `funds.remit` permission): disabled while the profile loads or when both the BUSD and the VLT
 * wallet sums are zero. One confirmation remits each currency that holds funds, BUSD first,
 * one call each, so each gets its own message; a currency at zero is not sent.
 */
export const RemitFundsAction = ({
  userId,
  busdSum,
  vltSum,
  loading,
}: {
  userId: string;
  busdSum: string;
  vltSum: string;
  loading: boolean;
}) => {
  const { message } = AntApp.useApp();
  const me = useMe();
  const remit = useTriggerRemittanceMutation(userId);
  const [running, setRunning] = useState(false);
  // A second click can arrive before React re-renders the disabled button: the ref stops it.
  const inFlight = useRef(false);

  if (!me.data?.authRole.permissions.includes('funds.remit')) return null;

  const currencies = (
    [
      [1, 'BUSD', busdSum],
      [2, 'VLT', vltSum],
    ] as const
  ).filter(([, , sum]) => !isZeroAmount(sum));
  const disabled = loading || currencies.length === 0 || running;

  const run = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    try {
      // One after the other: a refusal of one currency (e.g. already pending) does not stop the other.
      for (const [code] of currencies) {
        try {
          const result = await remit.mutateAsync(code);
          void message.success(result.message);
        } catch (error) {
          showFundsFailure(message, error);
        }
      }
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  };

  return (
    <Popconfirm
      title="Are you sure?"
      description={`Remit ${currencies.map(([, symbol, sum]) => `${formatAmount(sum)} ${symbol}`).join(' and ')} from all of this customer's wallets.`}
      okText="Yes"
      cancelText="No"
      onConfirm={run}
      disabled={disabled}
    >
      <Button danger data-testid="remit-funds" disabled={disabled} loading={running}>
        Remit Funds
      </Button>
    </Popconfirm>
  );
};
