import { Descriptions, Divider, Statistic } from 'antd';
import { errorMessage } from '../../../api/client';
import { LoadErrorResult } from '../../../components/status-results';
import { useOverallWalletBalances } from '../api/get-overall-wallet-balances';
import { formatAmount, formatUsd } from '@vaultdesk/contract';
import { Card } from '../../../components/light-card';

/**
 * Customers' balances per currency and what the payout wallets still hold. Waits for the
 * custodial wallets call: when that one reads the chain it stores the snapshot these totals use.
 */
export const WalletTotalsCard = ({ enabled }: { enabled: boolean }) => {
  const { data, isPending, error, refetch } = useOverallWalletBalances(enabled);
  return (
    <Card title="Wallet balances" loading={isPending} data-testid="wallet-totals">
      {error ? (
        <LoadErrorResult message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : data ? (
        <>
          <Statistic title="Total USD value" value={formatUsd(data.totalUsdValue)} aria-label="Total USD value" />
          <Divider titlePlacement="start" plain>
            Total available
          </Divider>
          <Descriptions size="small" column={2} data-testid="total-available">
            {data.walletBalances.map((b) => (
              <Descriptions.Item key={b.currency} label={b.currency}>
                {formatAmount(b.totalBalance)}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Divider titlePlacement="start" plain>
            Unsettled
          </Divider>
          <Descriptions size="small" column={1} data-testid="unsettled">
            <Descriptions.Item label="Bulk sender VLT">
              {formatAmount(data.unsettledBalance.bulkSender.vlt)}
            </Descriptions.Item>
            <Descriptions.Item label="Bulk sender BUSD">
              {formatAmount(data.unsettledBalance.bulkSender.busd)}
            </Descriptions.Item>
            <Descriptions.Item label="Withdrawal out VLT">
              {formatAmount(data.unsettledBalance.withdrawalOut.vlt)}
            </Descriptions.Item>
            <Descriptions.Item label="Withdrawal out BUSD">
              {formatAmount(data.unsettledBalance.withdrawalOut.busd)}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Card>
  );
};
