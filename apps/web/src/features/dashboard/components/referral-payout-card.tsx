import { Descriptions, Empty, Flex, Statistic } from 'antd';
import type { CustodialWallet } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { LoadErrorResult } from '../../../components/status-results';
import { formatAmount } from '@vaultdesk/contract';
import { AddressLink } from './address-link';
import { BalanceSourceTag } from './balance-source-tag';
import { Card } from '../../../components/light-card';

/** The account that pays referral rewards: rewards are paid in VLT, so that balance leads. */
export const ReferralPayoutCard = ({
  wallet,
  loading,
  error,
  onRetry,
}: {
  wallet?: CustodialWallet | null;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}) => (
  <Card title="Referral payout account" loading={loading} data-testid="referral-payout">
    {error ? (
      <LoadErrorResult message={errorMessage(error)} onRetry={onRetry} />
    ) : !wallet ? (
      <Empty description="No referral payout account configured" />
    ) : (
      <Flex vertical gap={12}>
        <Statistic title="VLT balance" value={formatAmount(wallet.VLT)} aria-label="Referral payout VLT balance" />
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Address">
            <AddressLink address={wallet.address} />
          </Descriptions.Item>
          <Descriptions.Item label="BUSD">{formatAmount(wallet.BUSD)}</Descriptions.Item>
          <Descriptions.Item label="BNB">{formatAmount(wallet.BNB)}</Descriptions.Item>
          <Descriptions.Item label="xBUSD">{formatAmount(wallet.xBUSD)}</Descriptions.Item>
          <Descriptions.Item label="Balances">
            <BalanceSourceTag wallet={wallet} />
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    )}
  </Card>
);
