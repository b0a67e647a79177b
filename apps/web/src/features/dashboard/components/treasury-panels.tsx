import { Col, Row } from 'antd';
import { useCustodialAddresses } from '../api/get-custodial-addresses';
import { CustodialWalletsCard } from './custodial-wallets-card';
import { PlanTotalsCard } from './plan-totals-card';
import { ReferralPayoutCard } from './referral-payout-card';
import { SharePricesCard } from './share-prices-card';
import { WalletTotalsCard } from './wallet-totals-card';

/** The panels of Super Admin and Compliance; rendered (and the calls sent) only for them. */
export const TreasuryPanels = () => {
  const custodial = useCustodialAddresses(true);
  const retry = () => void custodial.refetch();
  const wallets = custodial.data?.result;
  return (
    <>
      <CustodialWalletsCard wallets={wallets} loading={custodial.isPending} error={custodial.error} onRetry={retry} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <WalletTotalsCard enabled={!custodial.isPending} />
        </Col>
        <Col xs={24} xl={12}>
          <PlanTotalsCard enabled />
        </Col>
        <Col xs={24} xl={12}>
          <ReferralPayoutCard
            wallet={wallets ? (wallets.find((w) => w.purpose === 'referralPayout') ?? null) : undefined}
            loading={custodial.isPending}
            error={custodial.error}
            onRetry={retry}
          />
        </Col>
        <Col xs={24} xl={12}>
          <SharePricesCard enabled />
        </Col>
      </Row>
    </>
  );
};
